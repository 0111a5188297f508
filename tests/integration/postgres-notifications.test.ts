import { describe, expect, it } from 'vitest';
import { JobWorker } from '../../server/src/jobs/job-worker.js';
import { createLogger } from '../../server/src/logger.js';
import { jobsRepository } from '../../server/src/repositories/jobs.js';
import { emailPreferencesRepository, notificationsRepository } from '../../server/src/repositories/notifications.js';
import { usePostgresDatabase } from '../support/postgres-database.js';

// The scaled setup's database: the centre's repository and the job lease on a real PostgreSQL 15,
// where workers' claims really run at once (knex's pool), as several API processes' would.
const pg = usePostgresDatabase('notifications', ['na', 'nb']);

describe('the notification centre on PostgreSQL', () => {
  it('stores, pages newest first, counts unread, marks read only its own person, and prunes', async () => {
    const repo = notificationsRepository(pg.db);
    const ids = [];
    for (let i = 0; i < 5; i += 1) {
      const row = await repo.insert(
        { userUid: 'na', kind: 'booking-requested', title: `t${i}`, link: '/dashboard', data: { i } },
        1000 + i,
      );
      ids.push(row.id);
    }
    expect((await repo.page('na', 2)).map((row) => row.id)).toEqual([ids[4], ids[3]]);
    expect((await repo.page('na', 2, ids[3])).map((row) => row.id)).toEqual([ids[2], ids[1]]);
    expect(await repo.unreadCount('na')).toBe(5);
    expect(await repo.markRead('nb', ids[0]!, 2000)).toBe(false);
    expect(await repo.markRead('na', ids[0]!, 2000)).toBe(true);
    expect(await repo.unreadCount('na')).toBe(4);
    await repo.prune('na', 3);
    expect((await repo.page('na', 10)).map((row) => row.id)).toEqual([ids[4], ids[3], ids[2]]);
    await emailPreferencesRepository(pg.db).save('na', { 'booking-requested': false });
    await emailPreferencesRepository(pg.db).save('na', { 'booking-requested': true, 'join-requested': false });
    expect([...(await emailPreferencesRepository(pg.db).of('na'))].sort()).toEqual([
      ['booking-requested', true],
      ['join-requested', false],
    ]);
  });

  it('runs each job once while four workers claim at the same time', async () => {
    const jobs = jobsRepository(pg.db);
    for (let n = 0; n < 60; n += 1) await jobs.enqueue({ kind: 'pg-count', payload: { n }, runAt: 0 }, 0);
    const ran: number[] = [];
    const logger = createLogger('silent');
    const workers = Array.from({ length: 4 }, () =>
      new JobWorker(jobs, { pollMs: 60_000, leaseMs: 60_000, maxAttempts: 3, backoffMs: 1000 }, logger).handle(
        'pg-count',
        async (payload) => {
          ran.push((payload as { n: number }).n);
        },
      ),
    );
    await Promise.all(workers.map((worker) => worker.drain()));
    expect([...ran].sort((a, b) => a - b)).toEqual(Array.from({ length: 60 }, (_, n) => n));
    await Promise.all(workers.map((worker) => worker.close()));
  });
});
