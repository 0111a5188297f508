import { ROOM_TIERS, sfuHostReturnedPayloadSchema, type RoomTier } from '@riffroom/protocol';
import { P2pError, type P2pTier } from './p2pTier';
import type { RelayGuest } from './relayGuest';
import { withRetries, withTimeout } from './retry';
import type { MediaSource } from './roomProtocol';
import { RoomRequestError, type RoomSocket } from './roomSocket';
import type { MediaTier, RoomState, Store } from './roomState';
import type { SfuListener, SfuTier } from './sfuTier';

/** Refusals that asking again cannot change. */
const FINAL_CODES = /^(room\/|auth\/|validation\/|sfu\/host-off-sfu$)/;

/** What of the SFU tier the chooser (and the host's capture) use; tests hand in their own. */
export type SfuMedia = Pick<
  SfuTier,
  'start' | 'suspend' | 'produce' | 'stopProducing' | 'consume' | 'producerClosed' | 'statsOf' | 'close'
>;

/** Makes the SFU side for a role; tests hand in their own (happy-dom has no WebRTC). */
export type SfuFactory = (
  socket: RoomSocket,
  roomId: string,
  role: 'host' | 'guest',
  listener: SfuListener,
) => SfuMedia;

/**
 * A host on a fallback tier tries the SFU again this often while it sends something (an attempt
 * with nothing to send cannot tell whether media would get through): its guests follow it up.
 */
export const HOST_CLIMB_INTERVAL_MS = 60_000;
/** How often a climbing guest looks for the first bytes from the SFU. */
const FLOW_POLL_MS = 250;

export interface MediaTierChooserContext {
  role: 'host' | 'guest';
  /** A guest's `?tier=`: it wins over the room's setting. */
  forcedTier?: MediaTier;
  store: Store<RoomState>;
  socket: RoomSocket;
  roomId: string;
  sfu: SfuMedia;
  p2p: P2pTier;
  /** Guests only: the relay tier's receiving side. */
  relayGuest: RelayGuest | null;
  isJoined(): boolean;
  isClosed(): boolean;
}

/**
 * Chooses the media tier (ARCHITECTURE.md "Choose a tier and fall back"): SFU 10 s x 3, then peer-to-peer 10 s, then the relay,
 * else 'Unable to connect. Please try again.'; a forced tier (`?tier=` or the room setting) is the
 * only one tried. From a fallback it climbs back to the SFU when that can work again (`climbToSfu`).
 */
export class MediaTierChooser {
  /** The latest `connect` run: an older one still waiting on its tiers gives way to it. */
  private run = 0;
  /** The room's tier setting (the host may force one); a guest's `?tier=` wins over it. */
  roomTier: RoomTier = 'auto';
  /** The climb back to the SFU under way, by number: ending it (null) tells its attempt to give up. */
  private climb: number | null = null;
  private climbs = 0;
  /** The SFU tracks a climb received, shown only once it succeeds: the fallback's picture stays till then. */
  private readonly heldTracks = new Map<MediaSource, MediaStreamTrack>();
  private readonly hostClimbTimer: ReturnType<typeof setInterval> | null;

  constructor(private readonly context: MediaTierChooserContext) {
    this.hostClimbTimer =
      context.role === 'host' ? setInterval(() => void this.hostClimb(), HOST_CLIMB_INTERVAL_MS) : null;
  }

  close(): void {
    if (this.hostClimbTimer) clearInterval(this.hostClimbTimer);
    this.climb = null;
    this.heldTracks.clear();
  }

  /**
   * An SFU track arrived (true: show it now). During a climb it is held, and on a fallback tier it is
   * not ours to show: the fallback carries the picture.
   */
  takeSfuTrack(source: MediaSource, track: MediaStreamTrack): boolean {
    if (this.climb !== null) this.heldTracks.set(source, track);
    return this.climb === null && !this.onFallback();
  }

  /** An SFU track ended (true: hide it now); see `takeSfuTrack`. */
  dropSfuTrack(source: MediaSource): boolean {
    if (this.climb !== null) this.heldTracks.delete(source);
    return this.climb === null && !this.onFallback();
  }

