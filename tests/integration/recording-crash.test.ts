import { mkdtempSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, afterEach, describe, expect, it } from 'vitest';
import { RECORDING_CRASHED_MESSAGE, type Recording } from '@riffroom/protocol';
import { jsonCaller, signUpUser } from '../../server/src/testing/test-api.js';
import { startBox, type Box } from '../support/box.js';
import { decodedDurationS, probeMedia } from '../support/media-probe.js';
import { ask, createRoomAs } from '../support/room-sockets.js';
import { until } from '../support/until.js';
import { startStudioHost, type StudioHost } from '../support/wrtc-studio-host.js';

// The whole box dies mid-recording (SIGKILL to every process, as when the machine goes): once it
// is started again on the same data, the recording is listed as interrupted, its program and
// screen files play up to the crash, and the room records again.
const TIMEOUT_MS = 180_000;
let box: Box | undefined;
const hosts: StudioHost[] = [];
const dataDirs: string[] = [];
const downloads = mkdtempSync(path.join(tmpdir(), 'riffroom-recording-crash-'));

afterEach(() => {
  for (const host of hosts.splice(0)) host.stop();
});
afterAll(async () => {
  await box?.stop();
  for (const dir of [...dataDirs, downloads]) rmSync(dir, { recursive: true, force: true });
});

async function listed(baseUrl: string, token: string, id: string): Promise<Recording | undefined> {
  const res = await jsonCaller(baseUrl)('GET', '/api/recordings', { token });
  expect(res.status).toBe(200);
  return (res.body.recordings as Recording[]).find((recording) => recording.id === id);
}

async function download(baseUrl: string, token: string, id: string, file: string): Promise<string> {
  const response = await fetch(`${baseUrl}/api/recordings/${id}/tracks/${file}`, {
    headers: { authorization: `Bearer ${token}` },
  });
  expect(response.status).toBe(200);
  const saved = path.join(downloads, `${id}-${file}`);
  writeFileSync(saved, Buffer.from(await response.arrayBuffer()));
  return saved;
}

describe('a recording when the box crashes', () => {
  it(
    'is listed as interrupted after the restart, with its program and screen files playable, and the room records again',
    async () => {
      box = await startBox();
      const call = jsonCaller(box.baseUrl);
      const owner = await signUpUser({ call }, { name: 'Hana Host' });
      const roomId = await createRoomAs({ baseUrl: box.baseUrl, call }, owner.idToken, { name: 'Crash take' });
      const host = await startStudioHost(box.baseUrl, roomId, owner.idToken);
      hosts.push(host);
      const started = await ask(host.member.socket, 'recording:start', { roomId });
      expect(started).toMatchObject({ ok: true });
      const id: string = started.data.recordingId;

      // Both tracks captured and a few seconds written (WebM clusters of 1 s, Ogg pages of 200 ms).
      const dir = path.join(box.dataDir, 'recordings', id);
      const size = (file: string) => {
        try {
          return statSync(path.join(dir, file)).size;
        } catch {
          return 0;
        }
      };
      await until(async () => (await listed(box!.baseUrl, owner.idToken, id))?.tracks.length === 2, {
        timeoutMs: 20_000,
        what: 'program and screen being captured',
      });
      const capturing = Date.now();
      await until(() => Date.now() - capturing > 3000 && size('screen.webm') > 0 && size('program.ogg') > 0, {
        timeoutMs: 20_000,
        what: 'three seconds written',
      });
      const { port, dataDir } = box;
      dataDirs.push(dataDir);
      await box.crash({ wholeBox: true });
      host.stop();

      box = await startBox({}, { port, dataDir });
      const after = await until(
        async () => {
          const found = await listed(box!.baseUrl, owner.idToken, id);
          return found && found.status !== 'recording' ? found : null;
        },
        { timeoutMs: 30_000, what: 'the recording marked after the restart' },
      );
      expect(after).toMatchObject({
        status: 'interrupted',
        message: RECORDING_CRASHED_MESSAGE,
        roomName: 'Crash take',
      });
      expect(after.endedAt).not.toBeNull();
      expect(after.durationMs).toBeGreaterThan(2500);
      const byFile = new Map(after.tracks.map((track) => [track.file, track]));
      expect([...byFile.keys()].sort()).toEqual(['program.ogg', 'screen.webm']);
      expect(byFile.get('program.ogg')).toMatchObject({ kind: 'program', label: 'Program audio' });
      expect(byFile.get('screen.webm')).toMatchObject({ kind: 'screen', label: 'Screen' });
      // Ogg keeps its length in its last page: listed. Every size is the file's.
      expect(byFile.get('program.ogg')!.durationMs).toBeGreaterThan(2500);
      expect(after.sizeBytes).toBe(after.tracks.reduce((sum, track) => sum + track.bytes, 0));

      const program = await download(box.baseUrl, owner.idToken, id, 'program.ogg');
      expect(statSync(program).size).toBe(byFile.get('program.ogg')!.bytes);
      expect((await probeMedia(program)).stream).toMatchObject({ codec: 'opus', channels: 2, sampleRate: 48000 });
      expect(await decodedDurationS(program)).toBeGreaterThan(2.5);
      const screen = await download(box.baseUrl, owner.idToken, id, 'screen.webm');
      expect((await probeMedia(screen)).stream).toMatchObject({ codec: 'vp8' });
      expect(await decodedDurationS(screen)).toBeGreaterThan(2);

      // A new recording in the same room, on the restarted box, runs and completes.
      const again = await startStudioHost(box.baseUrl, roomId, owner.idToken);
      hosts.push(again);
      const next = await ask(again.member.socket, 'recording:start', { roomId });
      expect(next).toMatchObject({ ok: true });
      const nextId: string = next.data.recordingId;
      await until(async () => (await listed(box!.baseUrl, owner.idToken, nextId))?.tracks.length === 2, {
        timeoutMs: 20_000,
        what: 'the new recording capturing',
      });
      const nextStart = Date.now();
      await until(() => Date.now() - nextStart > 2000, { what: 'two seconds recorded' });
      expect(await ask(again.member.socket, 'recording:stop', { roomId })).toEqual({ ok: true });
      const done = await until(
        async () => {
          const found = await listed(box!.baseUrl, owner.idToken, nextId);
          return found && found.status !== 'recording' ? found : null;
        },
        { timeoutMs: 30_000, what: 'the new recording finished' },
      );
      expect(done.status).toBe('complete');
      expect(done.tracks.map((track) => track.file).sort()).toEqual(['mix.ogg', 'program.ogg', 'screen.webm']);
    },
    TIMEOUT_MS,
  );
});
