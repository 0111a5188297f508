import { describe, expect, it } from 'vitest';
import { TokenBuckets } from './token-buckets.js';

describe('TokenBuckets', () => {
  it('allows a burst, then refuses until the refill brings a token back', () => {
    let now = 0;
    const buckets = new TokenBuckets({ burst: 3, perMinute: 6 }, () => now);
    expect([1, 2, 3].map(() => buckets.take('a').ok)).toEqual([true, true, true]);
    const refused = buckets.take('a');
    expect(refused.ok).toBe(false);
    expect(refused.retryAfterMs).toBe(10_000);
    now = 9_999;
    expect(buckets.take('a').ok).toBe(false);
    now = 10_000;
    expect(buckets.take('a').ok).toBe(true);
  });

  it('keeps keys apart', () => {
    const buckets = new TokenBuckets({ burst: 1, perMinute: 1 }, () => 0);
    expect(buckets.take('a').ok).toBe(true);
    expect(buckets.take('a').ok).toBe(false);
    expect(buckets.take('b').ok).toBe(true);
  });

  it('never refills past the burst', () => {
    let now = 0;
    const buckets = new TokenBuckets({ burst: 2, perMinute: 60 }, () => now);
    buckets.take('a');
    now = 3_600_000;
    expect([1, 2, 3].map(() => buckets.take('a').ok)).toEqual([true, true, false]);
  });

  it('refund gives a token back, reset forgets the key', () => {
    const buckets = new TokenBuckets({ burst: 1, perMinute: 1 }, () => 0);
    buckets.take('a');
    buckets.refund('a');
    expect(buckets.take('a').ok).toBe(true);
    buckets.reset('a');
    expect(buckets.take('a').ok).toBe(true);
  });

  it('holds at most maxKeys, dropping the least recently used', () => {
    const buckets = new TokenBuckets({ burst: 1, perMinute: 1 }, () => 0, 2);
    buckets.take('a');
    buckets.take('b');
    buckets.take('a'); // a is now the most recent
    buckets.take('c'); // evicts b
    expect(buckets.size).toBe(2);
    expect(buckets.take('a').ok).toBe(false); // a was kept, still empty
    expect(buckets.take('b').ok).toBe(true); // b was dropped: it starts full again
  });
});
