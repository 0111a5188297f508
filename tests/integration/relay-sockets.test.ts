import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { AUDIO_CHUNKS_PER_MESSAGE, SCREEN_FRAME_MAX_BYTES } from '@riffroom/protocol';
import { signUpUser } from '../../server/src/testing/test-api.js';
import { useInProcessBox } from '../support/in-process-box.js';
import { roomSocketFactory, ask, createRoomAs } from '../support/room-sockets.js';
import { until } from '../support/until.js';

const box = useInProcessBox();
let host: Awaited<ReturnType<typeof signUpUser>>;
const sockets = roomSocketFactory(() => box.baseUrl);

beforeAll(async () => {
  host = await signUpUser(box, { name: 'Hana Host' });
});
afterEach(() => sockets.closeAll());

const createRoom = () => createRoomAs(box, host.idToken, { name: 'Relay session' });

/** A room member over the websocket transport, with what the relay delivered to it. */
async function member(
  roomId: string,
  {
    token,
    acks = true,
    audioAcks = true,
    relay = true,
  }: { token?: string; acks?: boolean; audioAcks?: boolean; relay?: boolean } = {},
) {
  const socket = await sockets.connect(token);
  const demand: number[] = [];
  socket.on('relay:demand', ({ guests }: { guests: number }) => demand.push(guests));
  expect(await ask(socket, 'join-room', { roomId })).toMatchObject({ ok: true });
  if (relay) expect(await ask(socket, 'relay:subscribe', { roomId, subscribe: true })).toMatchObject({ ok: true });
  const frames: Buffer[] = [];
  const audio: { data: Buffer; timestamp: number }[][] = [];
  const heldAcks: (() => void)[] = [];
  const heldAudioAcks: (() => void)[] = [];
  socket.on('screen-frame', ({ frame }: { frame: ArrayBuffer }, ack: () => void) => {
    frames.push(Buffer.from(frame));
    if (acks) ack();
    else heldAcks.push(ack);
  });
  socket.on('audio-chunks', ({ chunks }: { chunks: { data: ArrayBuffer; timestamp: number }[] }, ack: () => void) => {
    audio.push(chunks.map(({ data, timestamp }) => ({ data: Buffer.from(data), timestamp })));
    if (audioAcks) ack();
    else heldAudioAcks.push(ack);
  });
  return {
    socket,
    frames,
    audio,
    demand,
    releaseAck: () => heldAcks.shift()!(),
    releaseAudioAcks: () => heldAudioAcks.splice(0).forEach((ack) => ack()),
  };
}

/** A JPEG-looking frame of `size` bytes whose 4th byte numbers it. */
function jpeg(n: number, size = 50_000): Buffer {
  const frame = Buffer.alloc(size, n);
  frame.set([0xff, 0xd8, 0xff, n]);
  return frame;
}

