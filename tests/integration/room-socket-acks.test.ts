import { createServer, type Server as HttpServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { Server } from 'socket.io';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { connectRoomSocket, RoomRequestError, type RoomSocket } from '../../client/src/services/media/roomSocket.js';

// The client's room socket against a Socket.IO server that answers off the contract on purpose: the
// real media node never does (rooms-sockets.test.ts checks its acks), so a stand-in is the only way
// to see what the client does with such an answer.
let http: HttpServer;
let io: Server;
let socket: RoomSocket;

beforeAll(async () => {
  http = createServer();
  io = new Server(http, { path: '/socket.io' });
  io.on('connection', (client) => {
    client.on('sfu:produce', (_payload, ack) => ack({ ok: true, data: { producerId: 42 } }));
    client.on('chat', (_payload, ack) =>
      ack({ ok: true, data: { from: 'u', fromName: 'U', message: 'hi', timestamp: '2026-01-01T00:00:00.000Z' } }),
    );
    client.on('leave-room', (_payload, ack) => ack({ ok: false, code: 'room/not-joined', message: 'Join first.' }));
  });
  await new Promise<void>((resolve) => http.listen(0, '127.0.0.1', resolve));
  socket = connectRoomSocket({ token: null, url: `http://127.0.0.1:${(http.address() as AddressInfo).port}` });
  await socket.connected();
});
afterAll(async () => {
  socket.close();
  await io.close();
});

describe("the client's room requests", () => {
  it('resolve with the data of an ack that matches the request in socketRequests', async () => {
    await expect(socket.request('chat', { roomId: 'r1', message: 'hi' })).resolves.toMatchObject({ message: 'hi' });
  });

  it('reject an ack whose data is off the contract, naming the request and the field', async () => {
    const refusal = await socket
      .request('sfu:produce', {
        roomId: 'r1',
        transportId: 't',
        kind: 'video',
        source: 'screen',
        rtpParameters: { codecs: [] },
      })
      .catch((error: unknown) => error);
    expect(refusal).toBeInstanceOf(RoomRequestError);
    expect(refusal).toMatchObject({ code: 'room/bad-ack' });
    expect((refusal as Error).message).toMatch(/sfu:produce.*producerId/);
  });

  it('turn a refused ack into a RoomRequestError with its code', async () => {
    await expect(socket.request('leave-room', { roomId: 'r1' })).rejects.toMatchObject({
      name: 'RoomRequestError',
      code: 'room/not-joined',
      message: 'Join first.',
    });
  });
});
