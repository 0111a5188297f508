import { existsSync, mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { RecordingStatus } from '@riffroom/protocol';
import { loadApiConfig } from '../config/load.js';
import { openDatabase, type Db } from '../db/connect.js';
import { createLogger } from '../logger.js';
import { recordingsRepository } from '../repositories/recordings.js';
import { usersRepository } from '../repositories/users.js';
import { RecordingService, type RecordingRetention } from './recordings.js';

// Issue 34 item 4: each host pays for its own recordings; another host's, and the one that just
// finished, are never deleted; running recordings count.
const T0 = Date.parse('2026-11-24T12:00:00Z');
let dataDir: string;
let recordingsDir: string;
let db: Db;
let minute = 0;

beforeAll(async () => {
  dataDir = mkdtempSync(path.join(tmpdir(), 'riffroom-retention-'));
  recordingsDir = path.join(dataDir, 'recordings');
  db = await openDatabase(loadApiConfig({}, { dataDir, logLevel: 'silent' }));
  for (const uid of ['ann', 'bob']) {
    await usersRepository(db).insert(uid, { user_email: `${uid}@example.test`, user_username: uid }, 0);
  }
});
afterAll(async () => {
  await db?.destroy();
  if (dataDir) rmSync(dataDir, { recursive: true, force: true });
});

const service = (retention: Partial<RecordingRetention>) =>
  new RecordingService(
    recordingsRepository(db),
    recordingsDir,
    { maxBytes: 0, hostMaxBytes: 0, maxAgeDays: 0, ...retention },
    createLogger('silent'),
  );

/** A recording of `hostUid` with one track of `bytes`, later than the ones before it. */
async function recording(id: string, hostUid: string, bytes: number, status: RecordingStatus = 'complete') {
  minute += 1;
  await recordingsRepository(db).insert({ id, roomId: 'room1', hostUid, startedAt: T0 + minute * 60_000 });
  mkdirSync(path.join(recordingsDir, id), { recursive: true });
  const tracks = [
    { file: 'program.ogg', kind: 'program' as const, label: 'Program', userId: null, offsetMs: 0, bytes },
  ];
  await recordingsRepository(db).update(id, { status, endedAt: null, durationMs: 1000, tracks, message: null });
}
const ids = async () => (await recordingsRepository(db).sizes()).map((row) => row.id).sort();

describe('recording retention by size', () => {
  it('past RECORDINGS_MAX_BYTES deletes only the finishing host’s older recordings, never another host’s or the new one', async () => {
    const recordings = service({ maxBytes: 1000 });
    await recording('annOld00', 'ann', 300);
    await recording('bobOld00', 'bob', 400);
    await recording('annNew00', 'ann', 600);
    // Ann may write what Bob's and nothing else leave her: her own finished ones make room.
    expect(await recordings.allowance('ann', 'annNew00')).toBe(600);
    expect(await recordings.allowance('bob', 'none-none-none-0')).toBe(100);
    await recordings.applyRetention('annNew00');
    expect(await ids()).toEqual(['annNew00', 'bobOld00']);
    expect(existsSync(path.join(recordingsDir, 'annOld00'))).toBe(false);
    // Over the limit still, with only the new one of Ann's left: nothing more goes.
    await recording('annMore0', 'ann', 500);
    await recordings.applyRetention('annMore0');
    expect(await ids()).toEqual(['annMore0', 'bobOld00']);
    await db('recordings').delete();
  });

  it('RECORDINGS_HOST_MAX_BYTES: a host over it loses its own oldest; running recordings count, and are never deleted', async () => {
    const recordings = service({ hostMaxBytes: 1000 });
    await recording('annA0000', 'ann', 500);
    await recording('annB0000', 'ann', 400);
    await recording('annLive0', 'ann', 300, 'recording');
    await recording('bobA0000', 'bob', 900);
    expect(await recordings.allowance('ann', 'annNext0')).toBe(700);
    expect(await recordings.allowance('ann', 'annLive0')).toBe(1000);
    await recording('annC0000', 'ann', 200);
    await recordings.applyRetention('annC0000');
    // Ann had 1400: her oldest goes (500), which brings her to 900; the running one and the new
    // one stay whatever; Bob, far over Ann's figures, is untouched.
    expect(await ids()).toEqual(['annB0000', 'annC0000', 'annLive0', 'bobA0000']);
    await db('recordings').delete();
  });
});
