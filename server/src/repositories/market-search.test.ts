import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe } from 'vitest';
import { loadApiConfig } from '../config/load.js';
import { openDatabase, type Db } from '../db/connect.js';
import { marketSearchScenario } from '../testing/market-search-scenario.js';

let dataDir: string;
let db: Db;
beforeAll(async () => {
  dataDir = mkdtempSync(path.join(tmpdir(), 'riffroom-search-'));
  db = await openDatabase(loadApiConfig({}, { dataDir, logLevel: 'silent' }));
});
afterAll(async () => {
  await db.destroy();
  rmSync(dataDir, { recursive: true, force: true });
});

describe('marketplace search on SQLite FTS5', () => {
  marketSearchScenario(() => db);
});
