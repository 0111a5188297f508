/**
 * Issue 34 item 8: an IPv6 client holds a whole /64 (at least), so a budget per single IPv6 address
 * is bottomless. Behind a proxy (TRUST_PROXY=1) every per-address limit (HTTP, Socket.IO, PeerJS)
 * counts one /64 as one caller: each flood below writes a fresh address of one /64 into
 * X-Forwarded-For for every request, as a client cycling its own addresses would appear to the proxy.
 */
import http from 'node:http';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startBox, type Box } from '../support/box.js';
import { callerFrom } from '../support/http-from.js';

let box: Box;
const SOCKET_MAX_PER_ADDRESS = 4;

beforeAll(async () => {
  box = await startBox({ TRUST_PROXY: '1', SOCKET_MAX_PER_ADDRESS: String(SOCKET_MAX_PER_ADDRESS) });
});
afterAll(async () => {
  await box?.stop();
});

/** The n-th address of the attacker's /64, as the proxy appends it. */
const inPrefix = (prefix: string, n: number) => ({ 'x-forwarded-for': `${prefix}:${(n + 1).toString(16)}:0:0:1` });

/** A plain GET from the proxy's address (127.0.0.1) with the given headers: status and body. */
function get(path: string, headers: Record<string, string>): Promise<{ status: number; body: string }> {
  const { port } = new URL(box.baseUrl);
  return new Promise((resolve, reject) => {
    http
      .get({ host: '127.0.0.1', port, path, headers, agent: false }, (response) => {
        let body = '';
        response.on('data', (chunk: Buffer) => (body += chunk.toString()));
        response.on('end', () => resolve({ status: response.statusCode ?? 0, body }));
      })
      .on('error', reject);
  });
}

describe('per-address budgets count an IPv6 /64 as one caller', () => {
  it('refuses the user list to 70 requests from 70 addresses of one /64, and serves another /64', async () => {
    const call = callerFrom(box.baseUrl, '127.0.0.1');
    const answers = [];
    for (let n = 0; n < 70; n += 1) {
      answers.push(await call('GET', '/user/users?limit=1', { headers: inPrefix('2001:db8:70:1', n) }));
    }
    const refused = answers.filter((answer) => answer.status === 429);
    expect(refused.length).toBeGreaterThanOrEqual(5);
    expect(refused[0]!.body.error.code).toBe('rate/limited');
    const elsewhere = await call('GET', '/user/users?limit=1', { headers: inPrefix('2001:db8:70:2', 0) });
    expect(elsewhere.status).toBe(200);
  });

  it('refuses PeerJS ids to one /64 past its burst of 60 (two more a second)', async () => {
    const statuses: number[] = [];
    for (let n = 0; n < 70; n += 1)
      statuses.push((await get('/peerjs/peerjs/id', inPrefix('2001:db8:61:1', n))).status);
    expect(statuses.slice(0, 60).every((status) => status === 200)).toBe(true);
    expect(statuses.filter((status) => status === 429).length).toBeGreaterThanOrEqual(5);
    expect((await get('/peerjs/peerjs/id', inPrefix('2001:db8:61:2', 0))).status).toBe(200);
  });

  it('holds one /64 to SOCKET_MAX_PER_ADDRESS open Socket.IO connections', async () => {
    const handshake = (headers: Record<string, string>) => get('/socket.io/?EIO=4&transport=polling', headers);
    for (let n = 0; n < SOCKET_MAX_PER_ADDRESS; n += 1) {
      expect((await handshake(inPrefix('2001:db8:50:1', n))).status).toBe(200);
    }
    const refused = await handshake(inPrefix('2001:db8:50:1', SOCKET_MAX_PER_ADDRESS));
    expect(refused.status).toBe(403);
    expect(JSON.parse(refused.body).message).toMatch(/^rate\/limited: too many open connections/);
    expect((await handshake(inPrefix('2001:db8:50:2', 0))).status).toBe(200);
  });
});
