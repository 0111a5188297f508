import { describe, expect, it } from 'vitest';
import { Readiness } from './readiness.js';

describe('Readiness', () => {
  it('is ready when every part answers, and names each part that throws', async () => {
    let redisUp = true;
    const readiness = new Readiness([
      { name: 'database', check: () => {} },
      {
        name: 'redis',
        check: async () => {
          if (!redisUp) throw new Error('down');
        },
      },
    ]);
    expect(await readiness.report()).toEqual({ ok: true, failing: [] });
    redisUp = false;
    expect(await readiness.report()).toEqual({ ok: false, failing: ['redis'] });
  });

  it('names a part once when two of its checks fail (the media role checks two Redis connections)', async () => {
    const down = () => {
      throw new Error('down');
    };
    const readiness = new Readiness([
      { name: 'redis', check: down },
      { name: 'workers', check: () => {} },
      { name: 'redis', check: down },
    ]);
    expect(await readiness.report()).toEqual({ ok: false, failing: ['redis'] });
  });

  it('counts a part that does not answer within the timeout as down', async () => {
    const readiness = new Readiness(
      [
        { name: 'database', check: () => new Promise<void>(() => {}) },
        { name: 'workers', check: () => {} },
      ],
      () => false,
      50,
    );
    expect(await readiness.report()).toEqual({ ok: false, failing: ['database'] });
  });

  it('answers draining alone while the process drains', async () => {
    let draining = false;
    const readiness = new Readiness([{ name: 'database', check: () => {} }], () => draining);
    expect((await readiness.report()).ok).toBe(true);
    draining = true;
    expect(await readiness.report()).toEqual({ ok: false, failing: ['draining'] });
  });
});
