import type { Socket } from 'socket.io-client';
import { describe, expect, it } from 'vitest';
import { useRoomBox } from '../support/room-box.js';
import { ask, createRoomAs } from '../support/room-sockets.js';
import { until } from '../support/until.js';

// Issue 14 item 9: only a room's host may send large messages (relay frames); everyone else is
// limited to SOCKET_MAX_MESSAGE_BYTES (64 KiB by default), refused before the message is read in full.
const { box, sockets, people } = useRoomBox({ host: 'Hana Host', member: 'Mo Member' });

const { joined } = sockets;

/** The reason the server closed the socket for; fails fast when it stays open. */
const disconnection = (socket: Socket) =>
  new Promise<string>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error('the socket is still connected after 5 s')), 5000);
    socket.once('disconnect', (reason) => {
      clearTimeout(timer);
      resolve(reason);
    });
  });

/** A JPEG-looking frame of `size` bytes. */
const jpeg = (size: number) => {
  const frame = Buffer.alloc(size, 7);
  frame.set([0xff, 0xd8, 0xff, 0xe0]);
  return frame;
};

/** The host hears its own next chat, and no chat before it. */
async function hostHeardOnly(h: Awaited<ReturnType<typeof joined>>, roomId: string) {
  expect(await ask(h.socket, 'chat', { roomId, message: 'after' })).toMatchObject({ ok: true });
  await until(() => h.heard.get('chat')?.length, { what: 'the host hears its chat' });
  expect(h.heard.get('chat')).toEqual([expect.objectContaining({ message: 'after' })]);
}

describe('socket payload size (item 9)', () => {
  it('closes an anonymous websocket that sends a 1.9 MB chat, and nobody hears it', async () => {
    const roomId = await createRoomAs(box, people.host.idToken);
    const h = await joined(roomId, people.host.idToken);
    const guest = await joined(roomId);
    const closed = disconnection(guest.socket);
    guest.socket.emit('chat', { roomId, message: 'x'.repeat(1_900_000) });
    expect(await closed).toMatch(/^transport (close|error)$/);
    await hostHeardOnly(h, roomId);
  });

  it('refuses the same chat over HTTP long-polling', async () => {
    const roomId = await createRoomAs(box, people.host.idToken);
    const h = await joined(roomId, people.host.idToken);
    const guest = await joined(roomId, undefined, { transports: ['polling'] });
    const closed = disconnection(guest.socket);
    guest.socket.emit('chat', { roomId, message: 'x'.repeat(1_900_000) });
    expect(await closed).toMatch(/^transport (close|error)$/);
    await hostHeardOnly(h, roomId);
  });

  it('reads a message under the limit as usual: a 60 KB chat is refused by validation, with an ack', async () => {
    const roomId = await createRoomAs(box, people.host.idToken);
    const guest = await joined(roomId);
    expect(await ask(guest.socket, 'chat', { roomId, message: 'x'.repeat(60_000) })).toMatchObject({
      ok: false,
      code: 'validation/invalid-payload',
    });
    expect(guest.socket.connected).toBe(true);
  });

  it('lets the host send a 900 KB relay frame, but not a signed-in participant, nor the host once it left', async () => {
    const roomId = await createRoomAs(box, people.host.idToken);
    const h = await joined(roomId, people.host.idToken);
    const viewer = await joined(roomId);
    expect(await ask(viewer.socket, 'relay:subscribe', { roomId, subscribe: true })).toMatchObject({ ok: true });
    const frames: number[] = [];
    viewer.socket.on('screen-frame', ({ frame }: { frame: ArrayBuffer }, ack: () => void) => {
      frames.push(frame.byteLength);
      ack();
    });
    expect(await ask(h.socket, 'screen-frame', { roomId, frame: jpeg(900_000) })).toEqual({
      ok: true,
      data: { guests: 1 },
    });
    await until(() => frames.length === 1, { what: 'the viewer gets the frame' });
    expect(frames).toEqual([900_000]);

    const participant = await joined(roomId, people.member.idToken);
    const participantClosed = disconnection(participant.socket);
    participant.socket.emit('screen-frame', { roomId, frame: jpeg(200_000) });
    expect(await participantClosed).toMatch(/^transport (close|error)$/);

    // Out of the room, the host is like anyone else.
    expect(await ask(h.socket, 'leave-room', { roomId })).toEqual({ ok: true });
    const hostClosed = disconnection(h.socket);
    h.socket.emit('screen-frame', { roomId, frame: jpeg(200_000) });
    expect(await hostClosed).toMatch(/^transport (close|error)$/);
    expect(frames).toEqual([900_000]);
  });
});