  /**
   * From a fallback tier (or from 'Unable to connect'), one SFU attempt (10 s) without touching what
   * the screen shows: only once it connects, and for a guest once the host's media flows through it,
   * does the room move up and leave the fallback. A failed attempt leaves everything as it was. A
   * tier forced by `?tier=` or the room setting never climbs, unless the SFU is that tier.
   */
  async climbToSfu(): Promise<void> {
    const { store, role, sfu, p2p, relayGuest } = this.context;
    const { tier: from, status } = store.get();
    const forced = this.forcedTier();
    if (this.context.isClosed() || this.climb !== null || (forced && forced !== 'sfu')) return;
    if (from !== 'p2p' && from !== 'relay' && !(from === null && status === 'error')) return;
    const climb = (this.climb = ++this.climbs);
    const run = this.run;
    // A tier choice that began meanwhile owns the SFU now: the climb leaves it alone.
    const overtaken = () => this.context.isClosed() || run !== this.run;
    const abandoned = () => this.climb !== climb || overtaken();
    let up = false;
    try {
      await withTimeout(this.sfuCarries(role, abandoned));
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
    const stream = (source: MediaSource) => {
      const track = held.get(source);
      return track ? new MediaStream([track]) : null;
    };
    store.set({
      status: 'connected',
      tier: 'sfu',
      error: null,
      ...(role === 'guest'
        ? { remoteVideo: stream('screen'), remoteAudio: stream('program-audio'), relayLive: false }
        : {}),
    });
    // The host keeps serving its guests' tiers; a guest leaves the one it was on.
    if (role === 'guest' && from === 'p2p') p2p.suspend();
    if (from === 'relay') relayGuest?.stop();
  }

  /** The SFU attempt of a climb; a guest also waits for the first bytes of the host's media. */
  private async sfuCarries(role: 'host' | 'guest', abandoned: () => boolean): Promise<void> {
    const { sfu } = this.context;
    await sfu.start();
    if (role === 'host') return;
    // A host whose own SFU path is broken still produces there before its ICE fails: a guest that
    // moved up on its own transport alone would show a black picture until the host fell back again.
    while (!abandoned() && !(await receivesMedia(sfu))) {
      await new Promise((resolve) => setTimeout(resolve, FLOW_POLL_MS));
    }
    if (abandoned()) throw new RoomRequestError('sfu/climb-abandoned', 'Climb abandoned');
  }

  /** The host's periodic climb: only from a fallback, and only with something to send. */
  private async hostClimb(): Promise<void> {
    const { sharing, programAudio } = this.context.store.get();
    if (sharing || programAudio.live) await this.climbToSfu();
  }

  /**
   * Connects the media (again, after `sfu:reconnect`, a failed transport or a socket reconnect):
   * each tier in order until one works (spec part 4), else 'Unable to connect. Please try again.'
   */
  async connect(): Promise<void> {
    const { store, role, sfu, p2p } = this.context;
    if (this.context.isClosed()) return;
    const run = ++this.run;
    const superseded = () => this.context.isClosed() || run !== this.run;
    this.endClimb();
    store.set({ status: 'connecting', error: null });
    const tiers = this.tiersToTry();
    let lastError: unknown = null;
    for (const tier of tiers) {
      try {
        await this.startTier(tier);
        if (superseded()) return;
        // A fallback tier carries the media now: the SFU's half-open transports would only fail again.
        if (tier !== 'sfu') sfu.suspend();
        if (tier !== 'p2p' && role === 'guest') p2p.suspend();
        store.set({ status: tier === 'sfu' ? 'connected' : 'connected-fallback', tier, error: null });
        return;
      } catch (error) {
        lastError = error;
        if (tier === 'p2p' && role === 'guest') p2p.suspend();
        if (superseded()) return;
      }
    }
    // Forced onto peer-to-peer alone, say what went wrong there (peerErrors.ts); else the spec's text.
    const onlyP2p = tiers.length === 1 && tiers[0] === 'p2p' && lastError instanceof RoomRequestError;
    const error = onlyP2p ? (lastError as RoomRequestError).message : 'Unable to connect. Please try again.';
    store.set({ status: 'error', tier: null, error });
  }

  /** The room events that make the tier be chosen again; returns their removers. */
  listen(): Array<() => void> {
    const { socket, store, role, sfu } = this.context;
    return [
      socket.on('room-settings', ({ tier }) => {
        if (!ROOM_TIERS.includes(tier) || tier === this.roomTier) return;
        this.roomTier = tier;
        // Guests choose their tier again, from the top: a fallback they were on no longer binds them.
        if (role !== 'guest' || this.context.forcedTier || !this.context.isJoined()) return;
        // Off the relay for now: the media node stops sending frames until a relay start asks again.
        if (store.get().tier === 'relay')
          socket.emit('relay:subscribe', { roomId: this.context.roomId, subscribe: false });
        store.set({ tier: null, remoteVideo: null, remoteAudio: null, relayLive: false });
        void this.connect();
      }),
      socket.on('sfu:new-producer', (producer) => {
        if (role !== 'guest') return;
        // A climbing guest takes the host's later producers too (the list it asked for may predate them).
        if (this.climb !== null) void sfu.consume(producer).catch(() => {});
        else if (!this.onFallback()) void sfu.consume(producer).catch(() => this.connect());
      }),
      socket.on('sfu:producer-closed', ({ producerId }) => sfu.producerClosed(producerId)),
      // The host left the SFU for a fallback: waiting on the SFU would show nothing. Choose again;
      // the media node now refuses a guest's SFU attempt at once (sfu/host-off-sfu), so the next tier runs.
      socket.on('sfu:host-closed', () => {
        // A climb towards a host that left the SFU again would find nothing to receive.
        if (this.climb !== null) this.endClimb();
        const { tier } = store.get();
        if (role === 'guest' && !this.context.forcedTier && (tier === 'sfu' || tier === null)) void this.connect();
      }),
      // The host is producing on the SFU again: a guest that fell back tries it once.
      socket.on('sfu:host-returned', (payload) => {
        const parsed = sfuHostReturnedPayloadSchema.safeParse(payload);
        if (role === 'guest' && parsed.success && parsed.data.roomId === this.context.roomId) void this.climbToSfu();
      }),
      socket.on('sfu:reconnect', () => {
        if (!this.onFallback()) void this.connect();
      }),
    ];
  }

  /** A climb gives way (a tier choice began, or the host left the SFU again); its held tracks go. */
  private endClimb(): void {
    this.climb = null;
    this.heldTracks.clear();
  }

  /** A guest's tier forced by `?tier=` or the room's setting; the host has none. */
  forcedTier(): MediaTier | undefined {
    if (this.context.role !== 'guest') return undefined;
    return this.context.forcedTier ?? (this.roomTier === 'auto' ? undefined : this.roomTier);
  }

  /** On a fallback tier the SFU's events are not ours to act on. */
  onFallback(): boolean {
    const { tier } = this.context.store.get();
    return tier === 'relay' || tier === 'p2p';
  }

  /** The tiers to try, best first (spec part 4): SFU, then peer-to-peer, then the relay. */
  private tiersToTry(): MediaTier[] {
    const forced = this.forcedTier();
    if (forced) return [forced];
    // Once fallen back, a reconnect resumes the fallback rather than spending another 30 s on the SFU.
    const current = this.context.store.get().tier;
    if (current === 'relay') return ['relay'];
    if (current === 'p2p') return ['p2p', 'relay'];
    return ['sfu', 'p2p', 'relay'];
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
    if (tier === 'relay') {
      // The host serves the relay whenever guests subscribe, whatever its own tier: with its SFU
      // down, its guests still see the screen through the relay, so it is a fallback, not an error.
      if (!this.context.relayGuest) return;
      // Spec part 9: each tier gets 10 s to connect.
      await this.context.relayGuest.start();
      return;
    }
    // The dedicated tier: 10 s per attempt, 3 attempts.
    await withRetries(() => this.context.sfu.start(), {
      isFinal: (error) => error instanceof RoomRequestError && FINAL_CODES.test(error.code),
    });
  }
}

/** Whether any of the SFU's consumers has received bytes yet. */
async function receivesMedia(sfu: SfuMedia): Promise<boolean> {
  for (const source of ['screen', 'program-audio'] as const) {
    const report = await sfu.statsOf(source);
    let received = false;
    report?.forEach((stats: { type?: string; bytesReceived?: number }) => {
      if (stats.type === 'inbound-rtp' && (stats.bytesReceived ?? 0) > 0) received = true;
    });
    if (received) return true;
  }
  return false;
}
