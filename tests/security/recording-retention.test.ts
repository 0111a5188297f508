import { existsSync } from 'node:fs';
import path from 'node:path';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { RECORDING_QUOTA_MESSAGE, type Recording } from '@riffroom/protocol';
import { signUpUser } from '../../server/src/testing/test-api.js';
import { useInProcessBox } from '../support/in-process-box.js';
import { ask, createRoomAs, roomSocketFactory } from '../support/room-sockets.js';
import { startTalkbackSource, type TalkbackSource } from '../support/talkback-source.js';
import { until } from '../support/until.js';

// Issue 34 item 4: with RECORDINGS_MAX_BYTES at 150000, a victim's 2 s recording and then the
// attacker's own 9 s one were both deleted when the attacker's ended. Now a recording stops
// before it takes more than is left, and retention never deletes another host's recording nor
// the one that just finished.
const MAX_BYTES = 150_000;
const box = useInProcessBox({}, { recordingsMaxBytes: MAX_BYTES });
const sockets = roomSocketFactory(() => box.baseUrl);
const sources: TalkbackSource[] = [];
let victim: Awaited<ReturnType<typeof signUpUser>>;
let attacker: Awaited<ReturnType<typeof signUpUser>>;

beforeAll(async () => {
  victim = await signUpUser(box, { name: 'Vera Victim' });
  attacker = await signUpUser(box, { name: 'Al Attacker' });
});
afterEach(() => {
  for (const source of sources.splice(0)) source.stop();
  sockets.closeAll();
});

const recorders = () => box.realtime.recorders!;

async function recordingsOf(token: string): Promise<Recording[]> {
  const res = await box.call('GET', '/api/recordings', { token });
  expect(res.status).toBe(200);
  return res.body.recordings;
}

async function finished(token: string, id: string): Promise<Recording> {
  return until(
    async () => {
      const found = (await recordingsOf(token)).find((recording) => recording.id === id);
      return found && found.status !== 'recording' ? found : null;
    },
    { timeoutMs: 60_000, what: `recording ${id} finished` },
  );
}

/** A room of `token`'s host with talkers sending tones, and its socket. */
async function roomWithTalkers(hostToken: string, talkers: string[]) {
  const roomId = await createRoomAs(box, hostToken);
  const h = await sockets.joined(roomId, hostToken);
  const media = await box.realtime.hub!.media.get(roomId);
  for (const name of talkers) {
    sources.push(await startTalkbackSource(media, { userId: name, displayName: name, toneHz: 500, kbps: 64 }));
  }
  return { roomId, h };
}

describe('recording retention under RECORDINGS_MAX_BYTES', () => {
  it('stops the recording that would pass the limit, and deletes neither the victim’s recording nor the new one', async () => {
    const v = await roomWithTalkers(victim.idToken, ['guest-vera']);
    const started = await ask(v.h.socket, 'recording:start', { roomId: v.roomId });
    expect(started.ok).toBe(true);
    const recording = recorders().recordingOf(v.roomId)!;
    await until(() => recording.capturePids().length > 0 && Date.now() - recording.startedAtMs > 2000, {
      what: '2 s recorded',
    });
    expect(await ask(v.h.socket, 'recording:stop', { roomId: v.roomId })).toEqual({ ok: true });
    const kept = await finished(victim.idToken, started.data.recordingId);
    expect(kept.status).toBe('complete');
    expect(kept.sizeBytes).toBeGreaterThan(0);
    expect(kept.sizeBytes).toBeLessThan(MAX_BYTES / 2);

    // The attacker records far more than is left: three talkers at 64 kbit/s.
    const a = await roomWithTalkers(attacker.idToken, ['guest-x', 'guest-y', 'guest-z']);
    const big = await ask(a.h.socket, 'recording:start', { roomId: a.roomId });
    expect(big.ok).toBe(true);
    const bigRecording = recorders().recordingOf(a.roomId)!;
    await until(() => (a.h.heard.get('recording-state')?.length ?? 0) >= 2, {
      timeoutMs: 45_000,
      what: 'the attacker’s recording stopped at the limit',
    });
    expect(a.h.heard.get('recording-state')![1]).toEqual({ recording: null, message: RECORDING_QUOTA_MESSAGE });
    // `finished` settles once the catalog took the end, retention included (in-process box).
    await bigRecording.finished;
    const theirs = await finished(attacker.idToken, big.data.recordingId);
    expect(theirs.status).toBe('interrupted');

    // Both still listed, with their files.
    expect((await recordingsOf(victim.idToken)).map((recording) => recording.id)).toEqual([kept.id]);
    expect((await recordingsOf(attacker.idToken)).map((recording) => recording.id)).toEqual([theirs.id]);
    for (const id of [kept.id, theirs.id]) expect(existsSync(path.join(box.dataDir, 'recordings', id))).toBe(true);
    const track = await fetch(`${box.baseUrl}/api/recordings/${kept.id}/tracks/${kept.tracks[0]!.file}`, {
      headers: { authorization: `Bearer ${victim.idToken}` },
    });
    expect(track.status).toBe(200);
  }, 120_000);
});
