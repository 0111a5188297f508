import { describe, expect, it } from 'vitest';
import { AppError } from '../errors.js';
import { BoundedConcurrency } from './bounded-concurrency.js';

/** A job that finishes when the test says so. */
function gated() {
  let finish!: () => void;
  const done = new Promise<void>((resolve) => (finish = resolve));
  let started = false;
  return { job: () => ((started = true), done), finish, started: () => started };
}

describe('BoundedConcurrency', () => {
  it('runs up to its concurrency, queues up to its limit and refuses the rest with 503', async () => {
    const gate = new BoundedConcurrency(2, 1);
    const jobs = [gated(), gated(), gated()];
    const runs = jobs.map((j) => gate.run(j.job));
    expect(jobs.map((j) => j.started())).toEqual([true, true, false]);
    await expect(gate.run(async () => 'late')).rejects.toMatchObject({ status: 503, code: 'rate/limited' });

    jobs[0]!.finish();
    await runs[0];
    expect(jobs[2]!.started()).toBe(true);
    jobs[1]!.finish();
    jobs[2]!.finish();
    await Promise.all(runs);
    expect(await gate.run(async () => 'again')).toBe('again');
  });

  it('frees its place when a job throws', async () => {
    const gate = new BoundedConcurrency(1, 0);
    await expect(gate.run(() => Promise.reject(new Error('boom')))).rejects.toThrow('boom');
    expect(await gate.run(async () => 1)).toBe(1);
    const refused = await gate.run(() => gate.run(async () => 2)).catch((error: unknown) => error);
    expect(refused).toBeInstanceOf(AppError);
  });
});
