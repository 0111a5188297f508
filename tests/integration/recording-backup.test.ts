import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, afterEach, describe, expect, it } from 'vitest';
import type { Recording } from '@riffroom/protocol';
import { jsonCaller, signUpUser } from '../../server/src/testing/test-api.js';
import { startBox, type Box } from '../support/box.js';
import { runOps } from '../support/ops-command.js';
import { ask, createRoomAs } from '../support/room-sockets.js';
import { until } from '../support/until.js';
import { startStudioHost, type StudioHost } from '../support/wrtc-studio-host.js';

// npm run backup on the real box while one room's recording is finished and another's still runs:
// the backup holds the finished one and says it skipped the other; the data directory wiped and
// restored, the box serves the finished recording's tracks byte for byte, and lists no other.
const TIMEOUT_MS = 180_000;
let box: Box | undefined;
const hosts: StudioHost[] = [];
const scratch = mkdtempSync(path.join(tmpdir(), 'riffroom-recording-backup-'));

afterEach(() => {
  for (const host of hosts.splice(0)) host.stop();
});
afterAll(async () => {
  await box?.stop();
  rmSync(scratch, { recursive: true, force: true });
});

async function list(baseUrl: string, token: string): Promise<Recording[]> {
  const res = await jsonCaller(baseUrl)('GET', '/api/recordings', { token });
  expect(res.status).toBe(200);
  return res.body.recordings;
}

async function trackBytes(baseUrl: string, token: string, id: string, file: string): Promise<Buffer> {
  const response = await fetch(`${baseUrl}/api/recordings/${id}/tracks/${file}`, {
    headers: { authorization: `Bearer ${token}` },
  });
  expect(response.status).toBe(200);
  return Buffer.from(await response.arrayBuffer());
}

async function recording(baseUrl: string, token: string, roomName: string) {
  const call = jsonCaller(baseUrl);
  const roomId = await createRoomAs({ baseUrl, call }, token, { name: roomName });
  const host = await startStudioHost(baseUrl, roomId, token);
  hosts.push(host);
  const started = await ask(host.member.socket, 'recording:start', { roomId });
  expect(started).toMatchObject({ ok: true });
  const id: string = started.data.recordingId;
  await until(async () => (await list(baseUrl, token)).find((r) => r.id === id)?.tracks.length === 2, {
    timeoutMs: 20_000,
    what: `${roomName} capturing program and screen`,
  });
  return { roomId, host, id };
}

describe('backing up and restoring recordings', () => {
  it(
    'restores a finished recording byte for byte, and skips one still being recorded, saying so',
    async () => {
      box = await startBox();
      const owner = await signUpUser({ call: jsonCaller(box.baseUrl) }, { name: 'Hana Host' });
      const done = await recording(box.baseUrl, owner.idToken, 'Finished take');
      const capturing = Date.now();
      await until(() => Date.now() - capturing > 2000, { what: 'two seconds recorded' });
      expect(await ask(done.host.member.socket, 'recording:stop', { roomId: done.roomId })).toEqual({ ok: true });
      const finished = await until(
        async () => {
          const found = (await list(box!.baseUrl, owner.idToken)).find((r) => r.id === done.id);
          return found && found.status !== 'recording' ? found : null;
        },
        { timeoutMs: 30_000, what: 'the first recording finished' },
      );
      expect(finished.status).toBe('complete');
      const live = await recording(box.baseUrl, owner.idToken, 'Running take');

      const archive = path.join(scratch, 'backup.tar');
      const output = await runOps('backup', ['--out', archive], { DATA_DIR: box.dataDir });
      expect(output).toMatch(/Recordings: 1 \(3 files, [\d.]+ MB\)/);
      expect(output).toContain(`Note: Recording ${live.id} skipped: it was still being recorded.`);
      const original = new Map<string, Buffer>();
      for (const track of finished.tracks) {
        original.set(track.file, await trackBytes(box.baseUrl, owner.idToken, done.id, track.file));
      }

      // Wiped: the box stopped and its data directory gone; restored into a new one and started on it.
      const { dataDir } = box;
      await box.stop();
      box = undefined;
      rmSync(dataDir, { recursive: true, force: true });
      const restoredDir = path.join(scratch, 'restored');
      const restoring = await runOps('restore', [archive, '--data-dir', restoredDir], {});
      expect(restoring).toMatch(/Recordings: 1 \(3 files\)/);
      box = await startBox({}, { dataDir: restoredDir });

      const restored = await list(box.baseUrl, owner.idToken);
      expect(restored.map((r) => [r.id, r.status])).toEqual([[done.id, 'complete']]);
      expect(restored[0]!.tracks.map((t) => t.file).sort()).toEqual(['mix.ogg', 'program.ogg', 'screen.webm']);
      for (const [file, bytes] of original) {
        expect([file, (await trackBytes(box.baseUrl, owner.idToken, done.id, file)).equals(bytes)]).toEqual([
          file,
          true,
        ]);
      }
      expect(original.get('program.ogg')!.length).toBeGreaterThan(1000);
    },
    TIMEOUT_MS,
  );
});
