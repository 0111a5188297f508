import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadApiConfig } from '../config/load.js';
import { openDatabase, type Db } from '../db/connect.js';
import { recordingsRepository } from './recordings.js';
import { usersRepository } from './users.js';

// A media node starting again marks interrupted only the recordings it ran itself: another node's
// may be running now. The single box, the one node there is, takes every one (and the unnamed).
let dataDir: string;
let db: Db;
const repo = () => recordingsRepository(db);

beforeAll(async () => {
  dataDir = mkdtempSync(path.join(tmpdir(), 'riffroom-recordings-repo-'));
  db = await openDatabase(loadApiConfig({}, { dataDir, logLevel: 'silent' }));
  await usersRepository(db).insert('host', { user_email: 'host@example.test', user_username: 'host' }, 0);
  const row = (id: string, nodeId?: string) => ({ id, roomId: 'room1', hostUid: 'host', startedAt: 1, nodeId });
  await repo().insert(row('on-node-a-1', 'node-a'));
  await repo().insert(row('on-node-b-1', 'node-b'));
  await repo().insert(row('unnamed-node'));
  await repo().insert(row('on-node-a-done', 'node-a'));
  await repo().update('on-node-a-done', { status: 'complete', endedAt: 2, durationMs: 1, tracks: [], message: null });
});

afterAll(async () => {
  await db?.destroy();
  if (dataDir) rmSync(dataDir, { recursive: true, force: true });
});

const ids = (records: { id: string }[]) => records.map((record) => record.id).sort();

describe('recordings still running when a node starts', () => {
  it('are only that node’s on a scaled setup, and every one on a single box', async () => {
    expect(ids(await repo().stillRecording('node-a', false))).toEqual(['on-node-a-1']);
    expect(ids(await repo().stillRecording('node-c', false))).toEqual([]);
    expect(ids(await repo().stillRecording('node-a', true))).toEqual(['on-node-a-1', 'on-node-b-1', 'unnamed-node']);
  });
});
