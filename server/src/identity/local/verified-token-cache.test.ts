import { describe, expect, it } from 'vitest';
import { VerifiedTokenCache } from './verified-token-cache.js';

const claims = (uid: string) => ({ uid, email: `${uid}@example.test`, displayName: null, sessionId: `s-${uid}` });

describe('VerifiedTokenCache', () => {
  it('answers a verified token until its expiry, then forgets it', () => {
    let now = 1_000;
    const cache = new VerifiedTokenCache(10, () => now);
    cache.set('token-a', claims('a'), 2_000);
    expect(cache.get('token-a')).toEqual(claims('a'));
    now = 1_999;
    expect(cache.get('token-a')?.uid).toBe('a');
    now = 2_000;
    expect(cache.get('token-a')).toBeNull();
    now = 1_500;
    expect(cache.get('token-a')).toBeNull();
  });

  it('matches only the exact token', () => {
    const cache = new VerifiedTokenCache(10, () => 0);
    cache.set('header.payload.signature', claims('a'), 10);
    expect(cache.get('header.payload.signaturE')).toBeNull();
    expect(cache.get('header.payload.signature')?.uid).toBe('a');
  });

  it('holds at most its capacity, giving up the oldest token first', () => {
    const cache = new VerifiedTokenCache(2, () => 0);
    cache.set('t1', claims('1'), 10);
    cache.set('t2', claims('2'), 10);
    cache.set('t3', claims('3'), 10);
    expect(cache.get('t1')).toBeNull();
    expect(cache.get('t2')?.uid).toBe('2');
    expect(cache.get('t3')?.uid).toBe('3');
  });
});
