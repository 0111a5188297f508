/**
 * Flood limits shared by the API and the media node (docs/security.md): one token bucket per key
 * (an address, a user, a socket). A bucket holds at most `burst` tokens and regains
 * `perMinute` tokens a minute; each action takes one. Plain code with no I/O, so both processes
 * (and every test) use the same arithmetic.
 */
export interface BucketRule {
  /** Actions allowed back to back before the refill rate applies. */
  burst: number;
  /** Sustained actions a minute. */
  perMinute: number;
}

export interface TakeResult {
  ok: boolean;
  /** When refused: how long until one token is back (for Retry-After). */
  retryAfterMs: number;
}

interface Bucket {
  tokens: number;
  at: number;
}

/** Keys kept before the least recently used ones go; bounds memory whatever an attacker sends. */
const DEFAULT_MAX_KEYS = 50_000;

export class TokenBuckets {
  private readonly buckets = new Map<string, Bucket>();
  private readonly perMs: number;

  constructor(
    readonly rule: BucketRule,
    private readonly now: () => number = Date.now,
    private readonly maxKeys = DEFAULT_MAX_KEYS,
  ) {
    this.perMs = rule.perMinute / 60_000;
  }

  take(key: string, cost = 1): TakeResult {
    const now = this.now();
    const bucket = this.refilled(key, now);
    if (bucket.tokens >= cost) {
      bucket.tokens -= cost;
      return { ok: true, retryAfterMs: 0 };
    }
    const missing = cost - bucket.tokens;
    return { ok: false, retryAfterMs: this.perMs > 0 ? Math.ceil(missing / this.perMs) : Number.POSITIVE_INFINITY };
  }

  /** Gives a token back (an action that turned out not to count, e.g. a successful login). */
  refund(key: string, cost = 1): void {
    const bucket = this.buckets.get(key);
    if (bucket) bucket.tokens = Math.min(this.rule.burst, bucket.tokens + cost);
  }

  /** Forgets a key (its bucket is full again). */
  reset(key: string): void {
    this.buckets.delete(key);
  }

  get size(): number {
    return this.buckets.size;
  }

  private refilled(key: string, now: number): Bucket {
    const existing = this.buckets.get(key);
    if (existing) {
      existing.tokens = Math.min(this.rule.burst, existing.tokens + (now - existing.at) * this.perMs);
      existing.at = now;
      // Re-inserted so the map's order stays least-recently-used first.
      this.buckets.delete(key);
      this.buckets.set(key, existing);
      return existing;
    }
    if (this.buckets.size >= this.maxKeys) {
      const oldest = this.buckets.keys().next().value;
      if (oldest !== undefined) this.buckets.delete(oldest);
    }
    const bucket = { tokens: this.rule.burst, at: now };
    this.buckets.set(key, bucket);
    return bucket;
  }
}
