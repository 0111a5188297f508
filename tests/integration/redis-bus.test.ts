import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { Redis } from 'ioredis';
import { io, type Socket } from 'socket.io-client';
import { Emitter } from '@socket.io/redis-emitter';
import { BUS_SERVER_EVENT, SOCKET_IO_REDIS_KEY, type Message } from '@riffroom/protocol';
import { createApi, createLogger, loadApiConfig, type Api } from '@riffroom/server';
import { attachRealtime, type Realtime } from '@riffroom/media';
import { jsonCaller, signUpUser, type JsonCall } from '../../server/src/testing/test-api.js';
import { startRedisServer, type RedisServer } from '../support/redis-server.js';
import { until } from '../support/until.js';

// The scaled setup (ARCHITECTURE.md "Scaling out") in one test process: an API instance speaking
// through the Socket.IO Redis emitter to a real redis-server, and a separate realtime server
// (another HTTP server, another API instance on the same database to verify tokens) with the
// Socket.IO Redis adapter, which hears about messages only through Redis.
const logger = createLogger('silent');
let redis: RedisServer;
let dataDir: string;
let sendingApi: Api;
let sendingServer: http.Server;
let call: JsonCall;
let verifyingApi: Api;
let realtimeServer: http.Server;
let realtime: Realtime;
let realtimeUrl: string;
const sockets: Socket[] = [];

async function listen(handler?: http.RequestListener): Promise<{ server: http.Server; url: string }> {
  const server = http.createServer(handler);
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return { server, url: `http://127.0.0.1:${(server.address() as AddressInfo).port}` };
}

async function stop(server: http.Server): Promise<void> {
  server.closeAllConnections();
  await new Promise<void>((resolve) => server.close(() => resolve()));
}

function connect(token: string): Promise<Socket> {
  const socket = io(realtimeUrl, {
    path: '/socket.io',
    transports: ['websocket'],
    auth: { token },
    reconnection: false,
  });
  sockets.push(socket);
  return new Promise((resolve, reject) => {
    socket.once('connect', () => resolve(socket));
    socket.once('connect_error', reject);
  });
}

beforeAll(async () => {
  redis = await startRedisServer();
  dataDir = mkdtempSync(path.join(tmpdir(), 'riffroom-redis-bus-'));
  const config = loadApiConfig({ REDIS_URL: redis.url }, { dataDir, logLevel: 'silent' });
  expect(config.bus).toEqual({ kind: 'redis', url: redis.url });
  sendingApi = await createApi(config, logger);
  const sending = await listen(sendingApi.callback);
  sendingServer = sending.server;
  call = jsonCaller(sending.url);

  // The other node: its own API instance only verifies tokens (same key and database).
  verifyingApi = await createApi(config, logger);
  const other = await listen();
  realtimeServer = other.server;
  realtimeUrl = other.url;
  realtime = attachRealtime(realtimeServer, {
    verifyToken: (token) => verifyingApi.verifier.verifyIdToken(token),
    redisUrl: redis.url,
    logger,
  });
  // The adapter has subscribed once Redis counts a subscriber on its channel.
  const probe = new Redis(redis.url);
  await until(
    async () => {
      const [, count] = (await probe.pubsub('NUMSUB', `${SOCKET_IO_REDIS_KEY}-request#/#`)) as [string, number];
      return count > 0;
    },
    { what: 'the Redis adapter subscribed' },
  );
  probe.disconnect();
});

afterEach(() => {
  for (const socket of sockets.splice(0)) socket.close();
});

afterAll(async () => {
  await realtime?.close();
  if (realtimeServer) await stop(realtimeServer);
  if (sendingServer) await stop(sendingServer);
  await sendingApi?.close();
  await verifyingApi?.close();
  await redis?.stop();
  if (dataDir) rmSync(dataDir, { recursive: true, force: true });
});

describe('notifications over the Socket.IO Redis emitter and adapter', () => {
  it('delivers a message sent through one API instance to a socket on another realtime server', async () => {
    const alice = await signUpUser({ call });
    const bob = await signUpUser({ call });
    const eve = await signUpUser({ call });
    const [bobSocket, eveSocket] = await Promise.all([connect(bob.idToken), connect(eve.idToken)]);
    const bobHeard: Message[] = [];
    const eveHeard: Message[] = [];
    bobSocket.on('new-message', (message: Message) => bobHeard.push(message));
    eveSocket.on('new-message', (message: Message) => eveHeard.push(message));

    const sent = await call('POST', '/api/messages/send', {
      token: alice.idToken,
      body: { to_uid: bob.user.uid, content: 'over redis' },
    });
    expect(sent.status).toBe(201);

    await until(() => bobHeard.length === 1, { what: 'bob received the message through Redis' });
    expect(bobHeard[0]).toEqual(sent.body.message);
    expect(eveHeard).toEqual([]);
  });

  it('drops malformed server-side bus events and keeps delivering valid ones', async () => {
    const alice = await signUpUser({ call });
    const bob = await signUpUser({ call });
    const bobSocket = await connect(bob.idToken);
    const heard: Message[] = [];
    bobSocket.on('new-message', (message: Message) => heard.push(message));

    const rogue = new Redis(redis.url);
    try {
      const emitter = new Emitter(rogue, { key: SOCKET_IO_REDIS_KEY });
      emitter.serverSideEmit(BUS_SERVER_EVENT, 'not an event');
      emitter.serverSideEmit(BUS_SERVER_EVENT, { type: 'room-ended' });
      emitter.serverSideEmit(BUS_SERVER_EVENT, { type: 'shutdown', toUid: bob.user.uid });
      await rogue.ping(); // the publishes above went out before this answer
    } finally {
      rogue.disconnect();
    }
    const sent = await call('POST', '/api/messages/send', {
      token: alice.idToken,
      body: { to_uid: bob.user.uid, content: 'after the garbage' },
    });
    expect(sent.status).toBe(201);

    // The node is still up and delivering once the valid event is here.
    await until(() => heard.length >= 1, { what: 'the valid message arrived' });
    expect(heard).toEqual([sent.body.message]);
  });
});
