import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadApiConfig } from '../config/load.js';
import { openDatabase, type Db } from '../db/connect.js';
import { emailLinksRepository } from './email-links.js';
import { usersRepository } from './users.js';

let dataDir: string;
let db: Db;

beforeAll(async () => {
  dataDir = mkdtempSync(path.join(tmpdir(), 'riffroom-links-'));
  db = await openDatabase(loadApiConfig({}, { dataDir, logLevel: 'silent' }));
  await usersRepository(db).insert('u1', { user_email: 'u1@example.test', user_username: 'u1' }, 0);
});

afterAll(async () => {
  await db?.destroy();
  rmSync(dataDir, { recursive: true, force: true });
});

const link = (hash: string, expiresAt: number) => ({
  token_hash: hash,
  user_uid: 'u1',
  purpose: 'booking-answer',
  subject_id: 7,
  expires_at: expiresAt,
});

describe('email links', () => {
  it('work once, until they expire, and one of many racing clicks gets the link', async () => {
    const links = emailLinksRepository(db);
    await links.insert(link('a'.repeat(64), 2000));
    await links.insert(link('b'.repeat(64), 2000));
    expect(await links.redeem('a'.repeat(64), 2000)).toBeNull(); // Expired at its instant.
    const racing = await Promise.all(Array.from({ length: 5 }, () => links.redeem('b'.repeat(64), 1000)));
    expect(racing.filter((row) => row !== null)).toEqual([expect.objectContaining({ subject_id: 7, used_at: 1000 })]);
    expect(await links.redeem('c'.repeat(64), 1000)).toBeNull();
    await links.deleteExpired(2001);
    expect(await db('email_links').count({ n: '*' }).first()).toEqual({ n: 0 });
  });
});
