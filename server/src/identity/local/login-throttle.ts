import { LOGIN_FAILURE_WINDOW_MS, LOGIN_FAILURES_PER_ACCOUNT, LOGIN_FAILURES_PER_IP } from '@riffroom/protocol';
import { AppError } from '../../errors.js';
import type { LoginFailuresRepository } from '../../repositories/login-failures.js';

/**
 * Locks an account after repeated failed logins within the window, and an IP address that fails
 * across many accounts. A locked caller is refused before the password is even checked.
 */
export class LoginThrottle {
  constructor(
    private readonly failures: LoginFailuresRepository,
    private readonly now: () => number = Date.now,
  ) {}

  async assertAllowed(accountKey: string, ip: string): Promise<void> {
    const since = this.now() - LOGIN_FAILURE_WINDOW_MS;
    const [forAccount, forIp] = await Promise.all([
      this.failures.countForAccountSince(accountKey, since),
      this.failures.countForIpSince(ip, since),
    ]);
    if (forAccount >= LOGIN_FAILURES_PER_ACCOUNT || forIp >= LOGIN_FAILURES_PER_IP) {
      throw new AppError(
        429,
        'auth/too-many-requests',
        'Access to this account has been temporarily disabled due to many failed login attempts. Try again later.',
      );
    }
  }

  async recordFailure(accountKey: string, ip: string): Promise<void> {
    const at = this.now();
    await this.failures.record(accountKey, ip, at);
    // Old rows are useless once outside the window; pruning here keeps the table small.
    await this.failures.pruneBefore(at - LOGIN_FAILURE_WINDOW_MS);
  }

  async recordSuccess(accountKey: string): Promise<void> {
    await this.failures.clearAccount(accountKey);
  }
}
