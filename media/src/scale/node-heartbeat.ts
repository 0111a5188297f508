import type { Logger } from 'pino';
import type { MediaNodeRecord, NodeRegistry, RoomLoads } from './node-registry.js';

/** What a node measures of itself at each beat. */
export interface NodeLoad {
  workers: number;
  /** Consumers per room it serves; their sum is the record's `consumers`. */
  rooms: RoomLoads;
  /** CPU since the last beat, in cores. */
  cpu: number;
}

export interface NodeIdentity {
  id: string;
  publicUrl: string;
  internalUrl: string;
}

/**
 * A media node's side of the registry: it writes its record every NODE_HEARTBEAT_MS, so the record
 * expires a few beats after the node dies (a SIGKILL, a lost machine). Draining (SIGTERM) is written
 * at once, so placement stops sending new rooms before the next beat; a clean close removes the record.
 */
export class NodeHeartbeat {
  private timer: NodeJS.Timeout | undefined;
  private draining = false;
  private stopped = false;
  private reported = new Set<string>();
  private beating: Promise<void> = Promise.resolve();

  constructor(
    private readonly registry: NodeRegistry,
    private readonly identity: NodeIdentity,
    private readonly measure: () => Promise<NodeLoad>,
    private readonly heartbeatMs: number,
    private readonly logger: Logger,
  ) {}

  /**
   * Registers the node and keeps beating. A beat that fails (Redis down) is only logged: the node
   * serves the members it has, and the next beat registers it again once Redis is back.
   */
  async start(): Promise<void> {
    const beat = () =>
      this.beatNow().catch((error: unknown) => this.logger.warn({ err: error }, 'node heartbeat failed'));
    await beat();
    this.timer = setInterval(() => void beat(), this.heartbeatMs);
  }

  /** Leaves placement at once: the record says draining from now on. */
  async markDraining(): Promise<void> {
    this.draining = true;
    await this.beatNow().catch((error: unknown) => this.logger.warn({ err: error }, 'draining beat failed'));
  }

  /** Stops beating and takes the record out, so nobody is placed on a node that is going away. */
  async stop(): Promise<void> {
    if (this.stopped) return;
    this.stopped = true;
    clearInterval(this.timer);
    await this.beating.catch(() => {});
    await this.registry.remove(this.identity.id).catch((error: unknown) => {
      this.logger.warn({ err: error }, 'could not remove the node record; it expires by itself');
    });
  }

  /** One beat at a time: a slow Redis must not stack them up. */
  private beatNow(): Promise<void> {
    this.beating = this.beating.catch(() => {}).then(() => this.beat());
    return this.beating;
  }

  private async beat(): Promise<void> {
    if (this.stopped) return;
    const load = await this.measure();
    let consumers = 0;
    for (const count of load.rooms.values()) consumers += count;
    const record: MediaNodeRecord = {
      ...this.identity,
      workers: load.workers,
      consumers,
      cpu: Math.round(load.cpu * 1000) / 1000,
      draining: this.draining,
      updatedAt: Date.now(),
    };
    const dropped = [...this.reported].filter((roomId) => !load.rooms.has(roomId));
    await this.registry.beat(record, load.rooms, dropped);
    this.reported = new Set(load.rooms.keys());
  }
}
