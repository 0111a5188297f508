import type { Knex } from 'knex';

export interface JobRow {
  id: number;
  kind: string;
  payload: string;
  user_uid: string | null;
  run_at: number;
  attempts: number;
  lease_owner: string | null;
  lease_until: number | null;
  created_at: number;
  done_at: number | null;
  failed_at: number | null;
  last_error: string | null;
}

export interface NewJob {
  kind: string;
  payload: unknown;
  /** Whose job it is, when a limit counts a person's jobs (mail per person per hour). */
  userUid?: string;
  runAt: number;
}

/** How many due rows one claim looks at: another worker may take the first ones meanwhile. */
const CLAIM_CANDIDATES = 5;

/**
 * The database-backed job table (migration 0021). A claim is a compare-and-set on the lease: the
 * UPDATE only succeeds while the row is still unleased or its lease has run out, so of two workers
 * (in one process or on two machines, SQLite or PostgreSQL) exactly one gets each row.
 */
export function jobsRepository(db: Knex) {
  const table = () => db<JobRow>('jobs');
  const open = (query: Knex.QueryBuilder) => query.whereNull('done_at').whereNull('failed_at');
  const leaseFree = (now: number) => (query: Knex.QueryBuilder) =>
    query.whereNull('lease_until').orWhere('lease_until', '<', now);
  return {
    async enqueue(job: NewJob, at: number): Promise<number> {
      const [row] = (await table()
        .insert({
          kind: job.kind,
          payload: JSON.stringify(job.payload),
          user_uid: job.userUid ?? null,
          run_at: job.runAt,
          attempts: 0,
          created_at: at,
        })
        .returning('id')) as { id: number }[];
      return Number(row!.id);
    },

    /** One due job, now leased to `owner` until `now + leaseMs`; null when nothing is due. */
    async claim(owner: string, leaseMs: number, now: number, kinds: readonly string[]): Promise<JobRow | null> {
      const candidates: { id: number }[] = await open(table().select('id'))
        .whereIn('kind', kinds)
        .andWhere('run_at', '<=', now)
        .andWhere(leaseFree(now))
        .orderBy('run_at')
        .limit(CLAIM_CANDIDATES);
      for (const { id } of candidates) {
        const taken = await open(table().where({ id }))
          .andWhere(leaseFree(now))
          .update({ lease_owner: owner, lease_until: now + leaseMs, attempts: db.raw('attempts + 1') });
        if (taken === 1) return (await table().where({ id }).first()) ?? null;
      }
      return null;
    },

    /** The worker that holds the lease finished the job; a worker whose lease was taken over changes nothing. */
    async complete(id: number, owner: string, at: number): Promise<boolean> {
      const done = await table()
        .where({ id, lease_owner: owner })
        .update({ done_at: at, lease_owner: null, lease_until: null });
      return done === 1;
    },

    /** Tried again at `runAt`, or given up on (`runAt` null) after its last attempt. */
    async release(id: number, owner: string, error: string, runAt: number | null, at: number): Promise<void> {
      await table()
        .where({ id, lease_owner: owner })
        .update({
          lease_owner: null,
          lease_until: null,
          last_error: error.slice(0, 500),
          ...(runAt === null ? { failed_at: at } : { run_at: runAt }),
        });
    },

    /** A person's jobs of `kind` created since `since`, sent or not (the mail limit counts these). */
    async countSince(userUid: string, kind: string, since: number): Promise<number> {
      const row = (await table()
        .where({ user_uid: userUid, kind })
        .andWhere('created_at', '>=', since)
        .count({ n: '*' })
        .first()) as { n: number | string } | undefined;
      return Number(row?.n ?? 0);
    },

    /** Finished and given-up jobs older than `before` (the mail limit only looks back an hour). */
    async deleteFinished(before: number): Promise<void> {
      await table()
        .where((query) => query.where('done_at', '<', before).orWhere('failed_at', '<', before))
        .delete();
    },

    find: (id: number) => table().where({ id }).first(),
  };
}
export type JobsRepository = ReturnType<typeof jobsRepository>;