describe('the frame relay over room sockets', () => {
  it("delivers the host's frames and program audio to two guests, byte for byte", async () => {
    const roomId = await createRoom();
    const h = await member(roomId, { token: host.idToken, relay: false });
    const anonymous = await member(roomId);
    const signedIn = await member(roomId, { token: (await signUpUser(box)).idToken });

    const frame = jpeg(7, 300_000);
    expect(await ask(h.socket, 'screen-frame', { frame })).toEqual({ ok: true, data: { guests: 2 } });
    // The spec's shape without roomId works too: the socket's room is used.
    expect(await ask(h.socket, 'screen-frame', { frame: jpeg(8) })).toEqual({ ok: true, data: { guests: 2 } });
    // A rendition the relay does not have is refused, and reaches nobody.
    expect(await ask(h.socket, 'screen-frame', { frame: jpeg(9), rendition: 'huge' })).toMatchObject({
      ok: false,
      code: 'validation/invalid-payload',
    });
    await until(() => anonymous.frames.length === 2 && signedIn.frames.length === 2, {
      what: 'both guests got both frames',
    });
    for (const guest of [anonymous, signedIn]) {
      expect(guest.frames[0]!.equals(frame)).toBe(true);
      expect(guest.frames[1]![3]).toBe(8);
    }
    expect(h.frames).toEqual([]);

    const opus = Buffer.from([0xfc, 0xff, 0xfe, 1, 2, 3]);
    expect(await ask(h.socket, 'audio-chunk', { roomId, data: opus, timestamp: 20_000, duration: 20_000 })).toEqual({
      ok: true,
      data: { guests: 2 },
    });
    await until(() => anonymous.audio.length === 1 && signedIn.audio.length === 1, {
      what: 'audio reached both guests',
    });
    expect(anonymous.audio[0]).toEqual([{ data: opus, timestamp: 20_000 }]);
  });

  it('delivers a big audio backlog in order over several messages, without breaking the connection', async () => {
    const roomId = await createRoom();
    const h = await member(roomId, { token: host.idToken, relay: false });
    const slow = await member(roomId, { audioAcks: false });
    const chunk = (n: number) => ({ roomId, data: Buffer.alloc(300, n), timestamp: n * 20_000, duration: 20_000 });
    expect((await ask(h.socket, 'audio-chunk', chunk(0))).ok).toBe(true);
    await until(() => slow.audio.length === 1, { what: 'the first chunk delivered, its ack held' });
    // 30 more while the guest holds its ack: one batch, more chunks than Socket.IO lets one message carry.
    for (let n = 1; n <= 30; n += 1) expect((await ask(h.socket, 'audio-chunk', chunk(n))).ok).toBe(true);
    slow.releaseAudioAcks();
    await until(() => slow.audio.flat().length === 31, { what: 'the whole backlog delivered' });
    expect(slow.socket.connected).toBe(true);
    expect(slow.audio.flat().map(({ timestamp }) => timestamp / 20_000)).toEqual([...Array(31).keys()]);
    expect(Math.max(...slow.audio.map((batch) => batch.length))).toBeLessThanOrEqual(AUDIO_CHUNKS_PER_MESSAGE);
    // The lane is free again once the last message is acked: the next chunk arrives on its own.
    slow.releaseAudioAcks();
    expect((await ask(h.socket, 'audio-chunk', chunk(31))).ok).toBe(true);
    await until(() => slow.audio.flat().length === 32, { what: 'the next chunk after the backlog' });
  });

  it('relays only to guests that subscribed, and tells the room how many want frames', async () => {
    const roomId = await createRoom();
    const h = await member(roomId, { token: host.idToken, relay: false });
    const sfuViewer = await member(roomId, { relay: false });
    const relayViewer = await member(roomId);
    await until(() => h.demand.at(-1) === 1, { what: 'host hears demand 1' });

    expect(await ask(h.socket, 'screen-frame', { roomId, frame: jpeg(1) })).toEqual({ ok: true, data: { guests: 1 } });
    await until(() => relayViewer.frames.length === 1, { what: 'the subscriber got the frame' });

    // A host that joins later (here: its second tab) learns the demand on joining.
    const secondTab = await member(roomId, { token: host.idToken, relay: false });
    await until(() => secondTab.demand.at(-1) === 1, { what: 'late joiner hears the demand' });

    expect(await ask(relayViewer.socket, 'relay:subscribe', { roomId, subscribe: false })).toEqual({
      ok: true,
      data: { guests: 0, small: 0 },
    });
    await until(() => h.demand.at(-1) === 0, { what: 'host hears demand 0' });
    expect(await ask(h.socket, 'screen-frame', { roomId, frame: jpeg(2) })).toEqual({ ok: true, data: { guests: 0 } });

    // A subscriber that disconnects lowers the demand too.
    const leaver = await member(roomId);
    await until(() => h.demand.at(-1) === 1, { what: 'demand back to 1' });
    leaver.socket.close();
    await until(() => h.demand.at(-1) === 0, { what: 'demand 0 after the subscriber left' });
    expect(await ask(h.socket, 'screen-frame', { roomId, frame: jpeg(3) })).toEqual({ ok: true, data: { guests: 0 } });
    expect(sfuViewer.frames).toEqual([]);
    expect(relayViewer.frames.map((f) => f[3])).toEqual([1]);
    expect(await ask(sfuViewer.socket, 'relay:subscribe', { roomId: 'elsewhere', subscribe: true })).toMatchObject({
      ok: false,
      code: 'room/not-joined',
    });
  });

  it('refuses frames from a guest and oversize frames, and relays nothing for them', async () => {
    const roomId = await createRoom();
    const h = await member(roomId, { token: host.idToken, relay: false });
    const guest = await member(roomId);
    const other = await member(roomId);

    expect(await ask(guest.socket, 'screen-frame', { roomId, frame: jpeg(1) })).toMatchObject({
      ok: false,
      code: 'room/not-host',
    });
    expect(await ask(guest.socket, 'audio-chunk', { roomId, data: Buffer.from([1]), timestamp: 0 })).toMatchObject({
      ok: false,
      code: 'room/not-host',
    });
    const oversize = await ask(h.socket, 'screen-frame', { roomId, frame: jpeg(2, SCREEN_FRAME_MAX_BYTES + 1) });
    expect(oversize).toMatchObject({ ok: false, code: 'relay/frame-too-large' });
    expect(await ask(h.socket, 'screen-frame', { roomId, frame: 'base64 is not a frame' })).toMatchObject({
      ok: false,
      code: 'validation/invalid-payload',
    });
    // Not a member of that room: refused too.
    expect(await ask(h.socket, 'screen-frame', { roomId: 'elsewhere', frame: jpeg(3) })).toMatchObject({
      ok: false,
      code: 'room/not-joined',
    });

    // Proof that nothing slipped through: the next frame the others see is the host's good one.
    expect(await ask(h.socket, 'screen-frame', { roomId, frame: jpeg(4) })).toMatchObject({ ok: true });
    await until(() => other.frames.length === 1 && guest.frames.length === 1, { what: 'the good frame arrived' });
    expect(other.frames.map((f) => f[3])).toEqual([4]);
    expect(other.audio).toEqual([]);
    expect(h.socket.connected).toBe(true);
  });

  it('gives a guest that has not acked the newest frame only, while another guest gets them all', async () => {
    const roomId = await createRoom();
    const h = await member(roomId, { token: host.idToken, relay: false });
    const fast = await member(roomId);
    const slow = await member(roomId, { acks: false });

    for (let n = 1; n <= 6; n += 1) {
      expect(await ask(h.socket, 'screen-frame', { roomId, frame: jpeg(n) })).toMatchObject({ ok: true });
      await until(() => fast.frames.length === n, { what: `fast guest got frame ${n}` });
    }
    expect(slow.frames.map((f) => f[3])).toEqual([1]);
    slow.releaseAck();
    await until(() => slow.frames.length === 2, { what: 'the slow guest got the newest frame' });
    expect(slow.frames.map((f) => f[3])).toEqual([1, 6]);
  });
});
