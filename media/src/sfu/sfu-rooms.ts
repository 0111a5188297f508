import { EventEmitter } from 'node:events';
import type { SfuReconnectReason } from '@riffroom/protocol';
import type { Logger } from 'pino';
import { SfuRoom, type SfuRoomOptions } from './sfu-room.js';
import type { WorkerPool } from './worker-pool.js';

export interface SfuRoomsEvents {
  /** The room's worker died and the room now lives on its replacement; clients must reconnect. */
  rebuilt: [room: SfuRoom, reason: SfuReconnectReason];
  /** A room was created: the socket layer wires its producer events. */
  created: [room: SfuRoom];
}

/**
 * The media side of every live room: created on first use on the next worker, rebuilt on the
 * replacement when that worker dies, closed when the room ends or empties.
 */
export class SfuRooms extends EventEmitter<SfuRoomsEvents> {
  private rooms = new Map<string, Promise<SfuRoom>>();
  /** Which worker slot each room was placed on. */
  private placement = new Map<string, number>();
  /** The rooms whose creation finished, for synchronous reads (metrics). */
  private created = new Map<string, SfuRoom>();
  /** Links from edge nodes keeping a room's media open on this origin (scale/cascade). */
  private holds = new Map<string, number>();
  /** Whether a room still has members on this node (the room hub says); unset, none. */
  localUse: (roomId: string) => boolean = () => false;
  private readonly onReplaced = ({ index, reason }: { index: number; reason: SfuReconnectReason }) =>
    void this.rebuildWorker(index, reason);

  constructor(
    private readonly pool: WorkerPool,
    private readonly options: SfuRoomOptions,
    private readonly logger: Logger,
  ) {
    super();
    pool.on('worker-replaced', this.onReplaced);
  }

  /** Concurrent first joins share one creation, so a room never gets two routers. */
  get(roomId: string): Promise<SfuRoom> {
    let room = this.rooms.get(roomId);
    if (!room) {
      const slot = this.leastLoadedSlot();
      this.placement.set(roomId, slot.index);
      room = SfuRoom.create(roomId, slot, this.options).then((created) => {
        if (this.rooms.get(roomId) === room) this.created.set(roomId, created);
        this.emit('created', created);
        return created;
      });
      room.catch(() => {
        this.rooms.delete(roomId);
        this.placement.delete(roomId);
      });
      this.rooms.set(roomId, room);
    }
    return room;
  }

  /** The room's media if it has any yet. */
  async peek(roomId: string): Promise<SfuRoom | undefined> {
    return this.rooms.get(roomId)?.catch(() => undefined);
  }

  /** The room's media when its creation has finished; synchronous. */
  loaded(roomId: string): SfuRoom | undefined {
    return this.created.get(roomId);
  }

  /** Every room whose creation has finished. */
  allLoaded(): IterableIterator<SfuRoom> {
    return this.created.values();
  }

  /**
   * An edge node pipes this room's producers: its media stays open while the link does, even with
   * no member left on this node (the host reloading, say). The release closes it once neither
   * holds it any more.
   */
  async hold(roomId: string): Promise<{ room: SfuRoom; release: () => void }> {
    const room = await this.get(roomId);
    this.holds.set(roomId, (this.holds.get(roomId) ?? 0) + 1);
    let released = false;
    const release = () => {
      if (released) return;
      released = true;
      const left = (this.holds.get(roomId) ?? 1) - 1;
      if (left > 0) return void this.holds.set(roomId, left);
      this.holds.delete(roomId);
      if (!this.localUse(roomId) && this.rooms.has(roomId)) void this.close(roomId);
    };
    return { room, release };
  }

  /** Whether an edge node's link keeps the room's media open. */
  isHeld(roomId: string): boolean {
    return this.holds.has(roomId);
  }

  async close(roomId: string): Promise<void> {
    const room = this.rooms.get(roomId);
    if (!room) return;
    this.holds.delete(roomId);
    this.rooms.delete(roomId);
    this.placement.delete(roomId);
    this.created.delete(roomId);
    (await room.catch(() => undefined))?.close();
  }

  async closeAll(): Promise<void> {
    this.pool.off('worker-replaced', this.onReplaced);
    await Promise.all([...this.rooms.keys()].map((roomId) => this.close(roomId)));
  }

  /** The worker with the fewest rooms (rooms being created included), so rooms spread across cores. */
  private leastLoadedSlot() {
    const load = new Map<number, number>();
    for (const index of this.placement.values()) load.set(index, (load.get(index) ?? 0) + 1);
    let best = this.pool.nextSlot();
    for (let index = 0; index < this.pool.size; index += 1) {
      const slot = this.pool.slot(index);
      if (slot && (load.get(index) ?? 0) < (load.get(best.index) ?? 0)) best = slot;
    }
    return best;
  }

  private async rebuildWorker(index: number, reason: SfuReconnectReason): Promise<void> {
    const slot = this.pool.slot(index);
    if (!slot) return;
    for (const pending of this.rooms.values()) {
      const room = await pending.catch(() => undefined);
      if (!room || room.isClosed || room.workerIndex !== index) continue;
      try {
        await room.rebuild(slot);
        this.logger.warn({ roomId: room.roomId, index }, 'room rebuilt on the replacement worker');
        this.emit('rebuilt', room, reason);
      } catch (error) {
        this.logger.error({ err: error, roomId: room.roomId }, 'could not rebuild room after worker death');
      }
    }
  }
}
