import http from 'node:http';
import type { Socket } from 'socket.io-client';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { signUpUser } from '../../server/src/testing/test-api.js';
import { useInProcessBox } from '../support/in-process-box.js';
import { ask, createRoomAs, produceAs, roomSocketFactory, type AckReply } from '../support/room-sockets.js';
import { connected, socketOpener } from '../support/sockets.js';

// Issue 14 item 7 on the Socket.IO server, with the default limits: connections per address
// (SOCKET_MAX_PER_ADDRESS 128, SOCKET_CONNECT_BURST 200) and token buckets on events (generic 120,
// joins 10, transports 10, consumes 20 per socket; three times that per person). Each flood comes
// from its own loopback address, so the others (and the rest of the file) are not affected.
const box = useInProcessBox();
const sockets = roomSocketFactory(() => box.baseUrl);
const raw = socketOpener(() => box.baseUrl);
let host: Awaited<ReturnType<typeof signUpUser>>;

beforeAll(async () => {
  host = await signUpUser(box, { name: 'Hana Host' });
});
afterEach(() => {
  sockets.closeAll();
  raw.closeAll();
});

const guestRoom = () => createRoomAs(box, host.idToken, { settings: { maxParticipants: 50 } });

/** A polling handshake from `localAddress`, as any HTTP client would send it: status and body. */
function handshake(localAddress: string): Promise<{ status: number; body: string }> {
  const { port } = new URL(box.baseUrl);
  return new Promise((resolve, reject) => {
    http
      .get(
        { host: '127.0.0.1', port, localAddress, path: '/socket.io/?EIO=4&transport=polling', agent: false },
        (response) => {
          let body = '';
          response.on('data', (chunk: Buffer) => (body += chunk.toString()));
          response.on('end', () => resolve({ status: response.statusCode ?? 0, body }));
        },
      )
      .on('error', reject);
  });
}

const limited = (acks: AckReply[]) => acks.filter((ack) => ack.code === 'rate/limited');
const accepted = (acks: AckReply[]) => acks.filter((ack) => ack.ok);

/** Emits the same request `count` times without waiting, and collects every ack. */
const burst = (socket: Socket, count: number, event: string, payload: (i: number) => unknown) =>
  Promise.all(Array.from({ length: count }, (_, i) => ask(socket, event, payload(i))));

describe('connections per address', () => {
  it('connects 128 of 300 anonymous sockets from one address; another address still gets in', async () => {
    const attempts = Array.from({ length: 300 }, () => raw.connect(undefined, { localAddress: '127.0.0.21' }));
    const outcomes = await Promise.allSettled(attempts.map((socket) => connected(socket)));
    expect(outcomes.filter((outcome) => outcome.status === 'fulfilled')).toHaveLength(128);

    const refused = await handshake('127.0.0.21');
    expect(refused.status).toBe(403);
    expect(JSON.parse(refused.body).message).toMatch(/^rate\/limited: too many/);
    await sockets.connect(undefined, { localAddress: '127.0.0.22' });
  });

  it('refuses new connections from an address that opens and closes them in a loop', async () => {
    let opened = 0;
    let refused = 0;
    for (let i = 0; i < 260; i += 1) {
      const socket = raw.connect(undefined, { localAddress: '127.0.0.23' });
      await connected(socket).then(
        () => (opened += 1),
        () => (refused += 1),
      );
      socket.close();
    }
    // 200 at once, then 10 a second.
    expect(opened).toBeGreaterThanOrEqual(200);
    expect(opened).toBeLessThan(240);
    expect(refused).toBe(260 - opened);
    const answer = await handshake('127.0.0.23');
    expect(answer.status).toBe(403);
    expect(JSON.parse(answer.body).message).toMatch(/^rate\/limited: too many new connections/);
  });
});

