import http from 'node:http';
import https from 'node:https';
import type { FrontDoorConfig } from '../box/front-door.js';

/**
 * Whether the box answers /healthz on this machine at PORT: its address ('http://127.0.0.1:8080')
 * when it does, null when nothing answers. Its certificate is the TLS check's business, not this one's.
 */
export async function probeRunningBox(port: number, frontDoor: FrontDoorConfig): Promise<string | null> {
  const scheme = frontDoor.tlsCert ? 'https' : 'http';
  const url = `${scheme}://127.0.0.1:${port}/healthz`;
  const client = scheme === 'https' ? https : http;
  return new Promise((resolve) => {
    const request = client.get(url, { rejectUnauthorized: false, timeout: 2000 }, (response) => {
      response.resume();
      resolve(response.statusCode === 200 || response.statusCode === 503 ? `${scheme}://127.0.0.1:${port}` : null);
    });
    request.once('timeout', () => request.destroy());
    request.once('error', () => resolve(null));
  });
}
