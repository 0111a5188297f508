import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import http from 'node:http';
import https from 'node:https';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { io } from 'socket.io-client';
import WebSocket from 'ws';
import { PEERJS_KEY } from '@riffroom/protocol';
import { freePort, startBox, type Box } from '../support/box.js';
import { makeCertificate } from '../support/certificates.js';
import { connected } from '../support/sockets.js';

// The box serving HTTPS itself (TLS_CERT/TLS_KEY): the pages, the API, Socket.IO and PeerJS all on
// its one HTTPS port, a client trusting only that certificate, and plain HTTP sent there.
let box: Box;
let dir: string;
let ca: Buffer;
let redirectPort: number;

beforeAll(async () => {
  dir = mkdtempSync(path.join(tmpdir(), 'riffroom-tls-'));
  const { cert, key } = makeCertificate(dir, ['localhost', '127.0.0.1']);
  ca = readFileSync(cert);
  redirectPort = await freePort();
  box = await startBox({
    TLS_CERT: cert,
    TLS_KEY: key,
    HTTP_REDIRECT_PORT: String(redirectPort),
    PUBLIC_URL: 'https://studio.example.com',
  });
});

afterAll(async () => {
  await box?.stop();
  rmSync(dir, { recursive: true, force: true });
});

function get(url: string): Promise<{ status: number; headers: http.IncomingHttpHeaders; body: string }> {
  const client = url.startsWith('https:') ? https : http;
  return new Promise((resolve, reject) => {
    client
      .get(url, { ca }, (response) => {
        let body = '';
        response.on('data', (chunk: Buffer) => (body += chunk.toString()));
        response.on('end', () => resolve({ status: response.statusCode ?? 0, headers: response.headers, body }));
      })
      .once('error', reject);
  });
}

describe('the box with TLS_CERT and TLS_KEY', () => {
  it('serves the page, the API and the PeerJS id endpoint over HTTPS with the given certificate', async () => {
    const base = `https://localhost:${box.port}`;
    const page = await get(`${base}/dashboard`);
    expect(page.status).toBe(200);
    expect(page.body).toContain('<div id="root">');
    // PUBLIC_URL reaches the client, which builds invite and feed links from it.
    expect(JSON.parse((await get(`${base}/api/auth/config`)).body)).toEqual({
      provider: 'local',
      publicUrl: 'https://studio.example.com',
    });
    expect((await get(`${base}/peerjs/peerjs/id`)).body).toMatch(/^[0-9a-f-]{36}$/);
  });

  it('answers plain HTTP on its HTTPS port with no page', async () => {
    await expect(get(`http://localhost:${box.port}/dashboard`)).rejects.toThrow();
  });

  it('takes Socket.IO and PeerJS websockets over wss', async () => {
    const socket = io(`https://localhost:${box.port}`, {
      transports: ['websocket'],
      reconnection: false,
      ca: ca.toString(),
    });
    try {
      await connected(socket);
      expect(socket.connected).toBe(true);
    } finally {
      socket.close();
    }
    const id = (await get(`https://localhost:${box.port}/peerjs/peerjs/id`)).body;
    const ws = new WebSocket(`wss://localhost:${box.port}/peerjs/peerjs?key=${PEERJS_KEY}&id=${id}&token=tok${id}`, {
      ca,
    });
    try {
      const first = await new Promise<{ type: string }>((resolve, reject) => {
        ws.once('message', (data) => resolve(JSON.parse(String(data)) as { type: string }));
        ws.once('error', reject);
      });
      expect(first.type).toBe('OPEN');
    } finally {
      ws.close();
    }
  });

  it('redirects plain HTTP on HTTP_REDIRECT_PORT to PUBLIC_URL, path and query kept', async () => {
    const answer = await get(`http://127.0.0.1:${redirectPort}/join-room/abc1234?x=1`);
    expect(answer.status).toBe(308);
    expect(answer.headers.location).toBe('https://studio.example.com/join-room/abc1234?x=1');
  });
});
