import { mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import Database from 'better-sqlite3';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { loadApiConfig } from '../config/load.js';
import { openDatabase } from '../db/connect.js';
import { createBackup } from './create-backup.js';
import { restoreBackup } from './restore-backup.js';
import { TarWriter } from './tar.js';

// A backup holds every finished recording, rows and files agreeing: one still being recorded is
// left out whole (its files are being written), a track whose file is gone is struck, files no row
// lists stay behind; after the restore, every listed track has its file, byte for byte.
let root: string;
let dataDir: string;
beforeEach(() => {
  root = mkdtempSync(path.join(tmpdir(), 'riffroom-backup-recordings-'));
  dataDir = path.join(root, 'data');
});
afterEach(() => rmSync(root, { recursive: true, force: true }));

const track = (file: string, bytes: number) => ({
  file,
  kind: 'program',
  label: 'Program audio',
  userId: null,
  offsetMs: 0,
  bytes,
});

async function dataDirWithRecordings() {
  const config = loadApiConfig({}, { dataDir });
  const db = await openDatabase(config);
  await db('users').insert({
    firebase_uid: 'u1',
    user_name: 'Ada',
    user_username: 'ada',
    user_username_key: 'ada',
    user_email: 'ada@example.test',
    user_style: '[]',
    created_at: 1,
    updated_at: 1,
  });
  await db('users').insert({
    firebase_uid: 'u2',
    user_name: 'Bo',
    user_username: 'bo',
    user_username_key: 'bo',
    user_email: 'bo@example.test',
    user_style: '[]',
    created_at: 1,
    updated_at: 1,
  });
  const files: Record<string, Buffer> = {
    'doneRecording1/program.ogg': Buffer.from('OggS finished take '.repeat(500)),
    'doneRecording1/screen.webm': Buffer.from('webm finished take '.repeat(900)),
    'liveRecording1/program.ogg': Buffer.from('OggS still being written'),
    'partRecording1/program.ogg': Buffer.from('OggS one of two tracks left'),
    'goneRecording1/.keep.ogg': Buffer.from('not a track name'),
    'strayRecording/program.ogg': Buffer.from('no row lists this'),
  };
  for (const [name, contents] of Object.entries(files)) {
    mkdirSync(path.join(dataDir, 'recordings', path.dirname(name)), { recursive: true });
    writeFileSync(path.join(dataDir, 'recordings', name), contents);
  }
  const row = (id: string, status: string, tracks: ReturnType<typeof track>[]) => ({
    recording_id: id,
    room_id: 'room1',
    host_uid: 'u1',
    started_at: 1,
    status,
    tracks: JSON.stringify(tracks),
    size_bytes: tracks.reduce((sum, t) => sum + t.bytes, 0),
  });
  await db('recordings').insert([
    row('doneRecording1', 'complete', [track('program.ogg', 9500), track('screen.webm', 17100)]),
    row('liveRecording1', 'recording', [track('program.ogg', 24)]),
    row('partRecording1', 'interrupted', [track('program.ogg', 27), track('program-2.ogg', 100)]),
    row('goneRecording1', 'complete', [track('program.ogg', 50)]),
  ]);
  await db('recording_shares').insert([
    { recording_id: 'doneRecording1', firebase_uid: 'u2' },
    { recording_id: 'liveRecording1', firebase_uid: 'u2' },
  ]);
  return { config, db, files };
}

function restoredRows(dir: string) {
  const db = new Database(path.join(dir, 'riffroom.sqlite'), { readonly: true });
  try {
    return {
      rows: db.prepare('SELECT recording_id, tracks, size_bytes FROM recordings ORDER BY recording_id').all() as {
        recording_id: string;
        tracks: string;
        size_bytes: number;
      }[],
      shares: db.prepare('SELECT recording_id FROM recording_shares').all(),
    };
  } finally {
    db.close();
  }
}

describe('a backup and its recordings', () => {
  it('holds the finished ones, rows agreeing with files, and says which it left out', async () => {
    const { config, db, files } = await dataDirWithRecordings();
    const archive = path.join(root, 'backup.tar');
    const manifest = await createBackup(config, archive).finally(() => db.destroy());
    expect(manifest.recordingsCopy).toMatchObject({ recordings: 2 });
    expect(manifest.files.filter((file) => file.role === 'recording').map((file) => file.name)).toEqual([
      'recordings/doneRecording1/program.ogg',
      'recordings/doneRecording1/screen.webm',
      'recordings/partRecording1/program.ogg',
    ]);
    expect(manifest.notes).toEqual(
      expect.arrayContaining([
        expect.stringMatching(/^Recording liveRecording1 skipped: it was still being recorded/),
        expect.stringMatching(/^Recording partRecording1: 1 track\(s\) whose file is gone left out/),
        expect.stringMatching(/^Recording goneRecording1 left out: none of its files is on disk/),
      ]),
    );

    // Wiped: only the archive is left. Restored: every listed track has its file, byte for byte.
    rmSync(dataDir, { recursive: true, force: true });
    const restored = path.join(root, 'restored');
    restoreBackup(archive, restored);
    expect(readdirSync(path.join(restored, 'recordings')).sort()).toEqual(['doneRecording1', 'partRecording1']);
    for (const name of ['doneRecording1/program.ogg', 'doneRecording1/screen.webm', 'partRecording1/program.ogg']) {
      expect(readFileSync(path.join(restored, 'recordings', name))).toEqual(files[name]);
      expect((statSync(path.join(restored, 'recordings', name)).mode & 0o777).toString(8)).toBe('600');
    }
    const { rows, shares } = restoredRows(restored);
    expect(rows.map((row) => row.recording_id)).toEqual(['doneRecording1', 'partRecording1']);
    for (const row of rows) {
      const tracks = JSON.parse(row.tracks) as { file: string; bytes: number }[];
      for (const t of tracks)
        expect(statSync(path.join(restored, 'recordings', row.recording_id, t.file)).size).toBe(t.bytes);
      expect(Number(row.size_bytes)).toBe(tracks.reduce((sum, t) => sum + t.bytes, 0));
    }
    expect(shares).toEqual([{ recording_id: 'doneRecording1' }]);
  });

  it('leaves every recording out, rows and files, with --without-recordings', async () => {
    const { config, db } = await dataDirWithRecordings();
    const archive = path.join(root, 'backup.tar');
    const manifest = await createBackup(config, archive, { withRecordings: false }).finally(() => db.destroy());
    expect(manifest.files.map((file) => file.role)).toEqual(['database']);
    expect(manifest.notes).toContain('Recordings left out (--without-recordings): 4.');
    const restored = path.join(root, 'restored');
    restoreBackup(archive, restored);
    expect(readdirSync(restored)).not.toContain('recordings');
    expect(restoredRows(restored)).toEqual({ rows: [], shares: [] });
  });

  it('refuses a recording track whose name is not recordings/<id>/<track file>, writing nothing', () => {
    const archive = path.join(root, 'forged.tar');
    const name = 'recordings/abcdefgh/../../../escaped.ogg';
    const tar = new TarWriter(archive);
    const manifest = {
      format: 'riffroom-backup',
      formatVersion: 1,
      createdAt: new Date().toISOString(),
      migrations: null,
      files: [{ role: 'recording', name, size: 1, sha256: '0'.repeat(64) }],
      notes: [],
    };
    tar.addBuffer('manifest.json', Buffer.from(JSON.stringify(manifest)));
    tar.addBuffer(name, Buffer.from('x'));
    tar.close();
    expect(() => restoreBackup(archive, path.join(root, 'restored'))).toThrow(/not a backup: .*recording track/);
    expect(readdirSync(root).sort()).toEqual(['forged.tar']);
  });
});
