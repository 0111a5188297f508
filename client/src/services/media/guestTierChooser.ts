import { ROOM_TIERS, sfuHostReturnedPayloadSchema, type RoomTier } from '@riffroom/protocol';
import { MediaTierChooser, type MediaTierChooserContext } from './mediaTierChooser';
import type { RelayGuest } from './relayGuest';
import type { MediaSource } from './roomProtocol';
import { rechoosesWhenHostLeavesSfu } from './roomRules';
import { RoomRequestError } from './roomSocket';
import type { MediaTier } from './roomState';
import type { SfuReceiver } from './sfuReceiver';

/** What of the SFU's receiving side a guest's chooser uses; tests hand in their own. */
export type SfuReceiveMedia = Pick<
  SfuReceiver,
  'start' | 'suspend' | 'consume' | 'renew' | 'producerClosed' | 'statsOf' | 'close'
>;

/** How often a climbing guest looks for the first bytes from the SFU. */
const FLOW_POLL_MS = 250;

export interface GuestTierChooserContext extends MediaTierChooserContext<SfuReceiveMedia> {
  /** The guest's `?tier=`: it wins over the room's setting. */
  urlTier?: MediaTier;
  /** The relay tier's receiving side. */
  relayGuest: RelayGuest;
}

/**
 * A guest's tier: the one forced on it (`?tier=`, else the room's setting) or the best that works.
 * It follows the host: off the SFU when the host leaves it, back up when the host returns, and it
 * holds the SFU's tracks during a climb until they carry the host's media.
 */
export class GuestTierChooser extends MediaTierChooser<SfuReceiveMedia> {
  /** The room's tier setting (the host may force one); the guest's `?tier=` wins over it. */
  roomTier: RoomTier = 'auto';

  constructor(protected override readonly context: GuestTierChooserContext) {
    super(context);
  }

  forcedTier(): MediaTier | undefined {
    return this.context.urlTier ?? (this.roomTier === 'auto' ? undefined : this.roomTier);
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

  override listen(): Array<() => void> {
    const { socket, store, sfu } = this.context;
    return [
      socket.on('room-settings', ({ tier }) => {
        if (!ROOM_TIERS.includes(tier) || tier === this.roomTier) return;
        this.roomTier = tier;
        // Guests choose their tier again, from the top: a fallback they were on no longer binds them.
        if (this.context.urlTier || !this.context.isJoined()) return;
        // Off the relay for now: the media node stops sending frames until a relay start asks again.
        if (store.get().tier === 'relay')
          socket.emit('relay:subscribe', { roomId: this.context.roomId, subscribe: false });
        store.tierCleared();
        void this.connect();
      }),
      socket.on('sfu:new-producer', (producer) => {
        // A climbing guest takes the host's later producers too (the list it asked for may predate them).
        if (this.climb !== null) void sfu.consume(producer).catch(() => {});
        else if (!this.onFallback()) void sfu.consume(producer).catch(() => this.connect());
      }),
      socket.on('sfu:producer-closed', ({ producerId }) => sfu.producerClosed(producerId)),
      socket.on('sfu:renew-consumer', ({ producerId }) => {
        if (typeof producerId === 'string') void sfu.renew(producerId).catch(() => {});
      }),
      ...super.listen(),
      // The host is producing on the SFU again: a guest that fell back tries it once.
      socket.on('sfu:host-returned', (payload) => {
        const parsed = sfuHostReturnedPayloadSchema.safeParse(payload);
        if (parsed.success && parsed.data.roomId === this.context.roomId) void this.climbToSfu();
      }),
    ];
  }

  /**
   * The host left the SFU for a fallback: waiting on the SFU would show nothing. Choose again; the
   * media node now refuses a guest's SFU attempt at once (sfu/host-off-sfu), so the next tier runs.
   */
  protected override hostLeftSfu(): void {
    super.hostLeftSfu();
    if (rechoosesWhenHostLeavesSfu(this.context.urlTier, this.context.store.get().tier)) void this.connect();
  }

  /**
   * A host whose own SFU path is broken still produces there before its ICE fails: a guest that
   * moved up on its own transport alone would show a black picture until the host fell back again.
   * So the climb waits for the first bytes of the host's media.
   */
  protected async sfuCarries(abandoned: () => boolean): Promise<void> {
    const { sfu } = this.context;
    await sfu.start();
    while (!abandoned() && !(await receivesMedia(sfu))) {
      await new Promise((resolve) => setTimeout(resolve, FLOW_POLL_MS));
    }
    if (abandoned()) throw new RoomRequestError('sfu/climb-abandoned', 'Climb abandoned');
  }

  /** The SFU's picture and sound replace the fallback's, and the fallback is left. */
  protected climbed(from: MediaTier | null, held: ReadonlyMap<MediaSource, MediaStreamTrack>): void {
    const stream = (source: MediaSource) => {
      const track = held.get(source);
      return track ? new MediaStream([track]) : null;
    };
    this.context.store.climbedToSfu({ video: stream('screen'), audio: stream('program-audio') });
    if (from === 'p2p') this.context.p2p.suspend();
    if (from === 'relay') this.context.relayGuest.stop();
  }

  protected async startRelay(): Promise<void> {
    // Spec part 9: each tier gets 10 s to connect.
    await this.context.relayGuest.start();
  }

  /** Peer-to-peer is dropped unless it carries the media (the host keeps serving it, not us). */
  protected leaveOtherTiers(tier: MediaTier): void {
    if (tier !== 'p2p') this.context.p2p.suspend();
  }

  protected tierFailed(tier: MediaTier): void {
    if (tier === 'p2p') this.context.p2p.suspend();
  }
}

/** Whether any of the SFU's consumers has received bytes yet. */
async function receivesMedia(sfu: SfuReceiveMedia): Promise<boolean> {
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
