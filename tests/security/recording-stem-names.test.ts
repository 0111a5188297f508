import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, afterEach, describe, expect, it } from 'vitest';
import type { Recording } from '@riffroom/protocol';
import { joinAsMember } from '../../bench/lib/wrtc-room-client.js';
import { signUpUser } from '../../server/src/testing/test-api.js';
import { useInProcessBox } from '../support/in-process-box.js';
import { bandLevelDb } from '../support/media-probe.js';
import { ask, createRoomAs, roomSocketFactory } from '../support/room-sockets.js';
import { until } from '../support/until.js';
import { joinTalkback, type Talkback } from '../support/wrtc-talkback.js';

// Issue 34 item 3: a display name cannot overwrite another talker's stem. "Sam raw" talks (880 Hz),
// then "Sam" (440 Hz). Sam's raw segment used to be talker-sam-raw.ogg, the very name of "Sam raw"'s
// stem, which Stop then rendered with ffmpeg -y over it: talker-sam.ogg held only 880 Hz, Sam's
// voice was in no file, and the listed talker-sam-raw.ogg was gone (404).
const box = useInProcessBox();
const sockets = roomSocketFactory(() => box.baseUrl);
const talkers: Talkback[] = [];
const downloads = mkdtempSync(path.join(tmpdir(), 'riffroom-stem-names-'));
afterEach(() => {
  for (const talker of talkers.splice(0)) {
    talker.close();
    talker.member.close();
  }
  sockets.closeAll();
});
afterAll(() => rmSync(downloads, { recursive: true, force: true }));

const SAM_RAW_HZ = 880;
const SAM_HZ = 440;

describe('talker stem names (issue 34 item 3)', () => {
  it('"Sam raw" and "Sam" each get a stem of their own voice, and every listed file downloads', async () => {
    const host = await signUpUser(box, { name: 'Hana Host' });
    const samRaw = await signUpUser(box, { name: 'Sam raw' });
    const sam = await signUpUser(box, { name: 'Sam' });
    const roomId = await createRoomAs(box, host.idToken, { name: 'Name clash' });
    const h = await sockets.joined(roomId, host.idToken);
    const started = await ask(h.socket, 'recording:start', { roomId });
    expect(started).toMatchObject({ ok: true });
    const recordingId: string = started.data.recordingId;
    const recording = box.realtime.recorders!.recordingOf(roomId)!;
    const secondsIn = () => (Date.now() - recording.startedAtMs) / 1000;

    const first = await joinTalkback(await joinAsMember(box.baseUrl, roomId, samRaw.idToken));
    talkers.push(first);
    await first.talk(SAM_RAW_HZ);
    await until(() => secondsIn() >= 2, { timeoutMs: 15_000, what: '"Sam raw" talking for a while' });
    const second = await joinTalkback(await joinAsMember(box.baseUrl, roomId, sam.idToken));
    talkers.push(second);
    await second.talk(SAM_HZ);
    const samFromS = secondsIn();
    await until(() => secondsIn() >= samFromS + 2.5, { timeoutMs: 15_000, what: '"Sam" talking for a while' });
    expect(await ask(h.socket, 'recording:stop', { roomId })).toEqual({ ok: true });

    const finished = await until(
      async () => {
        const list = await box.call('GET', '/api/recordings', { token: host.idToken });
        const found = (list.body.recordings as Recording[]).find((candidate) => candidate.id === recordingId);
        return found && found.status !== 'recording' ? found : null;
      },
      { timeoutMs: 30_000, what: 'the recording finished' },
    );
    expect(finished.status).toBe('complete');
    const files = finished.tracks.map((track) => track.file);
    expect(new Set(files).size).toBe(files.length);

    // Every listed file is there.
    const saved = new Map<string, string>();
    for (const file of files) {
      const response = await fetch(`${box.baseUrl}/api/recordings/${recordingId}/tracks/${file}`, {
        headers: { authorization: `Bearer ${host.idToken}` },
      });
      expect(response.status, file).toBe(200);
      const to = path.join(downloads, `${recordingId}-${file}`);
      writeFileSync(to, Buffer.from(await response.arrayBuffer()));
      saved.set(file, to);
    }

    // One stem each, holding that talker's tone and not the other's.
    const stemOf = (label: string) => {
      const stems = finished.tracks.filter((track) => track.kind === 'talker' && track.label === label);
      expect(stems, label).toHaveLength(1);
      return saved.get(stems[0]!.file)!;
    };
    const samRawStem = stemOf('Sam raw');
    const samStem = stemOf('Sam');
    expect(samRawStem).not.toBe(samStem);
    // Both talk in the last seconds: each stem holds its own talker's tone there, and not the other's.
    const window = [samFromS + 1, 1] as const;
    const samRawTone = await bandLevelDb(samRawStem, SAM_RAW_HZ, ...window);
    expect(samRawTone).toBeGreaterThan(-40);
    expect(await bandLevelDb(samRawStem, SAM_HZ, ...window)).toBeLessThan(samRawTone - 20);
    const samTone = await bandLevelDb(samStem, SAM_HZ, ...window);
    expect(samTone).toBeGreaterThan(-40);
    expect(await bandLevelDb(samStem, SAM_RAW_HZ, ...window)).toBeLessThan(samTone - 20);
  }, 90_000);
});
