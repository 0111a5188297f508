import type { Socket } from 'socket.io-client';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { signUpUser } from '../../server/src/testing/test-api.js';
import { useInProcessBox } from '../support/in-process-box.js';
import { ask, CLIENT_DTLS, createRoomAs, produceAs, roomSocketFactory } from '../support/room-sockets.js';
import { startTalkbackSource, type TalkbackSource } from '../support/talkback-source.js';
import { until } from '../support/until.js';

// Issue 34 item 1: Record started one ffmpeg (~50 MB) per producer, producers that carried nothing
// included, with no cap per recording, host or node. Here the node may run 3 captures at once.
const box = useInProcessBox({ recordingMaxCaptures: 3 });
const sockets = roomSocketFactory(() => box.baseUrl);
const sources: TalkbackSource[] = [];
let host: Awaited<ReturnType<typeof signUpUser>>;
let other: Awaited<ReturnType<typeof signUpUser>>;
let third: Awaited<ReturnType<typeof signUpUser>>;

beforeAll(async () => {
  host = await signUpUser(box, { name: 'Greedy Host' });
  other = await signUpUser(box, { name: 'Other Host' });
  third = await signUpUser(box, { name: 'Third Host' });
});
afterEach(async () => {
  for (const source of sources.splice(0)) source.stop();
  sockets.closeAll();
});

const recorders = () => box.realtime.recorders!;
const roomMedia = (roomId: string) => box.realtime.hub!.media.get(roomId);

/** A send transport never connected by DTLS, a screen and a program audio on it: producers that carry nothing. */
async function emptyProducers(socket: Socket, roomId: string): Promise<void> {
  const send = await ask(socket, 'sfu:create-transport', { roomId, direction: 'send' });
  expect(send.ok).toBe(true);
  await ask(socket, 'sfu:connect-transport', { roomId, transportId: send.data.id, dtlsParameters: CLIENT_DTLS });
  for (const source of ['program-audio', 'screen'] as const) {
    expect((await produceAs(socket, roomId, send.data.id, source)).ok).toBe(true);
  }
}

/** A talker whose mic sends a tone (RTP flows); the same `userId` twice is one person with two mics. */
async function talker(roomId: string, userId: string): Promise<TalkbackSource> {
  const source = await startTalkbackSource(await roomMedia(roomId), { userId, displayName: userId, toneHz: 440 });
  sources.push(source);
  return source;
}

describe('recording holds its ffmpeg processes to what carries media, one per source, within the node’s cap', () => {
  it('spawns no ffmpeg for producers that carry nothing, one per source, and one recording per host', async () => {
    const roomId = await createRoomAs(box, host.idToken, { name: 'Greedy' });
    const tabs = [];
    for (let n = 0; n < 3; n += 1) tabs.push(await sockets.joined(roomId, host.idToken));
    for (const tab of tabs) await emptyProducers(tab.socket, roomId);
    // One person talking through two mics at once: one talker, one capture.
    await talker(roomId, 'guest-twice');
    await talker(roomId, 'guest-twice');

    expect(await ask(tabs[0]!.socket, 'recording:start', { roomId })).toMatchObject({ ok: true });
    const recording = recorders().recordingOf(roomId)!;
    await until(() => recording.capturePids().length > 0, { what: 'the talker captured' });
    // The six empty producers were looked at many times since (every 150 ms); a few more rounds.
    const looked = Date.now();
    await until(() => Date.now() - looked > 1000 && recording.capturePids().length > 0, { what: 'a second' });
    expect(recording.capturePids()).toHaveLength(1);

    // The same host records nowhere else meanwhile.
    const elsewhere = await createRoomAs(box, host.idToken, { name: 'Greedy two' });
    const h2 = await sockets.joined(elsewhere, host.idToken);
    expect(await ask(h2.socket, 'recording:start', { roomId: elsewhere })).toMatchObject({
      ok: false,
      code: 'recording/host-busy',
    });
    expect(recorders().recordingOf(elsewhere)).toBeUndefined();
    expect(await ask(tabs[0]!.socket, 'recording:stop', { roomId })).toEqual({ ok: true });
  });

  it('runs no more captures than RECORDING_MAX_CAPTURES over every recording, and refuses Record when all are taken', async () => {
    const first = await createRoomAs(box, host.idToken, { name: 'Cap one' });
    const h = await sockets.joined(first, host.idToken);
    await talker(first, 'guest-a');
    expect(await ask(h.socket, 'recording:start', { roomId: first })).toMatchObject({ ok: true });

    const second = await createRoomAs(box, other.idToken, { name: 'Cap two' });
    const o = await sockets.joined(second, other.idToken);
    for (const name of ['guest-b', 'guest-c', 'guest-d', 'guest-e']) await talker(second, name);
    expect(await ask(o.socket, 'recording:start', { roomId: second })).toMatchObject({ ok: true });
    const pids = () =>
      recorders().recordingOf(first)!.capturePids().length + recorders().recordingOf(second)!.capturePids().length;
    await until(() => pids() === 3, { what: 'three captures running' });
    const looked = Date.now();
    await until(() => Date.now() - looked > 1000, { what: 'a second' });
    expect(pids()).toBe(3);
    expect(recorders().settings.captures.running).toBe(3);

    const third3 = await createRoomAs(box, third.idToken, { name: 'Cap three' });
    const t = await sockets.joined(third3, third.idToken);
    await talker(third3, 'guest-f');
    expect(await ask(t.socket, 'recording:start', { roomId: third3 })).toMatchObject({
      ok: false,
      code: 'recording/server-busy',
    });

    // Once the first recording stops, a waiting talker of the second takes the freed capture.
    expect(await ask(h.socket, 'recording:stop', { roomId: first })).toEqual({ ok: true });
    await until(() => recorders().recordingOf(second)!.capturePids().length === 3, { what: 'the freed capture taken' });
    expect(await ask(o.socket, 'recording:stop', { roomId: second })).toEqual({ ok: true });
    expect(recorders().settings.captures.running).toBe(0);
  });
});
