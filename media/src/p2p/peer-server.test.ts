import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterEach, describe, expect, it } from 'vitest';
import WebSocket from 'ws';
import { pino } from 'pino';
import { PEERJS_KEY } from '@riffroom/protocol';
import { loadMediaConfig, peerLimits } from '../config.js';
import { attachPeerServer, type PeerSignalling } from './peer-server.js';

let server: http.Server;
let peers: PeerSignalling;

async function start(heartbeatMs: number, missedHeartbeats: number) {
  server = http.createServer();
  peers = attachPeerServer(server, {
    logger: pino({ level: 'silent' }),
    heartbeatMs,
    missedHeartbeats,
    limits: peerLimits(loadMediaConfig({})),
    trustProxyHops: 0,
  });
  server.on('request', (req, res) => (peers.owns(req.url ?? '') ? peers.handleRequest(req, res) : res.end('other')));
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return `127.0.0.1:${(server.address() as AddressInfo).port}`;
}

afterEach(async () => {
  await peers.close();
  await peers.close();
  server.closeAllConnections();
  await new Promise((resolve) => server.close(resolve));
});

function open(host: string, id: string) {
  const ws = new WebSocket(`ws://${host}/peerjs/peerjs?key=${PEERJS_KEY}&id=${id}&token=t`);
  const opened = new Promise<void>((resolve) => ws.once('message', () => resolve()));
  const closed = new Promise<void>((resolve) => ws.once('close', () => resolve()));
  return { ws, opened, closed };
}

describe('the PeerJS server', () => {
  it('drops a client that stops sending heartbeats and keeps one that sends them', async () => {
    const host = await start(100, 2);
    const silent = open(host, 'silent');
    const beating = open(host, 'beating');
    await Promise.all([silent.opened, beating.opened]);
    const beat = setInterval(() => beating.ws.send(JSON.stringify({ type: 'HEARTBEAT' })), 50);
    try {
      await silent.closed; // Dropped once 2 heartbeats (200 ms) passed without one.
      expect(beating.ws.readyState).toBe(WebSocket.OPEN);
    } finally {
      clearInterval(beat);
    }
  });

  it('serves only /peerjs and leaves other requests to the host server', async () => {
    const host = await start(5000, 3);
    expect(await (await fetch(`http://${host}/peerjs/peerjs/id`)).text()).toMatch(/^[0-9a-f-]{36}$/);
    expect(await (await fetch(`http://${host}/peerjsx`)).text()).toBe('other');
  });

  it('closes its sockets on close', async () => {
    const host = await start(5000, 3);
    const client = open(host, 'c');
    await client.opened;
    await peers.close();
    await client.closed;
  });
});
