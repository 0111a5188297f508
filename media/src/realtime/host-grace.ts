import type { HostGraceInfo } from '@riffroom/protocol';
import type { Logger } from 'pino';
import type { RoomDirectory } from './room-directory.js';
import { SerialQueues } from './serial-queues.js';

/** What the grace period needs of the room directory: it is kept with the room, not in this node. */
export type GraceDirectory = Pick<
  RoomDirectory,
  'hostGone' | 'hostBack' | 'hostGraces' | 'expire' | 'hostsGoneAtStart'
>;

/**
 * The host's grace period (ROOM_HOST_GRACE_S): once a room's host is gone, its room waits this long
 * for the host to come back (a reload, a network blip, Start Hosting again) before it ends. The
 * period is kept with the room (the directory), so a node that restarts resumes it (`resume`) and
 * an abandoned room still ends; this node keeps only the timer. The host coming back stops it.
 */
export class HostGrace {
  private timers = new Map<string, NodeJS.Timeout>();
  /**
   * The rooms whose host is gone as this node last heard it, each with a token of that moment: a
   * directory answer that comes back after the host returned (or left again) starts no timer.
   */
  private gone = new Map<string, symbol>();
  /** A room's directory writes go one at a time, in order: a quick return never lands before the leave. */
  private writes = new SerialQueues();
  /** The start's "every host is gone" (hostsGoneAtStart): a host's return is written after it, never before. */
  private started: Promise<void> = Promise.resolve();
  private sweptAtStart = false;
  /** Rooms whose host came back while `resume` was reading the graces: not to be counted down. */
  private backDuringResume: Set<string> | null = null;
  /** Directory writes not answered yet: a node that stops waits for them (settled). */
  private pending = new Set<Promise<void>>();

  constructor(
    private readonly graceMs: number,
    private readonly directory: GraceDirectory,
    /** The grace ran out: the room's members are to hear it, just before the directory ends the room. */
    private readonly expiring: (roomId: string) => void,
    private readonly logger: Logger,
  ) {}

  /** The host's last socket left the room: the grace period starts, unless it already runs. */
  hostGone(roomId: string): Promise<void> {
    if (this.gone.has(roomId)) return Promise.resolve();
    const token = Symbol(roomId);
    this.gone.set(roomId, token);
    return this.write(roomId, async () => {
      try {
        const grace = await this.directory.hostGone(roomId, this.graceMs);
        if (grace && this.gone.get(roomId) === token) this.schedule(grace);
      } catch (error) {
        this.logger.error({ err: error, roomId }, 'could not start the host grace period');
      }
    });
  }

  /**
   * The host is back: no expiry. Told to the directory even when this node saw no leave: the host
   * may have left another node, or this node before a restart.
   */
  hostBack(roomId: string): Promise<void> {
    this.backDuringResume?.add(roomId);
    this.gone.delete(roomId);
    this.clearTimer(roomId);
    return this.write(roomId, async () => {
      try {
        await this.directory.hostBack(roomId);
      } catch (error) {
        // The grace's id then still names it: the room ends unless the host is seen again first.
        this.logger.error({ err: error, roomId }, 'could not stop the host grace period');
      }
    });
  }

  /** The room ended another way: no timer (the directory forgets its grace with the room). */
  cancel(roomId: string): void {
    this.gone.delete(roomId);
    this.clearTimer(roomId);
  }

  /**
   * A node that starts takes up every grace period running, on whichever node it began: a room
   * whose host never came back ends at the time it was due, or at once when that passed already.
   * Only the grace's own id can end a room, so two nodes resuming the same one end it once.
   */
  async resume(): Promise<number> {
    // Once only: asked again later (a retry), some hosts may be back already.
    if (!this.sweptAtStart) {
      this.sweptAtStart = true;
      this.started = Promise.resolve(this.directory.hostsGoneAtStart?.(this.graceMs)).catch((error: unknown) =>
        this.logger.error({ err: error }, 'could not start the grace periods of the rooms live at start'),
      );
    }
    await this.started;
    const back = (this.backDuringResume = new Set());
    const graces = await this.directory.hostGraces().finally(() => (this.backDuringResume = null));
    for (const grace of graces) {
      if (this.timers.has(grace.roomId) || back.has(grace.roomId)) continue;
      this.gone.set(grace.roomId, Symbol(grace.roomId));
      this.schedule(grace);
    }
    return graces.length;
  }

  /** Resolves once every directory write queued so far is answered (a node stopping waits for it). */
  async settled(): Promise<void> {
    await Promise.all([...this.pending]);
  }

  /** Whether this node is counting down the room's grace period now. */
  waiting(roomId: string): boolean {
    return this.timers.has(roomId);
  }

  /** Stops every timer of this node; the directory keeps the graces for the next node to resume. */
  cancelAll(): void {
    for (const timer of this.timers.values()) clearTimeout(timer);
    this.timers.clear();
    this.gone.clear();
  }

  private schedule({ roomId, graceId, remainingMs }: HostGraceInfo): void {
    this.clearTimer(roomId);
    const timer = setTimeout(() => {
      this.timers.delete(roomId);
      this.gone.delete(roomId);
      this.expiring(roomId);
      this.directory
        .expire(roomId, graceId)
        .catch((error: unknown) => this.logger.error({ err: error, roomId }, 'ending room failed'));
    }, remainingMs);
    // A pending grace period alone must not keep the process alive.
    timer.unref();
    this.timers.set(roomId, timer);
  }

  private write(roomId: string, operation: () => Promise<void>): Promise<void> {
    const done = this.writes.run(roomId, async () => {
      await this.started;
      await operation();
    });
    this.pending.add(done);
    void done.finally(() => this.pending.delete(done));
    return done;
  }

  private clearTimer(roomId: string): void {
    clearTimeout(this.timers.get(roomId));
    this.timers.delete(roomId);
  }
}
