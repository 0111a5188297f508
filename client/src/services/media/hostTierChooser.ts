import { MediaTierChooser, type MediaTierChooserContext, type SfuMedia } from './mediaTierChooser';
import { hostClimbDue } from './roomRules';
import type { MediaTier } from './roomState';

/**
 * A host on a fallback tier tries the SFU again this often while it sends something (an attempt
 * with nothing to send cannot tell whether media would get through): its guests follow it up.
 */
export const HOST_CLIMB_INTERVAL_MS = 60_000;

/**
 * The host's tier: it tries the SFU, and serves the peer-to-peer and relay tiers to whichever
 * guests use them whatever its own tier; with its SFU failed it shows the fallback of the tier it
 * can still serve. Nothing is forced on it, and it climbs back to the SFU on its own timer.
 */
export class HostTierChooser extends MediaTierChooser {
  private readonly climbTimer: ReturnType<typeof setInterval>;

  constructor(context: MediaTierChooserContext<SfuMedia>) {
    super(context);
    this.climbTimer = setInterval(() => void this.periodicClimb(), HOST_CLIMB_INTERVAL_MS);
  }

  override close(): void {
    clearInterval(this.climbTimer);
    super.close();
  }

  forcedTier(): MediaTier | undefined {
    return undefined;
  }

  protected async sfuCarries(): Promise<void> {
    await this.context.sfu.start();
  }

  /** The host keeps serving its guests' tiers: only its own banner moves up. */
  protected climbed(): void {
    this.context.store.climbedToSfu();
  }

  /**
   * The media node relays whenever guests subscribe, whatever the host's own tier: with its SFU
   * down, its guests still see the screen through the relay, so it is a fallback, not an error.
   */
  protected async startRelay(): Promise<void> {}

  /** The host keeps serving peer-to-peer whatever its own tier. */
  protected leaveOtherTiers(): void {}

  protected tierFailed(): void {}

  /** Only from a fallback (see `climbToSfu`), and only with something to send. */
  private async periodicClimb(): Promise<void> {
    if (hostClimbDue(this.context.store.get())) await this.climbToSfu();
  }
}
