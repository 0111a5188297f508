import { AppError } from '../errors.js';

/**
 * Runs at most `concurrency` jobs at once and lets at most `queueLimit` more wait; past that a job is
 * refused at once with 503 rate/limited. For password hashing: each scrypt takes 32 MiB and ~130 ms of
 * a core, so a burst of sign-ups or logins from many addresses queues for a bounded time instead of
 * piling up threads and memory (libuv runs only four at once anyway, starving file and DNS work).
 */
export class BoundedConcurrency {
  private running = 0;
  private readonly waiting: (() => void)[] = [];

  constructor(
    private readonly concurrency: number,
    private readonly queueLimit: number,
  ) {}

  async run<T>(job: () => Promise<T>): Promise<T> {
    if (this.running < this.concurrency) {
      this.running += 1;
    } else {
      if (this.waiting.length >= this.queueLimit) throw serverBusy();
      // The finishing job hands its place over, so `running` stays counted.
      await new Promise<void>((resolve) => this.waiting.push(resolve));
    }
    try {
      return await job();
    } finally {
      const next = this.waiting.shift();
      if (next) next();
      else this.running -= 1;
    }
  }

  get queued(): number {
    return this.waiting.length;
  }
}

/** Everyone's problem, not this caller's: 503, and a retry in a second finds room again. */
export const serverBusy = () =>
  new AppError(503, 'rate/limited', 'The server is busy. Please try again in a moment.', 1000);
