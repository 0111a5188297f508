import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loginThrottleSchema } from '../../config/limits.js';
import { loadApiConfig } from '../../config/load.js';
import { openDatabase, type Db } from '../../db/connect.js';
import { loginFailuresRepository } from '../../repositories/login-failures.js';
import { LoginThrottle } from './login-throttle.js';

let dir: string;
let db: Db;
beforeAll(async () => {
  dir = mkdtempSync(path.join(tmpdir(), 'riffroom-throttle-'));
  db = await openDatabase(loadApiConfig({}, { dataDir: dir }));
});
afterAll(async () => {
  await db.destroy();
  rmSync(dir, { recursive: true, force: true });
});

/** A throttle on the shared database with its own clock; each test uses its own account names. */
function throttle(settings: Record<string, number> = {}) {
  const clock = { now: Date.UTC(2030, 0, 1) };
  const subject = new LoginThrottle(loginFailuresRepository(db), loginThrottleSchema.parse(settings), () => clock.now);
  const fail = async (account: string, address: string) => {
    await subject.reserve(account, address);
    await subject.failed();
  };
  const waitOf = (account: string, address: string) =>
    subject.reserve(account, address).then(
      () => 0,
      (error: { status: number; retryAfterMs: number }) => {
        expect(error.status).toBe(429);
        return error.retryAfterMs;
      },
    );
  return { subject, clock, fail, waitOf };
}

describe('LoginThrottle', () => {
  it('lets a pair fail freely 5 times, then doubles its wait after each failure', async () => {
    const { clock, fail, waitOf } = throttle();
    for (let i = 0; i < 5; i += 1) await fail('a@x', '10.0.0.1');
    expect(await waitOf('a@x', '10.0.0.1')).toBe(1000);
    clock.now += 1000;
    await fail('a@x', '10.0.0.1');
    expect(await waitOf('a@x', '10.0.0.1')).toBe(2000);
    clock.now += 2000;
    await fail('a@x', '10.0.0.1');
    expect(await waitOf('a@x', '10.0.0.1')).toBe(4000);
    // Another address, and another account from the same address, are untouched.
    expect(await waitOf('a@x', '10.0.0.2')).toBe(0);
    expect(await waitOf('b@x', '10.0.0.1')).toBe(0);
  });

  it('caps the wait at the maximum', async () => {
    const { clock, fail, waitOf } = throttle({ freeFailures: 1, backoffMaxSeconds: 5 });
    for (let i = 0; i < 6; i += 1) {
      await fail('cap@x', '10.0.1.1');
      clock.now += 10_000;
    }
    clock.now -= 10_000;
    expect(await waitOf('cap@x', '10.0.1.1')).toBe(5000);
  });

  it('counts concurrent attempts one after another: only the free ones get through', async () => {
    const { subject } = throttle();
    const results = await Promise.allSettled(Array.from({ length: 30 }, () => subject.reserve('race@x', '10.0.2.1')));
    expect(results.filter((r) => r.status === 'fulfilled')).toHaveLength(5);
  });

  it('starts a pair afresh after a right password', async () => {
    const { subject, fail, waitOf } = throttle();
    for (let i = 0; i < 4; i += 1) await fail('ok@x', '10.0.3.1');
    await subject.succeeded(await subject.reserve('ok@x', '10.0.3.1'));
    for (let i = 0; i < 4; i += 1) await fail('ok@x', '10.0.3.1');
    expect(await waitOf('ok@x', '10.0.3.1')).toBe(0);
  });

  it('holds an address that fails across many accounts, until its oldest failure leaves the window', async () => {
    const { clock, fail, waitOf } = throttle({ failuresPerAddress: 3, windowMinutes: 10 });
    await fail('s1@x', '10.0.4.1');
    clock.now += 60_000;
    await fail('s2@x', '10.0.4.1');
    await fail('s3@x', '10.0.4.1');
    expect(await waitOf('s4@x', '10.0.4.1')).toBe(9 * 60_000);
    expect(await waitOf('s4@x', '10.0.4.2')).toBe(0);
  });

  it('holds an account failing from many addresses, except at an address its owner signed in from', async () => {
    const { subject, fail, waitOf } = throttle({ failuresPerAccount: 4 });
    await subject.succeeded(await subject.reserve('owner@x', '10.0.5.99'));
    for (let i = 1; i <= 4; i += 1) await fail('owner@x', `10.0.5.${i}`);
    expect(await waitOf('owner@x', '10.0.5.50')).toBeGreaterThan(0);
    expect(await waitOf('owner@x', '10.0.5.99')).toBe(0);
  });

  it('does not count an attempt it cancels', async () => {
    const { subject, waitOf } = throttle({ freeFailures: 1 });
    await subject.cancel(await subject.reserve('busy@x', '10.0.6.1'));
    expect(await waitOf('busy@x', '10.0.6.1')).toBe(0);
  });
});
