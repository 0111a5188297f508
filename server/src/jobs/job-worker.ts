import { randomUUID } from 'node:crypto';
import type { Logger } from '../logger.js';
import type { JobRow, JobsRepository } from '../repositories/jobs.js';

/** Runs one job; throwing means "try again later" (until the attempts run out). */
export type JobHandler = (payload: unknown, job: JobRow) => Promise<void>;

export interface JobWorkerOptions {
  /** How often an idle worker looks for due jobs; `wake()` looks at once. */
  pollMs: number;
  /** How long a claimed job is this worker's; a worker that dies loses its jobs after this. */
  leaseMs: number;
  /** Attempts before a job is given up (marked failed). */
  maxAttempts: number;
  /** The first retry waits this long; each further one twice as long, up to an hour. */
  backoffMs: number;
  now?: () => number;
}

const MAX_BACKOFF_MS = 3600_000;

/**
 * Claims due jobs from the jobs table and runs their handlers, one at a time. Every process may
 * run one: the lease (repositories/jobs.ts) makes each job run in exactly one place, and a job
 * whose worker died is taken over when its lease runs out. Nothing here ever blocks a request:
 * requests only enqueue.
 */
export class JobWorker {
  /** Names this worker in the leases it holds. */
  readonly owner = randomUUID();
  private readonly handlers = new Map<string, JobHandler>();
  private timer: NodeJS.Timeout | null = null;
  private running: Promise<void> | null = null;
  private again = false;
  private closed = false;
  private readonly now: () => number;

  constructor(
    private readonly jobs: JobsRepository,
    private readonly options: JobWorkerOptions,
    private readonly logger: Logger,
  ) {
    this.now = options.now ?? Date.now;
  }

  handle(kind: string, handler: JobHandler): this {
    this.handlers.set(kind, handler);
    return this;
  }

  start(): void {
    if (this.closed || this.timer) return;
    this.timer = setInterval(() => this.wake(), this.options.pollMs);
    this.timer.unref();
    this.wake();
  }

  /** Looks for due jobs now (after an enqueue); a pass already running looks again when it ends. */
  wake(): void {
    if (this.closed) return;
    if (this.running) {
      this.again = true;
      return;
    }
    this.running = this.drain()
      .then(() => undefined)
      .catch((error: unknown) => this.logger.error({ err: error }, 'job worker pass failed'))
      .finally(() => {
        this.running = null;
        if (this.again) {
          this.again = false;
          this.wake();
        }
      });
  }

  /** Runs due jobs until none is left; resolves when the pass ends (tests await it). */
  async drain(): Promise<number> {
    let ran = 0;
    const kinds = [...this.handlers.keys()];
    while (!this.closed && kinds.length > 0) {
      const job = await this.jobs.claim(this.owner, this.options.leaseMs, this.now(), kinds);
      if (!job) break;
      await this.run(job);
      ran += 1;
    }
    return ran;
  }

  private async run(job: JobRow): Promise<void> {
    const handler = this.handlers.get(job.kind)!;
    try {
      await handler(JSON.parse(job.payload) as unknown, job);
      await this.jobs.complete(job.id, this.owner, this.now());
    } catch (error) {
      const message = error instanceof Error ? error.message : String(error);
      const last = job.attempts >= this.options.maxAttempts;
      const delay = Math.min(this.options.backoffMs * 2 ** (job.attempts - 1), MAX_BACKOFF_MS);
      this.logger.warn({ jobId: job.id, kind: job.kind, attempts: job.attempts, err: message }, 'job failed');
      await this.jobs.release(job.id, this.owner, message, last ? null : this.now() + delay, this.now());
    }
  }

  /** Idempotent; waits for the job in hand, so its lease is released cleanly. */
  async close(): Promise<void> {
    this.closed = true;
    if (this.timer) clearInterval(this.timer);
    this.timer = null;
    await this.running;
  }
}
