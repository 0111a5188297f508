import { noRestrictions, type LiveRoom, type RoomRestrictions } from '../rooms/live-room.js';

const ENDED_ROOMS_REMEMBERED = 10_000;

/**
 * This node's live rooms by id, with what is kept alongside them: who waits for the last one to go
 * (a drain); the ids that ended lately, so a join already past the directory check cannot revive an
 * ended room (bounded like any cache); and each room's restrictions (removed people, the lock),
 * which outlive a moment with nobody in the room and go when the room ends.
 */
export class LiveRooms {
  private rooms = new Map<string, LiveRoom>();
  private ended = new Set<string>();
  private restrictions = new Map<string, RoomRestrictions>();
  /** Called each time the last live room goes (a drain waits for it). */
  private idleWaiters: (() => void)[] = [];

  get(roomId: string): LiveRoom | undefined {
    return this.rooms.get(roomId);
  }

  has(roomId: string): boolean {
    return this.rooms.has(roomId);
  }

  set(roomId: string, live: LiveRoom): void {
    this.rooms.set(roomId, live);
  }

  delete(roomId: string): void {
    this.rooms.delete(roomId);
    this.notifyIfIdle();
  }

  clear(): void {
    this.rooms.clear();
    this.notifyIfIdle();
  }

  ids(): IterableIterator<string> {
    return this.rooms.keys();
  }

  values(): IterableIterator<LiveRoom> {
    return this.rooms.values();
  }

  /** Resolves once no room is live (at once if none is). */
  whenIdle(): Promise<void> {
    if (this.rooms.size === 0) return Promise.resolve();
    return new Promise((resolve) => this.idleWaiters.push(resolve));
  }

  /** The room's restrictions, the same object for every LiveRoom of that room until it ends. */
  restrictionsOf(roomId: string): RoomRestrictions {
    let found = this.restrictions.get(roomId);
    if (!found) this.restrictions.set(roomId, (found = noRestrictions()));
    return found;
  }

  markEnded(roomId: string): void {
    this.restrictions.delete(roomId);
    this.ended.add(roomId);
    if (this.ended.size > ENDED_ROOMS_REMEMBERED) this.ended.delete(this.ended.values().next().value!);
  }

  hasEnded(roomId: string): boolean {
    return this.ended.has(roomId);
  }

  private notifyIfIdle(): void {
    if (this.rooms.size > 0) return;
    for (const resolve of this.idleWaiters.splice(0)) resolve();
  }
}
