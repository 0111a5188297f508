import { mkdtempSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import Database from 'better-sqlite3';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { until } from '../../../tests/support/until.js';
import { BackgroundCheckpoint, type CheckpointResult } from './background-checkpoint.js';

describe('BackgroundCheckpoint', () => {
  let dir = '';
  let filename = '';
  let db: Database.Database | null = null;
  let checkpoints: BackgroundCheckpoint | null = null;
  beforeEach(() => {
    dir = mkdtempSync(path.join(tmpdir(), 'riffroom-checkpoint-'));
    filename = path.join(dir, 'db.sqlite');
  });
  afterEach(async () => {
    await checkpoints?.close();
    checkpoints = null;
    db?.close();
    db = null;
    rmSync(dir, { recursive: true, force: true });
  });

  it("moves the writer's committed pages into the database file without the writer checkpointing", async () => {
    db = new Database(filename);
    db.pragma('journal_mode = WAL');
    db.pragma('wal_autocheckpoint = 0');
    db.exec('CREATE TABLE notes (id INTEGER PRIMARY KEY, body TEXT)');
    const insert = db.prepare('INSERT INTO notes (body) VALUES (?)');
    for (let i = 0; i < 500; i += 1) insert.run('x'.repeat(200));
    const databaseBytesBefore = statSync(filename).size;

    checkpoints = new BackgroundCheckpoint(filename, 20);
    let last: CheckpointResult | null = null;
    checkpoints.onCheckpoint((result) => (last = result));
    await until(() => last !== null && last.log > 0 && last.checkpointed === last.log, {
      timeoutMs: 10_000,
      what: 'a background checkpoint of every WAL frame',
    });
    expect(statSync(filename).size).toBeGreaterThan(databaseBytesBefore);
    // A fresh reader sees everything through the database file and the WAL alike.
    const reader = new Database(filename, { readonly: true });
    expect(reader.prepare('SELECT count(*) AS n FROM notes').get()).toEqual({ n: 500 });
    reader.close();
  });

  it('closes once, however often it is asked', async () => {
    db = new Database(filename);
    db.pragma('journal_mode = WAL');
    checkpoints = new BackgroundCheckpoint(filename, 20);
    await Promise.all([checkpoints.close(), checkpoints.close()]);
    await checkpoints.close();
  });
});
