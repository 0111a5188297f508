import { describe, expect, it } from 'vitest';
import { loginThrottleSchema } from '../../server/src/config/limits.js';
import { LoginThrottle } from '../../server/src/identity/local/login-throttle.js';
import { bookingRequestsRepository } from '../../server/src/repositories/booking-requests.js';
import { loginFailuresRepository } from '../../server/src/repositories/login-failures.js';
import { usePostgresDatabase } from '../support/postgres-database.js';

// The race-free parts of the flood limits where writers really run at once (knex's pool of 10
// connections on PostgreSQL): the login throttle's reservation under the account's advisory lock,
// and the one-pending-booking index.
const pg = usePostgresDatabase('limits', ['requester', 'target']);

describe('flood limits on PostgreSQL', () => {
  it('reserves 30 concurrent login attempts one at a time: only the 5 free ones get through', async () => {
    const throttle = new LoginThrottle(loginFailuresRepository(pg.db), loginThrottleSchema.parse({}));
    const results = await Promise.allSettled(
      Array.from({ length: 30 }, () => throttle.reserve('victim@example.test', '203.0.113.1')),
    );
    expect(results.filter((result) => result.status === 'fulfilled')).toHaveLength(5);
    expect(results.filter((result) => result.status === 'rejected')).toHaveLength(25);
    const stored = await pg.db('login_failures').where({ account_key: 'victim@example.test' }).count({ n: '*' });
    expect(Number(stored[0]!.n)).toBe(5);
  });

  it('stores one of 20 concurrent identical booking requests, and answers every copy with it', async () => {
    const repo = bookingRequestsRepository(pg.db);
    const booking = { requesterUid: 'requester', targetUid: 'target', title: 't', message: 'm', startAt: 1, endAt: 2 };
    const results = await Promise.all(Array.from({ length: 20 }, () => repo.insertOrFindPending(booking, Date.now())));
    expect(results.filter((result) => result.created)).toHaveLength(1);
    expect(new Set(results.map((result) => result.row.id)).size).toBe(1);
    expect(await repo.outgoing('requester')).toHaveLength(1);
  });
});
