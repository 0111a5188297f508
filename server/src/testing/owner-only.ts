import { readdirSync, statSync } from 'node:fs';
import path from 'node:path';
import { expect } from 'vitest';

/**
 * Asserts DATA_DIR as the box keeps it: the directory 0700, the database, its -wal and -shm, and the key
 * 0600, and every directory inside (the projects' files, recordings) 0700.
 */
export function expectOwnerOnlyDataDir(dataDir: string): void {
  const modeOf = (file: string) => (statSync(file).mode & 0o777).toString(8);
  expect(modeOf(dataDir)).toBe('700');
  const files = readdirSync(dataDir);
  expect(files).toEqual(
    expect.arrayContaining([
      'riffroom.sqlite',
      'riffroom.sqlite-wal',
      'riffroom.sqlite-shm',
      'identity-signing-key.json',
    ]),
  );
  for (const file of files) {
    const full = path.join(dataDir, file);
    expect([file, modeOf(full)]).toEqual([file, statSync(full).isDirectory() ? '700' : '600']);
  }
}