describe('events per socket and per person', () => {
  it('answers 1,000 join-room in a burst with rate/limited after the first ten', async () => {
    const roomId = await guestRoom();
    const socket = await sockets.connect();
    const acks = await burst(socket, 1000, 'join-room', () => ({ roomId }));
    expect(accepted(acks).length).toBeGreaterThanOrEqual(10);
    expect(accepted(acks).length).toBeLessThanOrEqual(11);
    expect(limited(acks)).toHaveLength(1000 - accepted(acks).length);
    expect(limited(acks)[0]!.message).toMatch(/^Too many requests; try again in \d+ s\.$/);
  });

  it('holds the same limit over HTTP long-polling, the fallback where WebSockets are refused (issue 37)', async () => {
    const roomId = await guestRoom();
    const socket = await sockets.connect(undefined, { transports: ['polling'] });
    expect(socket.io.engine.transport.name).toBe('polling');
    const acks = await burst(socket, 200, 'join-room', () => ({ roomId }));
    expect(accepted(acks).length).toBeGreaterThanOrEqual(10);
    expect(accepted(acks).length).toBeLessThanOrEqual(11);
    expect(limited(acks)).toHaveLength(200 - accepted(acks).length);
  });

  it('stops a socket switching rooms back and forth, and an account doing it from five sockets', async () => {
    const rooms = [await guestRoom(), await guestRoom()];
    const switcher = await signUpUser(box);
    const one = await sockets.connect(switcher.idToken);
    const switches: AckReply[] = [];
    for (let i = 0; i < 300; i += 1) switches.push(await ask(one, 'join-room', { roomId: rooms[i % 2] }));
    expect(accepted(switches).length).toBeLessThanOrEqual(12);
    expect(switches.slice(-100).every((ack) => ack.code === 'rate/limited')).toBe(true);

    // More sockets buy nothing: the account's own bucket is three sockets' worth.
    const other = await signUpUser(box);
    const five = await Promise.all(Array.from({ length: 5 }, () => sockets.connect(other.idToken)));
    const acks = (
      await Promise.all(five.map((socket) => burst(socket, 10, 'join-room', (i) => ({ roomId: rooms[i % 2] }))))
    ).flat();
    expect(accepted(acks).length).toBeGreaterThanOrEqual(30);
    expect(accepted(acks).length).toBeLessThanOrEqual(32);
  });

  it('bounds join churn from one address however many anonymous sockets it opens', async () => {
    const roomId = await guestRoom();
    const many = await Promise.all(
      Array.from({ length: 40 }, () => sockets.connect(undefined, { localAddress: '127.0.0.24' })),
    );
    const acks = (
      await Promise.all(
        many.map(async (socket) => {
          const mine: AckReply[] = [];
          for (let i = 0; i < 5; i += 1) {
            mine.push(await ask(socket, 'join-room', { roomId }));
            mine.push(await ask(socket, 'leave-room', { roomId }));
          }
          return mine;
        }),
      )
    ).flat();
    // 400 joins and leaves, 10 per socket (each socket's own burst): the address allows 300 at once.
    expect(accepted(acks).length).toBeGreaterThanOrEqual(300);
    expect(accepted(acks).length).toBeLessThan(330);
    expect(limited(acks).length).toBeGreaterThan(0);
  });

  it('answers floods of sfu:create-transport and sfu:consume with rate/limited after their buckets', async () => {
    const roomId = await guestRoom();
    const h = await sockets.connect(host.idToken);
    expect(await ask(h, 'join-room', { roomId })).toMatchObject({ ok: true });
    const send = await ask(h, 'sfu:create-transport', { roomId, direction: 'send' });
    const produced = await produceAs(h, roomId, send.data.id, 'screen');
    expect(produced.ok).toBe(true);

    const guest = await sockets.connect();
    expect(await ask(guest, 'join-room', { roomId })).toMatchObject({ ok: true });
    const { data: capabilities } = await ask(guest, 'sfu:router-capabilities', { roomId });
    const transports = await burst(guest, 100, 'sfu:create-transport', () => ({ roomId, direction: 'recv' }));
    expect(accepted(transports).length).toBeGreaterThanOrEqual(10);
    expect(accepted(transports).length).toBeLessThanOrEqual(11);
    expect(limited(transports)).toHaveLength(100 - accepted(transports).length);

    const transportId = accepted(transports).at(-1)!.data.id;
    const consumes = await burst(guest, 100, 'sfu:consume', () => ({
      roomId,
      transportId,
      producerId: produced.data.producerId,
      rtpCapabilities: capabilities.rtpCapabilities,
    }));
    expect(accepted(consumes).length).toBeGreaterThanOrEqual(20);
    expect(accepted(consumes).length).toBeLessThanOrEqual(21);
    expect(limited(consumes)).toHaveLength(100 - accepted(consumes).length);
  });

  it('limits any event per socket, but not the host’s relay audio, which has its own per-second cap', async () => {
    const roomId = await guestRoom();
    const guest = await sockets.connect();
    expect(await ask(guest, 'join-room', { roomId })).toMatchObject({ ok: true });
    const acks = await burst(guest, 500, 'sfu:producers', () => ({ roomId }));
    expect(accepted(acks).length).toBeGreaterThanOrEqual(119);
    expect(accepted(acks).length).toBeLessThan(140);
    expect(limited(acks)).toHaveLength(500 - accepted(acks).length);

    const h = await sockets.connect(host.idToken);
    expect(await ask(h, 'join-room', { roomId })).toMatchObject({ ok: true });
    const chunks = await burst(h, 180, 'audio-chunk', (i) => ({
      roomId,
      data: Buffer.alloc(200, i),
      timestamp: i * 10_000,
      duration: 10_000,
    }));
    expect(limited(chunks)).toEqual([]);
    expect(accepted(chunks)).toHaveLength(180);
  });
});
