import { EventEmitter } from 'node:events';
import type { types } from 'mediasoup';
import type { Logger } from 'pino';
import type { MediaConfig } from '../config.js';
import { loadMediasoup, type Mediasoup } from './load-mediasoup.js';

export interface WorkerPoolEvents {
  /** A worker died and was replaced; rooms on it must move and their clients reconnect. */
  'worker-replaced': [{ index: number; pid: number }];
}

/**
 * One mediasoup worker per core. A worker that dies is replaced in the same slot, so the pool
 * keeps its size; the rooms layer listens for 'worker-replaced' to rebuild what lived there.
 */
export class WorkerPool extends EventEmitter<WorkerPoolEvents> {
  private workers: types.Worker[] = [];
  private nextIndex = 0;
  private closed = false;
  private mediasoup: Mediasoup | null = null;

  constructor(
    private readonly config: MediaConfig,
    private readonly logger: Logger,
  ) {
    super();
  }

  get size(): number {
    return this.workers.length;
  }

  get ready(): boolean {
    // A worker that died and could not be replaced leaves its slot closed: not ready.
    return !this.closed && this.workers.length === this.config.workers && this.workers.every((w) => !w.closed);
  }

  async start(): Promise<void> {
    this.mediasoup = await loadMediasoup(this.config.workerBin);
    for (let index = 0; index < this.config.workers; index += 1) {
      this.workers[index] = await this.spawn(index);
    }
    this.logger.info({ workers: this.workers.length, version: this.mediasoup.version }, 'mediasoup workers started');
  }

  /** Round-robin; the rooms layer will pick by load once rooms exist. */
  next(): types.Worker {
    if (this.workers.length === 0) throw new Error('worker pool is not started');
    const worker = this.workers[this.nextIndex % this.workers.length]!;
    this.nextIndex += 1;
    return worker;
  }

  all(): readonly types.Worker[] {
    return this.workers;
  }

  async close(): Promise<void> {
    if (this.closed) return;
    this.closed = true;
    for (const worker of this.workers) worker.close();
    this.workers = [];
  }

  private async spawn(index: number): Promise<types.Worker> {
    const worker = await this.mediasoup!.createWorker({
      logLevel: this.config.workerLogLevel,
      rtcMinPort: this.config.rtcMinPort,
      rtcMaxPort: this.config.rtcMaxPort,
      appData: { index },
    });
    worker.on('died', (error) => {
      this.logger.error({ err: error, pid: worker.pid, index }, 'mediasoup worker died');
      if (!this.closed) void this.replace(index);
    });
    return worker;
  }

  private async replace(index: number): Promise<void> {
    try {
      const worker = await this.spawn(index);
      if (this.closed) {
        worker.close();
        return;
      }
      this.workers[index] = worker;
      this.logger.warn({ pid: worker.pid, index }, 'mediasoup worker replaced');
      this.emit('worker-replaced', { index, pid: worker.pid });
    } catch (error) {
      this.logger.error({ err: error, index }, 'could not replace mediasoup worker');
    }
  }
}
