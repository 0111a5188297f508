import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { Server } from 'socket.io';
import { BenchChild } from '../../bench/lib/child.js';
import type { VectorReport } from '../../bench/lib/flood-tally.js';
import type { FloodPlan, FloodReport, FloodVectorName } from '../../bench/lib/flooder-process.js';
import { until } from '../support/until.js';

// bench/under-attack.ts's flooder against a stand-in box that refuses everything the way the
// flood limits will: 429 to sign-ups and PeerJS upgrades, every other Socket.IO handshake refused,
// rate/limited acks to joins, and a connection closed for an oversized payload. The flooder must
// count each refusal and keep going, never crash, and send everything from its own address.
const FLOOD_ADDRESS = '127.0.0.66';
const PLAN: FloodPlan = {
  peerjs: { opensPerSecond: 20, maxOpen: 10, offersPerSecond: 10, offerBytes: 200 },
  bigChats: { sockets: 2, perSecond: 4, bytes: 200_000 },
  joinChurn: { sockets: 2, perSecond: 20 },
  signups: { perSecond: 10, maxInFlight: 2 },
};

const sources = new Set<string>();
let server: http.Server;
let io: Server;
let baseUrl: string;

beforeAll(async () => {
  server = http.createServer((req, res) => {
    sources.add(req.socket.remoteAddress ?? '');
    res.writeHead(429, { 'content-type': 'application/json', 'retry-after': '60' });
    res.end(JSON.stringify({ error: { code: 'rate/limited', message: 'Too many requests.' } }));
  });
  server.on('upgrade', (req, socket) => {
    sources.add(req.socket.remoteAddress ?? '');
    if (!req.url?.startsWith('/peerjs')) return; // Socket.IO answers its own
    socket.end('HTTP/1.1 429 Too Many Requests\r\nConnection: close\r\nContent-Length: 0\r\n\r\n');
  });
  let handshakes = 0;
  io = new Server(server, {
    maxHttpBufferSize: 10_000,
    allowRequest: (_req, callback) => callback(null, handshakes++ % 2 === 0),
  });
  io.on('connection', (socket) => {
    for (const event of ['join-room', 'leave-room', 'chat'])
      socket.on(event, (_payload: unknown, ack: (reply: object) => void) =>
        ack({ ok: false, code: 'rate/limited', message: 'Too many requests.' }),
      );
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  baseUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});

afterAll(async () => {
  await io.close();
});

/** The plan names all four vectors, so the report has all four. */
const allOf = (report: FloodReport) => report.vectors as Record<FloodVectorName, VectorReport>;

it('counts every refusal of a refusing box and keeps flooding', { timeout: 60_000 }, async () => {
  const flooder = BenchChild.start(new URL('../../bench/lib/flooder-process.ts', import.meta.url));
  try {
    await flooder.request('start', { target: { baseUrl, roomId: 'ABCDEFG', localAddress: FLOOD_ADDRESS }, plan: PLAN });
    const report = await until(
      async () => {
        const r = await flooder.request<FloodReport>('report');
        const { peerjs, bigChats, joinChurn, signups } = allOf(r);
        const done =
          peerjs.requests.refused >= 5 &&
          signups.requests.refused >= 5 &&
          joinChurn.requests.refused >= 5 &&
          (bigChats.connections?.outcomes['dropped: transport close'] ?? 0) >= 2 &&
          (joinChurn.connections?.refused ?? 0) >= 2;
        return done ? r : null;
      },
      { timeoutMs: 30_000, intervalMs: 250, what: 'refusals of every kind counted' },
    );
    const { peerjs, bigChats, joinChurn, signups } = allOf(report);
    expect(peerjs.requests.outcomes['HTTP 429']).toBe(peerjs.requests.refused);
    expect(peerjs.requests.accepted).toBe(0);
    expect(signups.requests.outcomes['HTTP 429']).toBe(signups.requests.refused);
    expect(signups.requests.accepted).toBe(0);
    expect(joinChurn.requests.outcomes['ack rate/limited']).toBe(joinChurn.requests.refused);
    expect(joinChurn.connections!.accepted).toBeGreaterThan(0);
    // An oversized chat closes its socket: counted, and the socket opened again.
    expect(bigChats.requests.accepted).toBe(0);
    expect(bigChats.connections!.sent).toBeGreaterThan(PLAN.bigChats.sockets);
    // Still flooding after all that, and everything came from the flood's own address.
    const before = signups.requests.sent;
    await until(async () => allOf(await flooder.request<FloodReport>('report')).signups.requests.sent > before, {
      what: 'the flood going on',
    });
    const final = await flooder.request<FloodReport>('stop');
    expect(final.cpuPct).toBeGreaterThan(0);
    expect([...sources].map((address) => address.replace(/^::ffff:/, ''))).toEqual([FLOOD_ADDRESS]);
  } finally {
    await flooder.close();
  }
});
