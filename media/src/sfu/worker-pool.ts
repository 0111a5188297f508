import { EventEmitter } from 'node:events';
import type { SfuReconnectReason } from '@riffroom/protocol';
import type { types } from 'mediasoup';
import type { Logger } from 'pino';
import { announcedAddress, type MediaConfig } from '../config.js';
import { loadMediasoup, type Mediasoup } from './load-mediasoup.js';

export interface WorkerPoolEvents {
  /** A worker died and was replaced; rooms on it must move and their clients reconnect. */
  'worker-replaced': [{ index: number; pid: number; reason: SfuReconnectReason }];
}

/** A worker and the WebRtcServer every WebRTC transport on it shares (one port, UDP and TCP). */
export interface WorkerSlot {
  index: number;
  worker: types.Worker;
  webRtcServer: types.WebRtcServer;
}

/**
 * One mediasoup worker per core. A worker that dies is replaced in the same slot, so the pool
 * keeps its size; the rooms layer listens for 'worker-replaced' to rebuild what lived there.
 */
export class WorkerPool extends EventEmitter<WorkerPoolEvents> {
  private slots: WorkerSlot[] = [];
  private nextIndex = 0;
  private closed = false;
  private memoryTimer: NodeJS.Timeout | null = null;
  private recycling = new Set<number>();
  private mediasoup: Mediasoup | null = null;

  constructor(
    private readonly config: MediaConfig,
    private readonly logger: Logger,
  ) {
    super();
  }

  get size(): number {
    return this.slots.length;
  }

  get ready(): boolean {
    // A worker that died and could not be replaced leaves its slot closed: not ready.
    return !this.closed && this.slots.length === this.config.workers && this.slots.every((slot) => !slot.worker.closed);
  }

  /** Workers running now (readiness needs at least one). */
  get liveCount(): number {
    return this.closed ? 0 : this.slots.filter((slot) => !slot.worker.closed).length;
  }

  async start(): Promise<void> {
    this.mediasoup = await loadMediasoup(this.config.workerBin);
    for (let index = 0; index < this.config.workers; index += 1) {
      this.slots[index] = await this.spawn(index);
    }
    this.logger.info({ workers: this.slots.length, version: this.mediasoup.version }, 'mediasoup workers started');
    if (this.config.workerMaxRssMb > 0) {
      this.memoryTimer = setInterval(() => void this.checkMemory(), this.config.workerMemoryCheckMs);
      this.memoryTimer.unref();
    }
  }

  /** Recycles every worker whose peak RSS passed the limit; returns the slots it recycled. */
  async checkMemory(): Promise<number[]> {
    const recycled: number[] = [];
    for (const slot of [...this.slots]) {
      if (this.closed || slot.worker.closed || this.recycling.has(slot.index)) continue;
      try {
        // Linux reports ru_maxrss in KB.
        const rssMb = (await slot.worker.getResourceUsage()).ru_maxrss / 1024;
        if (this.config.workerMaxRssMb > 0 && rssMb > this.config.workerMaxRssMb) {
          this.logger.warn({ index: slot.index, pid: slot.worker.pid, rssMb }, 'recycling mediasoup worker (memory)');
          await this.recycle(slot.index);
          recycled.push(slot.index);
        }
      } catch (error) {
        this.logger.error({ err: error, index: slot.index }, 'worker memory check failed');
      }
    }
    return recycled;
  }

  /** Round-robin across slots. */
  nextSlot(): WorkerSlot {
    if (this.slots.length === 0) throw new Error('worker pool is not started');
    const slot = this.slots[this.nextIndex % this.slots.length]!;
    this.nextIndex += 1;
    return slot;
  }

  /** The current occupant of a slot (after a death, its replacement). */
  slot(index: number): WorkerSlot | undefined {
    return this.slots[index];
  }

  all(): readonly types.Worker[] {
    return this.slots.map((slot) => slot.worker);
  }

  async close(): Promise<void> {
    if (this.closed) return;
    this.closed = true;
    if (this.memoryTimer) clearInterval(this.memoryTimer);
    // Closing a worker closes its WebRtcServer and transports with it.
    for (const slot of this.slots) slot.worker.close();
    this.slots = [];
  }

  private async spawn(index: number): Promise<WorkerSlot> {
    const worker = await this.mediasoup!.createWorker({
      logLevel: this.config.workerLogLevel,
      disableLiburing: this.config.workerDisableLiburing,
      rtcMinPort: this.config.rtcMinPort,
      rtcMaxPort: this.config.rtcMaxPort,
      appData: { index },
    });
    worker.on('died', (error) => {
      this.logger.error({ err: error, pid: worker.pid, index }, 'mediasoup worker died');
      if (!this.closed) void this.replace(index);
    });
    try {
      const webRtcServer = await worker.createWebRtcServer({ listenInfos: this.listenInfos(index) });
      return { index, worker, webRtcServer };
    } catch (error) {
      worker.close();
      const port = this.config.rtcPort === 0 ? 'a free port' : `port ${this.config.rtcPort + index}`;
      throw new Error(`could not open the WebRTC port for worker ${index} on ${port}: ${String(error)}`, {
        cause: error,
      });
    }
  }

  private listenInfos(index: number): types.WebRtcServerListenInfo[] {
    const buffers = this.config.rtcSocketBufferBytes;
    const base = {
      ip: this.config.rtcListenIp,
      announcedAddress: announcedAddress(this.config),
      ...(buffers ? { sendBufferSize: buffers, recvBufferSize: buffers } : {}),
    };
    // Port 0: each protocol gets its own free port from the worker's range (tests on shared machines).
    const port = this.config.rtcPort === 0 ? {} : { port: this.config.rtcPort + index };
    return [
      { protocol: 'udp', ...base, ...port },
      { protocol: 'tcp', ...base, ...port },
    ];
  }

  /**
   * Replaces a live worker. The old process must be gone before the new one binds the same
   * WebRTC port, so wait for it to exit (bounded) before spawning.
   */
  private async recycle(index: number): Promise<void> {
    const old = this.slots[index];
    if (!old) return;
    this.recycling.add(index);
    try {
      old.worker.close();
      const deadline = Date.now() + 5000;
      while (isAlive(old.worker.pid) && Date.now() < deadline) await new Promise((r) => setTimeout(r, 20));
      await this.replace(index, 'worker-recycled');
    } finally {
      this.recycling.delete(index);
    }
  }

  private async replace(index: number, reason: SfuReconnectReason = 'worker-died'): Promise<void> {
    try {
      const slot = await this.spawn(index);
      if (this.closed) {
        slot.worker.close();
        return;
      }
      this.slots[index] = slot;
      this.logger.warn({ pid: slot.worker.pid, index }, 'mediasoup worker replaced');
      this.emit('worker-replaced', { index, pid: slot.worker.pid, reason });
    } catch (error) {
      this.logger.error({ err: error, index }, 'could not replace mediasoup worker');
    }
  }
}

function isAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
}
