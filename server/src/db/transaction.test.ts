import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadApiConfig } from '../config/load.js';
import { openDatabase, type Db } from './connect.js';
import { withTransaction } from './transaction.js';

// On the API's own SQLite set-up (one pooled connection). PostgreSQL runs the same statements:
// tests/integration/postgres-messages.test.ts covers it there.
let dataDir: string;
let db: Db;

beforeAll(async () => {
  dataDir = mkdtempSync(path.join(tmpdir(), 'riffroom-transaction-'));
  db = await openDatabase(loadApiConfig({}, { dataDir, logLevel: 'silent' }));
  await db.schema.createTable('ledger', (t) => {
    t.increments('id');
    t.string('entry').notNullable();
  });
});

afterAll(async () => {
  await db?.destroy();
  if (dataDir) rmSync(dataDir, { recursive: true, force: true });
});

const entries = async () => (await db('ledger').orderBy('id').pluck('entry')) as string[];

describe('withTransaction', () => {
  it('commits every statement of the work and returns its result', async () => {
    const result = await withTransaction(db, async (tx) => {
      await tx.table('ledger').insert({ entry: 'a' });
      await tx.raw('INSERT INTO ledger (entry) VALUES (?)', ['b']);
      return 'done';
    });
    expect(result).toBe('done');
    expect(await entries()).toEqual(['a', 'b']);
  });

  it('undoes every statement when the work throws, rethrows, and leaves the connection usable', async () => {
    await expect(
      withTransaction(db, async (tx) => {
        await tx.table('ledger').insert({ entry: 'c' });
        throw new Error('changed my mind');
      }),
    ).rejects.toThrow('changed my mind');
    await expect(
      withTransaction(db, async (tx) => {
        await tx.table('ledger').insert({ entry: 'd' });
        await tx.table('ledger').insert({ entry: null }); // violates NOT NULL
      }),
    ).rejects.toThrow(/NOT NULL/);
    expect(await entries()).toEqual(['a', 'b']);
    // Outside any transaction again: a plain write is committed on its own.
    await db('ledger').insert({ entry: 'e' });
    expect(await entries()).toEqual(['a', 'b', 'e']);
  });

  it('keeps concurrent transactions apart: none sees or undoes another', async () => {
    await Promise.all(
      Array.from({ length: 8 }, (_, i) =>
        withTransaction(db, async (tx) => {
          await tx.table('ledger').insert({ entry: `t${i}` });
          if (i % 2 === 1) throw new Error(`t${i} fails`);
        }).catch(() => undefined),
      ),
    );
    expect((await entries()).filter((entry) => entry.startsWith('t')).sort()).toEqual(['t0', 't2', 't4', 't6']);
  });
});
