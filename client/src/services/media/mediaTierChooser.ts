import { ROOM_TIERS, type RoomTier } from '@riffroom/protocol';
import { P2pError, type P2pTier } from './p2pTier';
import type { RelayGuest } from './relayGuest';
import { withRetries, withTimeout } from './retry';
import { RoomRequestError, type RoomSocket } from './roomSocket';
import type { MediaTier, RoomState, Store } from './roomState';
import type { SfuTier } from './sfuTier';

/** Refusals that asking again cannot change. */
const FINAL_CODES = /^(room\/|auth\/|validation\/|sfu\/host-off-sfu$)/;

/** What of the SFU tier the chooser (and the host's capture) use; tests hand in their own. */
export type SfuMedia = Pick<
  SfuTier,
  'start' | 'suspend' | 'produce' | 'stopProducing' | 'consume' | 'producerClosed' | 'statsOf' | 'close'
>;

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
 * Chooses the media tier (design.md §4): SFU 10 s x 3, then peer-to-peer 10 s, then the relay,
 * else 'Unable to connect. Please try again.'; a forced tier (`?tier=` or the room setting) is the
 * only one tried.
 */
export class MediaTierChooser {
  /** The latest `connect` run: an older one still waiting on its tiers gives way to it. */
  private run = 0;
  /** The room's tier setting (the host may force one); a guest's `?tier=` wins over it. */
  roomTier: RoomTier = 'auto';

  constructor(private readonly context: MediaTierChooserContext) {}

  /**
   * Connects the media (again, after `sfu:reconnect`, a failed transport or a socket reconnect):
   * each tier in order until one works (spec part 4), else 'Unable to connect. Please try again.'
   */
  async connect(): Promise<void> {
    const { store, role, sfu, p2p } = this.context;
    if (this.context.isClosed()) return;
    const run = ++this.run;
    const superseded = () => this.context.isClosed() || run !== this.run;
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
        if (role === 'guest' && !this.onFallback()) void sfu.consume(producer).catch(() => this.connect());
      }),
      socket.on('sfu:producer-closed', ({ producerId }) => sfu.producerClosed(producerId)),
      // The host left the SFU for a fallback: waiting on the SFU would show nothing. Choose again;
      // the media node now refuses a guest's SFU attempt at once (sfu/host-off-sfu), so the next tier runs.
      socket.on('sfu:host-closed', () => {
        const { tier } = store.get();
        if (role === 'guest' && !this.context.forcedTier && (tier === 'sfu' || tier === null)) void this.connect();
      }),
      socket.on('sfu:reconnect', () => {
        if (!this.onFallback()) void this.connect();
      }),
    ];
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
