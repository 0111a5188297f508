/**
 * The host's grace period (ROOM_HOST_GRACE_S): once a room's host is gone, its room waits this long
 * for the host to come back (a reload, a network blip, Start Hosting again) before it ends. One
 * timer per room; the host coming back cancels it.
 */
export class HostGrace {
  private timers = new Map<string, NodeJS.Timeout>();

  constructor(
    private readonly graceMs: number,
    private readonly expired: (roomId: string) => void,
  ) {}

  /** The host's last socket left the room: the grace period starts, unless it already runs. */
  hostGone(roomId: string): void {
    if (this.timers.has(roomId)) return;
    const timer = setTimeout(() => {
      this.timers.delete(roomId);
      this.expired(roomId);
    }, this.graceMs);
    // A pending grace period alone must not keep the process alive.
    timer.unref();
    this.timers.set(roomId, timer);
  }

  /** The host is back, or the room ended another way: no expiry. */
  cancel(roomId: string): void {
    clearTimeout(this.timers.get(roomId));
    this.timers.delete(roomId);
  }

  /** Whether the room is waiting for its host now. */
  waiting(roomId: string): boolean {
    return this.timers.has(roomId);
  }

  cancelAll(): void {
    for (const timer of this.timers.values()) clearTimeout(timer);
    this.timers.clear();
  }
}
