import type { RelayRendition } from '@riffroom/protocol';

/**
 * A rendition the host has not sent for this long is not coming: an older host sends full frames
 * only, and a host that has not yet heard a new relay:demand sends only what the old one asked for.
 * Guests waiting for it are offered the other rendition meanwhile, so nobody's picture stops. A
 * host that sends a rendition sends it about every 100 ms (relayHost.ts), a second after a refused
 * frame; the guest calls its picture stale after 2.5 s (relayGuest.ts), which this stays under.
 */
export const RENDITION_STALE_AFTER_MS = 1500;

/** When the host last sent each rendition, and so which frames a guest that wants one is offered. */
export class RenditionFreshness {
  private lastAt: Record<RelayRendition, number> = {
    full: Number.NEGATIVE_INFINITY,
    small: Number.NEGATIVE_INFINITY,
  };

  published(rendition: RelayRendition, now: number): void {
    this.lastAt[rendition] = now;
  }

  /** Whether a frame of `rendition` goes to a guest that wants `wanted`: its own, or the other while its own is not coming. */
  offers(wanted: RelayRendition, rendition: RelayRendition, now: number): boolean {
    return wanted === rendition || now - this.lastAt[wanted] > RENDITION_STALE_AFTER_MS;
  }
}
