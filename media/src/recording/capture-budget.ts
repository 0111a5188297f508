import os from 'node:os';

/** What one recording ffmpeg (`-c copy`) takes, measured: about 50 MB resident (issue 34). */
const MEMORY_PER_CAPTURE = 50 * 1024 * 1024;
/** Leave at least three quarters of the memory to the box itself (node, the worker, the database). */
const MEMORY_SHARE = 0.25;
/** Copying packets costs little CPU; this bounds the processes a core switches between. */
const CAPTURES_PER_CORE = 8;

/**
 * RECORDING_MAX_CAPTURES when it is 0: sized from the box, the smaller of a quarter of its memory
 * in ~50 MB ffmpeg processes and 8 per core, at least 2 (one program, one screen).
 */
export function defaultMaxCaptures(totalMemory = os.totalmem(), cores = os.availableParallelism()): number {
  const byMemory = Math.floor((totalMemory * MEMORY_SHARE) / MEMORY_PER_CAPTURE);
  return Math.max(2, Math.min(byMemory, cores * CAPTURES_PER_CORE));
}

/**
 * The ffmpeg captures this node runs at once, over every recording (RECORDING_MAX_CAPTURES): a
 * capture takes a slot before it spawns ffmpeg and gives it back when it ends.
 */
export class CaptureBudget {
  private used = 0;

  constructor(readonly max: number) {}

  get running(): number {
    return this.used;
  }

  get full(): boolean {
    return this.used >= this.max;
  }

  take(): boolean {
    if (this.full) return false;
    this.used += 1;
    return true;
  }

  give(): void {
    this.used = Math.max(0, this.used - 1);
  }
}
