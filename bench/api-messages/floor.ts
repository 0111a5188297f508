/**
 * The floor: the exact SQL the API ran for one request (captured from knex's query events),
 * replayed through raw better-sqlite3 prepared statements. What is left between this and the API
 * figure is HTTP, Koa, token verification, knex and JSON.
 */
import type Database from 'better-sqlite3';
import { summarize, type Summary } from './stats.js';

export interface CapturedQuery {
  sql: string;
  /** Absent for statements without parameters (BEGIN, COMMIT). */
  bindings?: unknown[];
}

export interface FloorResult extends Summary {
  /** CPU milliseconds per replay: unlike wall time, barely moved by other work on a busy box. */
  cpuMs: number;
}

export function replay(
  db: Database.Database,
  queries: CapturedQuery[],
  iterations: number,
  warmup: number,
): FloorResult {
  // A transaction's BEGIN and COMMIT arrive without bindings; replaying them keeps the write atomic.
  const statements = queries.map((query) => ({ statement: db.prepare(query.sql), bindings: query.bindings ?? [] }));
  const runAll = () => {
    for (const { statement, bindings } of statements) {
      if (statement.reader) statement.all(...bindings);
      else statement.run(...bindings);
    }
  };
  for (let i = 0; i < warmup; i += 1) runAll();
  const samples: number[] = [];
  const cpu = process.cpuUsage();
  for (let i = 0; i < iterations; i += 1) {
    const started = process.hrtime.bigint();
    runAll();
    samples.push(Number(process.hrtime.bigint() - started) / 1e6);
  }
  const used = process.cpuUsage(cpu);
  return { ...summarize(samples), cpuMs: (used.user + used.system) / 1000 / Math.max(iterations, 1) };
}

/** SQLite's plan for each query, to see which index (or none) it walks. */
export function plans(db: Database.Database, queries: CapturedQuery[]): string[][] {
  return queries.map((query) => {
    const rows = db.prepare(`EXPLAIN QUERY PLAN ${query.sql}`).all(...(query.bindings ?? [])) as { detail: string }[];
    return rows.map((row) => row.detail);
  });
}
