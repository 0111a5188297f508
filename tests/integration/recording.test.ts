import { existsSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { Recording } from '@riffroom/protocol';
import { signUpUser } from '../../server/src/testing/test-api.js';
import { useInProcessBox } from '../support/in-process-box.js';
import { decodedDurationS, maxVolumeDb, probeMedia } from '../support/media-probe.js';
import { ask, createRoomAs, roomSocketFactory } from '../support/room-sockets.js';
import { startTalkbackSource, type TalkbackSource } from '../support/talkback-source.js';
import { until } from '../support/until.js';

// Many Records by one host in a few seconds: more than RECORDING_STARTS_BURST lets a person make.
const box = useInProcessBox({ recordingStartsBurst: 50 });
const sockets = roomSocketFactory(() => box.baseUrl);
let host: Awaited<ReturnType<typeof signUpUser>>;
let member: Awaited<ReturnType<typeof signUpUser>>;
let stranger: Awaited<ReturnType<typeof signUpUser>>;
const sources: TalkbackSource[] = [];
const downloads = mkdtempSync(path.join(tmpdir(), 'riffroom-recording-test-'));

beforeAll(async () => {
  host = await signUpUser(box, { name: 'Hana Host' });
  member = await signUpUser(box, { name: 'Mo Member' });
  stranger = await signUpUser(box, { name: 'Stan Stranger' });
});
afterEach(() => {
  for (const source of sources.splice(0)) source.stop();
  sockets.closeAll();
});
afterAll(() => rmSync(downloads, { recursive: true, force: true }));

const { joined } = sockets;

const roomMedia = (roomId: string) => box.realtime.hub!.media.get(roomId);
const recordingOf = (roomId: string) => box.realtime.recorders!.recordingOf(roomId)!;

/** Lets the recording run until `ms` of it have passed (audio has to flow for a span to be checked). */
const recordedFor = (roomId: string, ms: number) =>
  until(() => Date.now() - recordingOf(roomId).startedAtMs >= ms, { timeoutMs: ms + 5000, what: `${ms} ms recorded` });

async function listAs(token: string): Promise<Recording[]> {
  const res = await box.call('GET', '/api/recordings', { token });
  expect(res.status).toBe(200);
  return res.body.recordings;
}

/** The host's recording once finished: Stop answers when the files are closed, the stems and mix follow. */
async function finished(id: string): Promise<Recording> {
  return until(
    async () => {
      const found = (await listAs(host.idToken)).find((recording) => recording.id === id);
      return found && found.status !== 'recording' ? found : null;
    },
    { timeoutMs: 30_000, what: `recording ${id} finished` },
  );
}

function get(route: string, token?: string, headers: Record<string, string> = {}) {
  return fetch(box.baseUrl + route, {
    headers: { ...headers, ...(token ? { authorization: `Bearer ${token}` } : {}) },
  });
}

async function downloadTrack(recordingId: string, file: string, token: string): Promise<string> {
  const response = await get(`/api/recordings/${recordingId}/tracks/${file}`, token);
  expect(response.status).toBe(200);
  const saved = path.join(downloads, `${recordingId}-${file}`);
  writeFileSync(saved, Buffer.from(await response.arrayBuffer()));
  return saved;
}

describe('recording a room: Record and Stop, one stem per talker on the same timeline', () => {
  it('is the host’s alone; every member and a joiner hear it; stems line up, the muted span is silent', async () => {
    const roomId = await createRoomAs(box, host.idToken, { name: 'Stems session' });
    // Only members of the room can be chosen to share with: the member joins through the API too.
    expect(
      (await box.call('POST', `/api/rooms/${roomId}/join`, { token: member.idToken, body: { role: 'participant' } }))
        .status,
    ).toBe(200);
    const h = await joined(roomId, host.idToken);
    const m = await joined(roomId, member.idToken);
    expect(m.join.recording).toBeNull();

    // Refused for anyone but the host, and for bad input.
    expect(await ask(m.socket, 'recording:start', { roomId })).toMatchObject({ ok: false, code: 'room/not-host' });
    const outsider = await sockets.connect(stranger.idToken);
    expect(await ask(outsider, 'recording:start', { roomId })).toMatchObject({ ok: false, code: 'room/not-joined' });
    expect(await ask(h.socket, 'recording:start', { roomId: 42 })).toMatchObject({
      ok: false,
      code: 'validation/invalid-payload',
    });
    expect(await ask(h.socket, 'recording:stop', { roomId })).toMatchObject({
      ok: false,
      code: 'recording/not-recording',
    });

    const media = await roomMedia(roomId);
    const alice = await startTalkbackSource(media, { userId: member.user.uid, displayName: 'Alice', toneHz: 440 });
    sources.push(alice);
    const started = await ask(h.socket, 'recording:start', { roomId });
    expect(started).toMatchObject({ ok: true, data: { recordingId: expect.any(String) } });
    const recordingId: string = started.data.recordingId;
    await until(() => m.heard.get('recording-state')?.length, { what: 'the member told of the recording' });
    expect(m.heard.get('recording-state')![0]).toEqual({ recording: started.data });
    expect(await ask(h.socket, 'recording:start', { roomId })).toMatchObject({
      ok: false,
      code: 'recording/already-recording',
    });
    // A joiner is told on arrival.
    const late = await joined(roomId);
    expect(late.join.recording).toEqual(started.data);

    // Bob starts talking 2 s in; the host mutes Alice (pauses her producer) from 3 s to 5 s.
    await recordedFor(roomId, 2000);
    const bob = await startTalkbackSource(media, { userId: 'guest-bob', displayName: 'Bob', toneHz: 660 });
    sources.push(bob);
    await recordedFor(roomId, 3000);
    await alice.producer.pause();
    await recordedFor(roomId, 5000);
    await alice.producer.resume();
    await recordedFor(roomId, 7000);

    expect(await ask(m.socket, 'recording:stop', { roomId })).toMatchObject({ ok: false, code: 'room/not-host' });
    expect(await ask(h.socket, 'recording:stop', { roomId })).toEqual({ ok: true });
    await until(() => m.heard.get('recording-state')?.length === 2, { what: 'the member told it stopped' });
    expect(m.heard.get('recording-state')![1]).toEqual({ recording: null });

    const listed = await finished(recordingId);
    expect(listed).toMatchObject({ id: recordingId, roomId, roomName: 'Stems session', status: 'complete' });
    expect(listed.durationMs).toBeGreaterThanOrEqual(7000);
    expect(listed.tracks.map((track) => track.file).sort()).toEqual(['mix.ogg', 'talker-alice.ogg', 'talker-bob.ogg']);
    expect(listed.tracks.find((track) => track.file === 'talker-alice.ogg')).toMatchObject({
      kind: 'talker',
      label: 'Alice',
      userId: member.user.uid,
      offsetMs: 0,
    });
    expect(listed.sizeBytes).toBe(listed.tracks.reduce((sum, track) => sum + track.bytes, 0));

    const durationS = listed.durationMs / 1000;
    const aliceFile = await downloadTrack(recordingId, 'talker-alice.ogg', host.idToken);
    const bobFile = await downloadTrack(recordingId, 'talker-bob.ogg', host.idToken);
    const mixFile = await downloadTrack(recordingId, 'mix.ogg', host.idToken);
    for (const file of [aliceFile, bobFile, mixFile]) {
      const probed = await probeMedia(file);
      expect(probed.stream).toMatchObject({ codec: 'opus', sampleRate: 48000 });
      expect(Math.abs((await decodedDurationS(file)) - durationS)).toBeLessThan(0.5);
    }
    // Alice: the tone, then silence while muted (3-5 s, margins for the pause's edges), then the tone again.
    expect(await maxVolumeDb(aliceFile, 0.5, 2)).toBeGreaterThan(-30);
    expect(await maxVolumeDb(aliceFile, 3.4, 1.2)).toBeLessThan(-50);
    expect(await maxVolumeDb(aliceFile, 5.6, 1)).toBeGreaterThan(-30);
    // Bob joined 2 s in: his stem is silent before, padded to start at t=0.
    expect(await maxVolumeDb(bobFile, 0, 1.7)).toBeLessThan(-50);
    expect(await maxVolumeDb(bobFile, 2.6, 3)).toBeGreaterThan(-30);
  });

  it('serves the files only to the host and those it shared with: ranges, the .zip, share and delete', async () => {
    const roomId = await createRoomAs(box, host.idToken, { name: 'Access session' });
    expect(
      (await box.call('POST', `/api/rooms/${roomId}/join`, { token: member.idToken, body: { role: 'participant' } }))
        .status,
    ).toBe(200);
    const h = await joined(roomId, host.idToken);
    sources.push(
      await startTalkbackSource(await roomMedia(roomId), { userId: 'guest-1', displayName: 'Cleo', toneHz: 500 }),
    );
    const { data } = await ask(h.socket, 'recording:start', { roomId });
    await recordedFor(roomId, 2000);
    expect(await ask(h.socket, 'recording:stop', { roomId })).toEqual({ ok: true });
    const id: string = data.recordingId;
    await finished(id);
    const track = `/api/recordings/${id}/tracks/talker-cleo.ogg`;

    // Strangers and members it is not shared with: not listed, 404 for every file, no token 401.
    expect(await listAs(stranger.idToken)).toEqual([]);
    expect(await listAs(member.idToken)).toEqual([]);
    expect((await get(track, stranger.idToken)).status).toBe(404);
    expect((await get(`/api/recordings/${id}/zip`, member.idToken)).status).toBe(404);
    expect((await get(track)).status).toBe(401);
    expect((await get(`/api/recordings/${id}/tracks/..%2F..%2Friffroom.sqlite`, host.idToken)).status).toBe(400);
    expect((await get(`/api/recordings/${id}/tracks/other.ogg`, host.idToken)).status).toBe(404);

    // Ranges: a slice is 206 with its Content-Range; past the end is 416.
    const whole = Buffer.from(await (await get(track, host.idToken)).arrayBuffer());
    const slice = await get(track, host.idToken, { range: 'bytes=100-199' });
    expect(slice.status).toBe(206);
    expect(slice.headers.get('content-range')).toBe(`bytes 100-199/${whole.length}`);
    expect(Buffer.from(await slice.arrayBuffer())).toEqual(whole.subarray(100, 200));
    expect((await get(track, host.idToken, { range: `bytes=${whole.length}-` })).status).toBe(416);
    expect(whole.subarray(0, 4).toString()).toBe('OggS');

    // Sharing: only with the room's members; then the member lists and downloads it, but cannot delete or reshare.
    const shareTo = (uids: string[], token = host.idToken) =>
      box.call('PUT', `/api/recordings/${id}/share`, { token, body: { uids } });
    expect((await shareTo([stranger.user.uid])).status).toBe(400);
    expect((await shareTo([member.user.uid], stranger.idToken)).status).toBe(404);
    const shared = await shareTo([member.user.uid]);
    expect(shared.status).toBe(200);
    expect(shared.body.recording.sharedWith).toEqual([member.user.uid]);
    expect((await listAs(member.idToken)).map((recording) => recording.id)).toEqual([id]);
    expect((await get(track, member.idToken)).status).toBe(200);
    expect((await shareTo([], member.idToken)).status).toBe(403);
    expect((await box.call('DELETE', `/api/recordings/${id}`, { token: member.idToken })).status).toBe(403);

    const zip = await get(`/api/recordings/${id}/zip`, member.idToken);
    expect(zip.status).toBe(200);
    expect(zip.headers.get('content-type')).toBe('application/zip');
    const zipped = Buffer.from(await zip.arrayBuffer());
    expect(zipped.subarray(0, 2).toString()).toBe('PK');
    expect(zipped.includes(Buffer.from('talker-cleo.ogg'))).toBe(true);

    // Delete: the files go with the row.
    const dir = path.join(box.dataDir, 'recordings', id);
    expect(existsSync(dir)).toBe(true);
    expect((await box.call('DELETE', `/api/recordings/${id}`, { token: host.idToken })).status).toBe(200);
    expect(existsSync(dir)).toBe(false);
    expect((await get(track, host.idToken)).status).toBe(404);
    expect(await listAs(member.idToken)).toEqual([]);
  });
});

describe('a recording that fails', () => {
  it('keeps what ffmpeg wrote before a SIGKILL, captures the track again, and goes on recording', async () => {
    const roomId = await createRoomAs(box, host.idToken, { name: 'Crash session' });
    const h = await joined(roomId, host.idToken);
    sources.push(
      await startTalkbackSource(await roomMedia(roomId), { userId: 'guest-2', displayName: 'Dee', toneHz: 550 }),
    );
    const { data } = await ask(h.socket, 'recording:start', { roomId });
    const recording = recordingOf(roomId);
    const [pid] = await until(() => (recording.capturePids().length > 0 ? recording.capturePids() : null), {
      what: 'the capture running',
    });
    await recordedFor(roomId, 3000);
    process.kill(pid!, 'SIGKILL');

    // One track failing never interrupts the recording (issue 34 item 2): Dee's mic is captured again.
    await until(() => recording.capturePids().some((other) => other !== pid), { what: 'the track captured again' });
    // Where the second segment starts on the recording's clock (s), then 2 s of it.
    const againS = (Date.now() - recording.startedAtMs) / 1000;
    await recordedFor(roomId, (againS + 2.5) * 1000);
    expect(recording.isRecording).toBe(true);
    expect(h.heard.get('recording-state')).toHaveLength(1);
    expect(await ask(h.socket, 'recording:stop', { roomId })).toEqual({ ok: true });
    const listed = await finished(data.recordingId);
    expect(listed.status).toBe('complete');
    // What was written before the kill plays, and the stem goes on after it: Dee's tone throughout.
    const stem = await downloadTrack(listed.id, 'talker-dee.ogg', host.idToken);
    expect(await decodedDurationS(stem)).toBeGreaterThan(againS + 2);
    expect(await maxVolumeDb(stem, 0.5, 2)).toBeGreaterThan(-30);
    expect(await maxVolumeDb(stem, againS + 0.5, 1.5)).toBeGreaterThan(-30);
  });

  it('refuses to start without the free-space reserve, and stops with a message when the disk fills up', async () => {
    // A reserve no disk has (RECORDINGS_MIN_FREE_MB): checked before anything is written, then every 2 s.
    const settings = box.realtime.recorders!.settings;
    const reserve = settings.minFreeBytes;
    try {
      const roomId = await createRoomAs(box, host.idToken);
      const h = await joined(roomId, host.idToken);
      settings.minFreeBytes = Number.MAX_SAFE_INTEGER;
      expect(await ask(h.socket, 'recording:start', { roomId })).toMatchObject({
        ok: false,
        code: 'recording/no-space',
        message: 'Cannot record: the server does not have enough free disk space.',
      });
      settings.minFreeBytes = reserve;
      sources.push(
        await startTalkbackSource(await roomMedia(roomId), { userId: 'guest-3', displayName: 'Eve', toneHz: 600 }),
      );
      expect(await ask(h.socket, 'recording:start', { roomId })).toMatchObject({ ok: true });
      await recordedFor(roomId, 1000);
      settings.minFreeBytes = Number.MAX_SAFE_INTEGER;
      await until(() => h.heard.get('recording-state')?.length === 2, { what: 'the host told it stopped' });
      expect(h.heard.get('recording-state')![1]).toEqual({
        recording: null,
        message: 'Recording stopped: the server is running out of disk space.',
      });
    } finally {
      settings.minFreeBytes = reserve;
    }
  });
});
