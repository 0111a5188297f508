import { chmodSync, mkdtempSync, readdirSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { loadApiConfig } from './config/load.js';
import { openDatabase } from './db/connect.js';
import { loadOrCreateSigningKey } from './identity/local/signing-key.js';
import { expectOwnerOnlyDataDir } from './testing/owner-only.js';

const modeOf = (file: string) => statSync(file).mode & 0o777;

let root: string;
let umask: number;
beforeEach(() => {
  root = mkdtempSync(path.join(tmpdir(), 'riffroom-private-'));
  // The permissive umask of many hosts: without care, new files come out 0644 and directories 0755.
  umask = process.umask(0o022);
});
afterEach(() => {
  process.umask(umask);
  rmSync(root, { recursive: true, force: true });
});

describe('DATA_DIR', () => {
  it('is created 0700 with the database, its -wal and -shm, and the key all 0600', async () => {
    const dataDir = path.join(root, 'data');
    // Migrations write through the WAL, so the -wal and -shm files exist once it opened.
    const db = await openDatabase(loadApiConfig({}, { dataDir }));
    await loadOrCreateSigningKey(path.join(dataDir, 'identity-signing-key.json'));
    try {
      expectOwnerOnlyDataDir(dataDir);
    } finally {
      await db.destroy();
    }
  });

  it('tightens a directory and files an older version left readable', async () => {
    const dataDir = path.join(root, 'old');
    const first = await openDatabase(loadApiConfig({}, { dataDir }));
    await first.destroy();
    await loadOrCreateSigningKey(path.join(dataDir, 'identity-signing-key.json'));
    chmodSync(dataDir, 0o755);
    for (const file of readdirSync(dataDir)) chmodSync(path.join(dataDir, file), 0o644);

    const again = await openDatabase(loadApiConfig({}, { dataDir }));
    await loadOrCreateSigningKey(path.join(dataDir, 'identity-signing-key.json'));
    await again.destroy();
    expect(modeOf(dataDir)).toBe(0o700);
    for (const file of readdirSync(dataDir)) expect([file, modeOf(path.join(dataDir, file))]).toEqual([file, 0o600]);
  });
});

describe('the signing key', () => {
  it('is written whole through a temp file, and processes starting together share one key', async () => {
    const file = path.join(root, 'keys', 'identity-signing-key.json');
    const keys = await Promise.all([1, 2, 3, 4].map(() => loadOrCreateSigningKey(file)));
    expect(new Set(keys.map((key) => key.kid)).size).toBe(1);
    // No temp file is left behind.
    expect(readdirSync(path.dirname(file))).toEqual(['identity-signing-key.json']);
    expect(modeOf(file)).toBe(0o600);
  });
});
