import type { LoginThrottleConfig } from '../../config/limits.js';
import { AppError } from '../../errors.js';
import type { FailureCount, LoginFailuresRepository } from '../../repositories/login-failures.js';

/** An attempt counted before its password is checked; `id` is its row until it proves right. */
export interface LoginReservation {
  id: number;
  accountKey: string;
  address: string;
}

type Verdict = { id: number } | { waitMs: number };

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;

/** Addresses longer than the column are cut: one spoofed giant header must not fail the insert. */
const keyOfAddress = (address: string) => address.slice(0, 64);

/**
 * Failed-login limits that guessing cannot get around and that a stranger cannot turn into a lockout.
 *
 * - Every attempt is reserved (recorded as a failure) before its password is checked, under the
 *   account's lock: thirty concurrent guesses are counted one after another, so only the allowance
 *   ever reaches scrypt. A right password removes the reservation again.
 * - The unit is the (account, address) pair: after `freeFailures` failures the pair waits
 *   `backoffBaseSeconds`, doubling with each further failure up to `backoffMaxSeconds`, counting the
 *   failures of the last `backoffWindowHours`. With the defaults one address gets 15 guesses at an
 *   account in its first 17 minutes, then one every 15 minutes: about 110 a day. The owner, at
 *   another address, is untouched by it.
 * - An address that fails across many accounts (password spraying) meets `failuresPerAddress` within
 *   `windowMinutes`; it sits far above what a shared office address produces, because each of its
 *   people has their own pairs.
 * - An account failing from many addresses meets `failuresPerAccount` within `windowMinutes`. One
 *   address cannot reach the default (100 an hour) however it paces itself (at most 18 in its first
 *   hour), so only an attack spread over at least six addresses does; from then on the ceiling caps
 *   the whole botnet at that many guesses an hour instead of ~15 per address. It would lock the owner
 *   out too, so an address that signed in to the account within `knownAddressDays` is held by neither
 *   ceiling: the owner's usual address still works while the account is under attack (and still meets
 *   its own pair's backoff).
 */
export class LoginThrottle {
  constructor(
    private readonly failures: LoginFailuresRepository,
    private readonly config: LoginThrottleConfig,
    private readonly now: () => number = Date.now,
  ) {}

  /** Counts the attempt now, or throws 429 auth/too-many-requests with the time to wait. */
  async reserve(accountKey: string, address: string): Promise<LoginReservation> {
    const ip = keyOfAddress(address);
    const windowMs = this.config.windowMinutes * MINUTE;
    const verdict = await this.failures.withAccountLocked(accountKey, async (q): Promise<Verdict> => {
      // Read inside the lock: attempts queued behind it are timed when they are counted.
      const now = this.now();
      const since = now - windowMs;
      const pair = await q.ofPairSince(accountKey, ip, now - this.config.backoffWindowHours * HOUR);
      const wait = this.pairWaitMs(pair, now);
      if (wait > 0) return { waitMs: wait };
      if (!(await q.isKnownAddress(accountKey, ip, now - this.config.knownAddressDays * DAY))) {
        const fromAddress = await q.fromAddressSince(ip, since);
        if (fromAddress.count >= this.config.failuresPerAddress) {
          return { waitMs: (fromAddress.oldest ?? now) + windowMs - now };
        }
        const ofAccount = await q.ofAccountSince(accountKey, since);
        if (ofAccount.count >= this.config.failuresPerAccount) {
          return { waitMs: (ofAccount.oldest ?? now) + windowMs - now };
        }
      }
      return { id: await q.record(accountKey, ip, now) };
    });
    if ('waitMs' in verdict) throw tooManyAttempts(verdict.waitMs);
    return { id: verdict.id, accountKey, address: ip };
  }

  /** The password was wrong (or the account unknown): the reservation stays as the failure. */
  async failed(): Promise<void> {
    // Rows outside both windows no longer count; pruning on failures keeps the table small.
    const keptMs = Math.max(this.config.windowMinutes * MINUTE, this.config.backoffWindowHours * HOUR);
    await this.failures.pruneBefore(this.now() - keptMs);
  }

  /** The password was right: the pair starts afresh, and the address is one the owner uses. */
  async succeeded({ accountKey, address }: LoginReservation): Promise<void> {
    const now = this.now();
    await this.failures.clearPair(accountKey, address);
    await this.failures.rememberAddress(accountKey, address, now);
    await this.failures.forgetAddressesBefore(now - this.config.knownAddressDays * DAY);
  }

  /** The password was never checked (the server was too busy): the attempt does not count. */
  async cancel({ id }: LoginReservation): Promise<void> {
    await this.failures.remove(id);
  }

  /** How long the pair must still wait: nothing for its first failures, then a doubling delay after the latest. */
  private pairWaitMs({ count, latest }: FailureCount, now: number): number {
    const { freeFailures, backoffBaseSeconds, backoffMaxSeconds } = this.config;
    if (count < freeFailures) return 0;
    const delayMs = Math.min(backoffMaxSeconds, backoffBaseSeconds * 2 ** (count - freeFailures)) * 1000;
    return Math.max(0, (latest ?? now) + delayMs - now);
  }
}

function tooManyAttempts(waitMs: number): AppError {
  return new AppError(
    429,
    'auth/too-many-requests',
    'Access to this account has been temporarily disabled due to many failed login attempts. Try again later.',
    waitMs,
  );
}
