import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadApiConfig } from '../config/load.js';
import { connectDatabase, openDatabase, type Db } from '../db/connect.js';
import { createLogger } from '../logger.js';
import { jobsRepository } from '../repositories/jobs.js';
import { JobWorker } from './job-worker.js';

// Two workers on two connections to one SQLite file stand for two API processes: every job runs in
// exactly one of them, a failing one is retried later and then given up, and a lease that ran out
// (its worker died) is taken over.
let dataDir: string;
let first: Db;
let second: Db;
const logger = createLogger('silent');
const timings = { pollMs: 60_000, leaseMs: 60_000, maxAttempts: 3, backoffMs: 1_000 };

beforeAll(async () => {
  dataDir = mkdtempSync(path.join(tmpdir(), 'riffroom-jobs-'));
  const config = loadApiConfig({}, { dataDir, logLevel: 'silent' });
  first = await openDatabase(config);
  second = connectDatabase(config);
});

afterAll(async () => {
  await first?.destroy();
  await second?.destroy();
  rmSync(dataDir, { recursive: true, force: true });
});

describe('the job worker', () => {
  it('runs each job once across two workers draining at the same time', async () => {
    const ran: number[][] = [[], []];
    const workers = [first, second].map((db, i) =>
      new JobWorker(jobsRepository(db), timings, logger).handle('count', async (payload) => {
        ran[i]!.push((payload as { n: number }).n);
      }),
    );
    const jobs = jobsRepository(first);
    for (let n = 0; n < 40; n += 1) await jobs.enqueue({ kind: 'count', payload: { n }, runAt: 0 }, 0);
    await Promise.all(workers.map((worker) => worker.drain()));
    const all = [...ran[0]!, ...ran[1]!].sort((a, b) => a - b);
    expect(all).toEqual(Array.from({ length: 40 }, (_, n) => n));
    await Promise.all(workers.map((worker) => worker.close()));
  });

  it('retries a failing job with a growing wait, then gives it up', async () => {
    let now = 1_000_000;
    const worker = new JobWorker(jobsRepository(first), { ...timings, now: () => now }, logger).handle(
      'flaky',
      async () => {
        throw new Error('SMTP said 451');
      },
    );
    const jobs = jobsRepository(first);
    const id = await jobs.enqueue({ kind: 'flaky', payload: {}, runAt: now }, now);
    expect(await worker.drain()).toBe(1);
    expect(await jobs.find(id)).toMatchObject({ attempts: 1, run_at: now + 1_000, last_error: 'SMTP said 451' });
    expect(await worker.drain()).toBe(0); // Not due yet.
    now += 1_000;
    await worker.drain();
    expect(await jobs.find(id)).toMatchObject({ attempts: 2, run_at: now + 2_000, failed_at: null });
    now += 2_000;
    await worker.drain();
    expect((await jobs.find(id))!.failed_at).toBe(now);
    now += 3600_000;
    expect(await worker.drain()).toBe(0);
    await worker.close();
  });

  it("takes over a job whose worker's lease ran out, and the late worker cannot complete it", async () => {
    let now = 5_000_000;
    const jobs = jobsRepository(first);
    const id = await jobs.enqueue({ kind: 'lost', payload: {}, runAt: now }, now);
    const dead = await jobs.claim('dead-worker', 1_000, now, ['lost']);
    expect(dead?.id).toBe(id);
    const ran: string[] = [];
    const worker = new JobWorker(jobsRepository(second), { ...timings, now: () => now }, logger).handle(
      'lost',
      async () => {
        ran.push('ran');
      },
    );
    expect(await worker.drain()).toBe(0); // Leased, and the lease still runs.
    now += 1_001;
    expect(await worker.drain()).toBe(1);
    expect(ran).toEqual(['ran']);
    expect(await jobs.complete(id, 'dead-worker', now)).toBe(false);
    expect((await jobs.find(id))!.done_at).toBe(now);
    // Housekeeping deletes finished jobs older than its cut-off, and nothing still to do.
    const pending = await jobs.enqueue({ kind: 'lost', payload: {}, runAt: now + 10_000 }, now);
    await jobs.deleteFinished(now + 1);
    expect(await jobs.find(id)).toBeUndefined();
    expect(await jobs.find(pending)).toBeDefined();
    await worker.close();
  });
});
