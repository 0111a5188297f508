import { TokenBuckets } from '@riffroom/protocol';
import type { RateLimitName, RateLimitsConfig } from '../config/limits.js';
import { rateLimited } from '../errors.js';

/**
 * The API's token buckets, one set per limit of config/limits.ts, kept in this process's memory.
 * Scaled out, each API process keeps its own: a caller spread over N processes by the load
 * balancer gets up to N times the rate, which still bounds a flood (the login throttle, whose
 * counts must be exact, lives in the database instead).
 */
export class ApiLimits {
  private readonly buckets = new Map<RateLimitName, TokenBuckets>();

  constructor(
    config: RateLimitsConfig,
    now: () => number = Date.now,
    /** Told of every refusal, by limit name (the rate-limit refusals metric). */
    private readonly onRefused?: (name: RateLimitName) => void,
  ) {
    for (const [name, rule] of Object.entries(config) as [RateLimitName, RateLimitsConfig[RateLimitName]][]) {
      if (rule) this.buckets.set(name, new TokenBuckets(rule, now));
    }
  }

  /** Takes one action of `name` for `key`, or throws 429 rate/limited with Retry-After. An `off` limit takes nothing. */
  take(name: RateLimitName, key: string): void {
    const result = this.buckets.get(name)?.take(key);
    if (result && !result.ok) {
      this.onRefused?.(name);
      throw rateLimited(result.retryAfterMs);
    }
  }
}
