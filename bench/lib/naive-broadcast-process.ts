/**
 * The relay fan-out baseline (issue 7): a plain Socket.IO server that broadcasts every screen frame
 * to every other socket in the room with `socket.to(room).emit`, with no per-guest lane and no
 * ack, so a slow guest's frames queue up on the server. It speaks the subset of the rooms protocol
 * the benchmark uses (join-room, relay:subscribe, screen-frame) and runs in its own process, so its
 * CPU is measured like the box's. Started by bench/relay-fanout.ts through BenchChild.
 */
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { SCREEN_FRAME_MAX_BYTES } from '@riffroom/protocol';
import { Server } from 'socket.io';
import { serveRequests } from './child.js';

const http = createServer();
const io = new Server(http, { path: '/socket.io', serveClient: false, maxHttpBufferSize: 2 * SCREEN_FRAME_MAX_BYTES });
io.on('connection', (socket) => {
  socket.on('join-room', ({ roomId }: { roomId: string }, ack?: (reply: object) => void) => {
    void socket.join(roomId);
    socket.data.roomId = roomId;
    ack?.({ ok: true });
  });
  socket.on('relay:subscribe', (_payload: unknown, ack?: (reply: object) => void) => ack?.({ ok: true }));
  socket.on('screen-frame', ({ frame }: { frame: Buffer }, ack?: (reply: object) => void) => {
    socket.to(socket.data.roomId as string).emit('screen-frame', { frame });
    ack?.({ ok: true });
  });
});

serveRequests({
  listen: () =>
    new Promise<{ port: number }>((resolve) =>
      http.listen(0, '127.0.0.1', () => resolve({ port: (http.address() as AddressInfo).port })),
    ),
});
