import { createRequire } from 'node:module';
import { Worker } from 'node:worker_threads';

/**
 * How many WAL pages the API's own connection lets pile up before it checkpoints them itself:
 * only a safety net for when the background checkpointer is gone or behind (about 40 MB).
 */
export const FOREGROUND_AUTOCHECKPOINT_PAGES = 10_000;
const INTERVAL_MS = 500;

export interface CheckpointResult {
  /** Frames in the WAL, and how many of them are now in the database file. */
  log: number;
  checkpointed: number;
}

/**
 * Runs SQLite's WAL checkpoints on a thread of their own. A checkpoint copies the pages committed
 * since the last one into the database file and syncs it; by default the connection that commits
 * the 1000th page runs it, inside that request, and on this machine it took 4 to 14 ms: it made
 * message sends' p99 (bench/api-messages). A PASSIVE checkpoint from a second connection waits
 * for no lock, so the API's writers and readers carry on while it runs.
 */
export class BackgroundCheckpoint {
  private readonly worker: Worker;
  private closing: Promise<void> | null = null;
  private exited = false;
  private readonly listeners = new Set<(result: CheckpointResult) => void>();

  constructor(filename: string, intervalMs = INTERVAL_MS) {
    const driver = createRequire(import.meta.url).resolve('better-sqlite3');
    // Plain CommonJS in an eval'd worker: it needs no TypeScript loader, in the box or in tests.
    this.worker = new Worker(
      `const { parentPort, workerData } = require('node:worker_threads');
       const Database = require(workerData.driver);
       const db = new Database(workerData.filename);
       db.pragma('busy_timeout = 1000');
       const timer = setInterval(() => {
         try {
           const [result] = db.pragma('wal_checkpoint(PASSIVE)');
           parentPort.postMessage(result);
         } catch (error) {
           parentPort.postMessage({ error: String(error) });
         }
       }, workerData.intervalMs);
       parentPort.on('message', () => { clearInterval(timer); db.close(); parentPort.close(); });`,
      { eval: true, workerData: { driver, filename, intervalMs } },
    );
    this.worker.on('message', (message: CheckpointResult | { error: string }) => {
      if ('error' in message) return; // A busy database: the next round tries again.
      for (const listener of this.listeners) listener(message);
    });
    // Should it die, the API's connection still checkpoints at FOREGROUND_AUTOCHECKPOINT_PAGES.
    this.worker.on('error', () => undefined);
    this.worker.once('exit', () => (this.exited = true));
    this.worker.unref();
  }

  /** Called after each checkpoint round (tests and diagnostics). */
  onCheckpoint(listener: (result: CheckpointResult) => void): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }

  close(): Promise<void> {
    this.closing ??= new Promise<void>((resolve) => {
      if (this.exited) return resolve();
      this.worker.once('exit', () => resolve());
      this.worker.postMessage('stop');
    });
    return this.closing;
  }
}
