/**
 * The box's front door: plain HTTP by default, HTTPS when TLS_CERT and TLS_KEY name a certificate
 * (docs/internet.md). Browsers allow screen sharing, WebCodecs (relay audio) and the
 * microphone only on secure pages, so a box reached by another machine needs HTTPS, from Caddy in
 * front or from here. Everything (pages, API, Socket.IO, PeerJS) then rides the one HTTPS port;
 * an optional HTTP_REDIRECT_PORT sends plain-HTTP visitors to it. The settings: front-door-settings.ts.
 */
import { readFileSync } from 'node:fs';
import http from 'node:http';
import https from 'node:https';
import { ConfigError } from '@riffroom/protocol/config';
import type { FrontDoorConfig } from './front-door-settings.js';

export type { FrontDoorConfig } from './front-door-settings.js';

/** The box's main server: https.Server is an http.Server too, so Socket.IO and PeerJS attach alike. */
export function createFrontDoor(config: FrontDoorConfig): { server: http.Server; scheme: 'http' | 'https' } {
  if (!config.tlsCert || !config.tlsKey) return { server: http.createServer(), scheme: 'http' };
  const read = (file: string, name: string) => {
    try {
      return readFileSync(file);
    } catch (error) {
      throw new ConfigError(`invalid configuration: ${name}: cannot read ${file} (${String(error)})`);
    }
  };
  const server = https.createServer({ cert: read(config.tlsCert, 'TLS_CERT'), key: read(config.tlsKey, 'TLS_KEY') });
  return { server, scheme: 'https' };
}

/**
 * Where a plain-HTTP request is sent: PUBLIC_URL when set, else the same host name on the HTTPS
 * port. Only the path and query come from the request; the host comes from the request only
 * without PUBLIC_URL, and then with its port replaced.
 */
export function redirectTarget(requestHost: string | undefined, url: string, httpsPort: number, publicUrl?: string) {
  const pathAndQuery = url.startsWith('/') ? url : '/';
  if (publicUrl) return `${publicUrl}${pathAndQuery}`;
  const named = (requestHost ?? '').replace(/:\d+$/, '');
  // A Host header is the visitor's own word; anything but a plain name or address goes nowhere odd.
  const hostname = /^[a-z0-9.-]+$/i.test(named) || /^\[[0-9a-f:.]+\]$/i.test(named) ? named : 'localhost';
  const port = httpsPort === 443 ? '' : `:${httpsPort}`;
  return `https://${hostname}${port}${pathAndQuery}`;
}

export function createRedirectServer(httpsPort: () => number, publicUrl?: string): http.Server {
  return http.createServer((req, res) => {
    res.statusCode = 308;
    res.setHeader('Location', redirectTarget(req.headers.host, req.url ?? '/', httpsPort(), publicUrl));
    res.end();
  });
}
