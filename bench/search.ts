/**
 * `npm run bench -- search`: marketplace search (issue 35) at 100,000 people, 200,000 offers and
 * 1,000,000 sessions, on SQLite FTS5 and on PostgreSQL 15 full-text, side by side: p50/p99 of
 * five typical searches (text, filters, free-between) through the search service as the API runs
 * it, beside the raw full-text query alone (the floor). Target: p99 under 50 ms on SQLite.
 * `--scale 0.1` runs a tenth of the data (a busy box); `--smoke` a tiny set; `--no-pg` SQLite only.
 */
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { searchQuerySchema } from '@riffroom/protocol';
import { loadApiConfig } from '../server/src/config/load.js';
import { openDatabase, type Db } from '../server/src/db/connect.js';
import { availabilityRepository } from '../server/src/repositories/availability.js';
import { marketSearchRepository } from '../server/src/repositories/market-search.js';
import { usersRepository } from '../server/src/repositories/users.js';
import { AvailabilityService } from '../server/src/services/market/availability.js';
import { MarketSearchService } from '../server/src/services/market/search.js';
import { startPostgresServer } from '../tests/support/postgres-server.js';
import { summarize, type Summary } from './api-messages/stats.js';
import { formatTable } from './lib/report.js';
import { seedMarket, type SearchBenchSize } from './search/seed.js';

const args = process.argv.slice(2);
const valueOf = (flag: string) => (args.includes(flag) ? args[args.indexOf(flag) + 1] : undefined);
const scale = args.includes('--smoke') ? 0.002 : Number(valueOf('--scale') ?? 1);
const size: SearchBenchSize = {
  people: Math.round(100_000 * scale),
  offers: Math.round(200_000 * scale),
  sessions: Math.round(1_000_000 * scale),
};
const iterations = args.includes('--smoke') ? 5 : 50;
const outDir = path.resolve(valueOf('--out') ?? path.join(path.dirname(fileURLToPath(import.meta.url)), 'results'));
const DAY = 86_400_000;
const now = Date.now();

const nextWeek = { freeFrom: new Date(now + 7 * DAY).toISOString(), freeTo: new Date(now + 14 * DAY).toISOString() };
/** What people would type: a genre and a service, a half name, gear, a quality bar, a budget next week. */
const SEARCHES: Record<string, Record<string, unknown>> = {
  'latin mixing under $150': { q: 'latin mixing', genre: 'Latin', maxRate: 150 },
  'name prefix "mari"': { q: 'mari' },
  'studio with a Neve in Berlin': { q: 'neve', kind: 'studio-time', where: 'in-person', city: 'Berlin' },
  'mastering rated 4+ by rating': { q: 'mastering', minRating: 4, sort: 'rating' },
  'mixing, Latin, free next week, soonest': {
    kind: 'mixing',
    genre: 'Latin',
    maxRate: 200,
    sort: 'soonest',
    ...nextWeek,
  },
};
const FLOOR_TEXT = 'latin mixing';

async function time(run: () => Promise<unknown>): Promise<Summary> {
  for (let i = 0; i < 3; i += 1) await run();
  const samples: number[] = [];
  for (let i = 0; i < iterations; i += 1) {
    const began = performance.now();
    await run();
    samples.push(performance.now() - began);
  }
  return summarize(samples);
}

async function measure(engine: string, db: Db) {
  const users = usersRepository(db);
  const search = new MarketSearchService(
    marketSearchRepository(db),
    users,
    new AvailabilityService(availabilityRepository(db), users),
  );
  const rows: { engine: string; search: string; results: number; summary: Summary }[] = [];
  const floor = await time(() => marketSearchRepository(db).textOnly(FLOOR_TEXT, 20));
  rows.push({ engine, search: `raw full-text "${FLOOR_TEXT}" (floor)`, results: 20, summary: floor });
  for (const [name, query] of Object.entries(SEARCHES)) {
    const parsed = searchQuerySchema.parse({ zone: 'America/New_York', ...query });
    const results = (await search.find(parsed)).results.length;
    rows.push({ engine, search: name, results, summary: await time(() => search.find(parsed)) });
  }
  return rows;
}

async function onSqlite() {
  const dataDir = mkdtempSync(path.join(tmpdir(), 'riffroom-bench-search-'));
  const db = await openDatabase(loadApiConfig({}, { dataDir, logLevel: 'silent', sqliteSynchronous: 'NORMAL' }));
  try {
    const began = Date.now();
    await seedMarket(db, size, now);
    console.log(`SQLite seeded in ${((Date.now() - began) / 1000).toFixed(1)} s`);
    return await measure('SQLite FTS5', db);
  } finally {
    await db.destroy();
    rmSync(dataDir, { recursive: true, force: true });
  }
}

async function onPostgres() {
  const postgres = await startPostgresServer();
  const dataDir = mkdtempSync(path.join(tmpdir(), 'riffroom-bench-search-pg-'));
  const db = await openDatabase(
    loadApiConfig({}, { dataDir, logLevel: 'silent', database: { client: 'pg', connection: postgres.url } }),
  );
  try {
    const began = Date.now();
    // Row triggers would rebuild a document per inserted row; the seed builds each once at the end.
    await db.raw('ALTER TABLE users DISABLE TRIGGER USER');
    await db.raw('ALTER TABLE offers DISABLE TRIGGER USER');
    await seedMarket(db, size, now, 1000);
    await db.raw('INSERT INTO market_people (uid) SELECT firebase_uid FROM users ON CONFLICT (uid) DO NOTHING');
    await db.raw('SELECT market_refresh(uid) FROM market_people');
    await db.raw('ALTER TABLE users ENABLE TRIGGER USER');
    await db.raw('ALTER TABLE offers ENABLE TRIGGER USER');
    await db.raw('ANALYZE');
    console.log(`PostgreSQL seeded in ${((Date.now() - began) / 1000).toFixed(1)} s`);
    return await measure('PostgreSQL full-text', db);
  } finally {
    await db.destroy();
    await postgres.stop();
    rmSync(dataDir, { recursive: true, force: true });
  }
}

console.log(`search: ${size.people} people, ${size.offers} offers, ${size.sessions} sessions, ${iterations} runs each`);
const rows = [...(await onSqlite()), ...(args.includes('--no-pg') ? [] : await onPostgres())];
console.log(
  formatTable(
    ['engine', 'search', 'results', 'p50 ms', 'p99 ms'],
    rows.map((row) => [
      row.engine,
      row.search,
      String(row.results),
      row.summary.p50.toFixed(2),
      row.summary.p99.toFixed(2),
    ]),
  ),
);
mkdirSync(outDir, { recursive: true });
writeFileSync(
  path.join(outDir, 'search.json'),
  JSON.stringify({ size, iterations, at: new Date(now).toISOString(), rows }, null, 2),
);
console.log(`wrote ${path.join(outDir, 'search.json')}`);
