import { RELAY_CANVAS_HEIGHT, RELAY_CANVAS_WIDTH, type BinaryData } from '@riffroom/protocol';
import { decodeJpeg } from './jpegFrame';
import type { RoomSocket } from './roomSocket';
import { PaintRate } from './paintRate';
import { withTimeout } from './retry';
import type { VideoQuality } from './videoQuality';

/**
 * The host sends at least one frame a second while sharing (relayHost.ts); this long without one
 * means the picture is stale (sharing stopped, or a frame straggled in after stop-sharing).
 */
export const RELAY_STALE_AFTER_MS = 2500;

/**
 * A guest on the relay tier (ARCHITECTURE.md "Choose a tier and fall back"): subscribes, paints each JPEG frame on the 1280x720
 * canvas the screen attached, and acks once painted, which frees its lane at the media node (so a
 * slow guest simply gets fewer frames). Frames that arrive with no canvas attached are acked unpainted.
 */
export class RelayGuest {
  private canvas: HTMLCanvasElement | null = null;
  private subscribed = false;
  private staleTimer: ReturnType<typeof setTimeout> | null = null;
  private closed = false;
  private readonly paintRate = new PaintRate();
  /** The size the last picture came in: which rendition the media node sends this guest. */
  private lastSize: { width: number; height: number } | null = null;
  private readonly offFrame: () => void;

  constructor(
    private readonly socket: RoomSocket,
    private readonly roomId: string,
    /** Called with true when a frame is painted, false once frames stopped coming (RELAY_STALE_AFTER_MS). */
    private readonly onLive: (live: boolean) => void,
  ) {
    this.offFrame = socket.on('screen-frame', (payload, ack) => {
      void this.paint(payload?.frame).finally(() => {
        if (typeof ack === 'function') ack();
      });
    });
  }

  /** Subscribes within the tier's 10 s; rejects when the media node refuses or does not answer. */
  async start(): Promise<void> {
    await withTimeout(this.socket.request('relay:subscribe', { roomId: this.roomId, subscribe: true }));
    this.subscribed = !this.closed;
  }

  /** Another tier carries the media now: the media node stops sending frames; `start()` asks again. */
  stop(): void {
    if (this.staleTimer) clearTimeout(this.staleTimer);
    this.staleTimer = null;
    if (this.subscribed) this.socket.emit('relay:subscribe', { roomId: this.roomId, subscribe: false });
    this.subscribed = false;
  }

  attachCanvas(canvas: HTMLCanvasElement | null): void {
    this.canvas = canvas;
    if (canvas) {
      canvas.width = RELAY_CANVAS_WIDTH;
      canvas.height = RELAY_CANVAS_HEIGHT;
    }
  }

  /**
   * The relay picture as the room's stats show it: the size the media node sends (1280x720, or
   * 640x360 where this guest's link cannot carry full frames) and the pictures painted a second;
   * null while none was painted lately.
   */
  quality(now = performance.now()): Omit<VideoQuality, 'layers'> | null {
    const fps = this.paintRate.fps(now);
    return this.lastSize && fps !== null ? { ...this.lastSize, fps } : null;
  }

  close(): void {
    if (this.closed) return;
    this.closed = true;
    this.offFrame();
    this.stop();
  }

  private async paint(frame: BinaryData | undefined): Promise<void> {
    if (this.closed || !frame) return;
    const canvas = this.canvas;
    const context = canvas?.getContext('2d');
    if (!context) return;
    try {
      const decoded = await decodeJpeg(frame as BlobPart);
      try {
        context.drawImage(decoded.image, 0, 0, RELAY_CANVAS_WIDTH, RELAY_CANVAS_HEIGHT);
        this.lastSize = { width: decoded.width, height: decoded.height };
        this.paintRate.painted(performance.now());
      } finally {
        decoded.close();
      }
      this.onLive(true);
      if (this.staleTimer) clearTimeout(this.staleTimer);
      this.staleTimer = setTimeout(() => this.onLive(false), RELAY_STALE_AFTER_MS);
    } catch {
      // An undecodable frame is skipped; the next one replaces it.
    }
  }
}
