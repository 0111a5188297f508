import type { P2pTier } from './p2pTier';
import { P2pError } from './p2pTier';
import { withRetries, withTimeout } from './retry';
import type { MediaSource } from './roomProtocol';
import { isFallback, isFinalSfuFailure, nextTierStep, shouldClimbToSfu, tiersToTry } from './roomRules';
import { RoomRequestError, type RoomSocket } from './roomSocket';
import type { MediaTier } from './roomState';
import type { RoomStore } from './roomStore';
import type { SfuTier } from './sfuTier';

/** What of the SFU tier the chooser uses, on either side; tests hand in their own. */
export type SfuMedia = Pick<SfuTier, 'start' | 'suspend' | 'statsOf' | 'close'>;

export interface MediaTierChooserContext<Sfu extends SfuMedia = SfuMedia> {
  store: RoomStore;
  socket: RoomSocket;
  roomId: string;
  sfu: Sfu;
  p2p: P2pTier;
  isJoined(): boolean;
  isClosed(): boolean;
}

/**
 * Chooses the media tier (ARCHITECTURE.md "Choose a tier and fall back"): SFU 10 s x 3, then
 * peer-to-peer 10 s, then the relay, else 'Unable to connect. Please try again.'; the policy is
 * roomRules.ts'. From a fallback it climbs back to the SFU when that can work again (`climbToSfu`).
 * What differs by role is in the host's (hostTierChooser.ts) and the guest's (guestTierChooser.ts) side.
 */
export abstract class MediaTierChooser<Sfu extends SfuMedia = SfuMedia> {
  /** The latest `connect` run: an older one still waiting on its tiers gives way to it. */
  protected run = 0;
  /** The climb back to the SFU under way, by number: ending it (null) tells its attempt to give up. */
  protected climb: number | null = null;
  private climbs = 0;
  /** The SFU tracks a climb received, shown only once it succeeds: the fallback's picture stays till then. */
  protected readonly heldTracks = new Map<MediaSource, MediaStreamTrack>();

  constructor(protected readonly context: MediaTierChooserContext<Sfu>) {}

  close(): void {
    this.climb = null;
    this.heldTracks.clear();
  }

  /** The tier forced on this side, if any (the only one tried, and no climb from it). */
  abstract forcedTier(): MediaTier | undefined;

  /** The room events that make the tier be chosen again; returns their removers. */
  listen(): Array<() => void> {
    const { socket } = this.context;
    return [
      socket.on('sfu:host-closed', () => this.hostLeftSfu()),
      socket.on('sfu:reconnect', () => {
        if (!this.onFallback()) void this.connect();
      }),
    ];
  }

  /**
   * Connects the media (again, after `sfu:reconnect`, a failed transport or a socket reconnect):
   * each tier in order until one works (spec part 4), else 'Unable to connect. Please try again.'
   */
  async connect(): Promise<void> {
    const { store, sfu } = this.context;
    if (this.context.isClosed()) return;
    const run = ++this.run;
    const superseded = () => this.context.isClosed() || run !== this.run;
    this.endClimb();
    store.tierChoiceStarted();
    const plan = tiersToTry(this.forcedTier(), store.get().tier);
    const failures: Array<{ tier: MediaTier; error: unknown }> = [];
    for (let step = nextTierStep({ plan, failures }); ; step = nextTierStep({ plan, failures })) {
      if (step.kind === 'give-up') return store.tiersFailed(step.error);
      const { tier } = step;
      try {
        await this.startTier(tier);
        if (superseded()) return;
        // A fallback tier carries the media now: the SFU's half-open transports would only fail again.
        if (tier !== 'sfu') sfu.suspend();
        this.leaveOtherTiers(tier);
        store.tierConnected(tier);
        return;
      } catch (error) {
        failures.push({ tier, error });
        this.tierFailed(tier);
        if (superseded()) return;
      }
    }
  }

  /**
   * From a fallback tier (or from 'Unable to connect'), one SFU attempt (10 s) without touching what
   * the screen shows: only once it connects, and for a guest once the host's media flows through it,
   * does the room move up and leave the fallback. A failed attempt leaves everything as it was. A
   * tier forced by `?tier=` or the room setting never climbs, unless the SFU is that tier.
   */
  async climbToSfu(): Promise<void> {
    const { store, sfu } = this.context;
    const { tier: from, status } = store.get();
    if (this.context.isClosed()) return;
    if (!shouldClimbToSfu({ forced: this.forcedTier(), tier: from, status, climbing: this.climb !== null })) return;
    const climb = (this.climb = ++this.climbs);
    const run = this.run;
    // A tier choice that began meanwhile owns the SFU now: the climb leaves it alone.
    const overtaken = () => this.context.isClosed() || run !== this.run;
    const abandoned = () => this.climb !== climb || overtaken();
    let up = false;
    try {
      await withTimeout(this.sfuCarries(abandoned));
      up = !abandoned() && store.get().tier === from;
    } catch {
      // Stays where it was; the media node's next sfu:host-returned (or the host's next try) asks again.
    }
    const held = new Map(this.heldTracks);
    if (this.climb === climb) this.endClimb();
    if (overtaken()) return;
    if (!up) {
      sfu.suspend();
      return;
    }
    this.climbed(from, held);
  }

  /** On a fallback tier the SFU's events are not ours to act on. */
  onFallback(): boolean {
    return isFallback(this.context.store.get().tier);
  }

  /** The SFU attempt of a climb: resolves once the SFU carries this side's media. */
  protected abstract sfuCarries(abandoned: () => boolean): Promise<void>;
  /** A climb from `from` reached the SFU; `held` are the SFU tracks it received meanwhile. */
  protected abstract climbed(from: MediaTier | null, held: ReadonlyMap<MediaSource, MediaStreamTrack>): void;
  /** The relay tier's part on this side; resolves once it is on. */
  protected abstract startRelay(): Promise<void>;
  /** `tier` carries the media now: the other tiers this side was trying let go. */
  protected abstract leaveOtherTiers(tier: MediaTier): void;
  /** An attempt at `tier` failed: what it left open is dropped. */
  protected abstract tierFailed(tier: MediaTier): void;

  /** The host left the SFU (sfu:host-closed): a climb towards it would find nothing to receive. */
  protected hostLeftSfu(): void {
    if (this.climb !== null) this.endClimb();
  }

  /** A climb gives way (a tier choice began, or the host left the SFU again); its held tracks go. */
  protected endClimb(): void {
    this.climb = null;
    this.heldTracks.clear();
  }

  private async startTier(tier: MediaTier): Promise<void> {
    if (tier === 'p2p') {
      // Spec part 9: 10 s for the fallback server, and its own timeout message.
      await withTimeout(this.context.p2p.start()).catch((error: unknown) => {
        if (error instanceof RoomRequestError && error.code === 'room/connection-timeout')
          throw new P2pError('timeout', 'Fallback connection timeout');
        throw error;
      });
      return;
    }
    if (tier === 'relay') return this.startRelay();
    // The dedicated tier: 10 s per attempt, 3 attempts.
    await withRetries(() => this.context.sfu.start(), { isFinal: isFinalSfuFailure });
  }
}
