import { RELAY_CANVAS_HEIGHT, RELAY_CANVAS_WIDTH } from '@riffroom/protocol';
import { nextJpegQuality, RELAY_START_QUALITY } from './relayQuality';
import type { RoomSocket } from './roomSocket';

/** The relay's target frame rate; a static screen still gets these, so a late guest sees it at once. */
export const RELAY_FPS = 10;
const FRAME_INTERVAL_MS = 1000 / RELAY_FPS;
/** After a refused or unanswered frame, wait this long before the next one. */
const RETRY_AFTER_MS = 1000;

/**
 * The host's side of the relay tier (ARCHITECTURE.md "Choose a tier and fall back"): while any guest is subscribed
 * (`relay:demand`) and a screen is shared, draw it letterboxed onto a 1280x720 canvas, encode JPEG
 * and send it as binary. One frame in flight: the next is drawn only after the media node acked
 * the previous one, so the host's upload never queues.
 */
export class RelayHost {
  private demand = 0;
  private stream: MediaStream | null = null;
  private video: HTMLVideoElement | null = null;
  private running = false;
  private closed = false;
  private quality = RELAY_START_QUALITY;
  private readonly offDemand: () => void;

  constructor(
    private readonly socket: RoomSocket,
    private readonly roomId: string,
  ) {
    this.offDemand = socket.on('relay:demand', ({ guests }) => {
      this.demand = guests;
      this.kick();
    });
  }

  /** The shared screen, or null when sharing stops. */
  setSource(stream: MediaStream | null): void {
    if (stream === this.stream) return;
    this.stream = stream;
    this.releaseVideo();
    if (stream) {
      const video = document.createElement('video');
      video.muted = true;
      video.playsInline = true;
      video.srcObject = stream;
      void video.play().catch(() => {});
      this.video = video;
    }
    this.kick();
  }

  close(): void {
    if (this.closed) return;
    this.closed = true;
    this.offDemand();
    this.releaseVideo();
    this.stream = null;
  }

  private wanted(): boolean {
    return !this.closed && this.demand > 0 && this.video !== null;
  }

  private kick(): void {
    if (this.running || !this.wanted()) return;
    this.running = true;
    void this.loop().finally(() => {
      this.running = false;
    });
  }

  private async loop(): Promise<void> {
    const canvas = createCanvas();
    while (this.wanted()) {
      const startedAt = Date.now();
      let pause = FRAME_INTERVAL_MS;
      try {
        const video = this.video;
        const frame = await this.encode(canvas);
        // Sharing may have stopped while encoding: a frame sent now would reach guests after
        // stop-sharing and show a stale screen.
        if (frame && this.wanted() && this.video === video) {
          await this.socket.request('screen-frame', { roomId: this.roomId, frame });
          this.quality = nextJpegQuality(this.quality, frame.byteLength);
        }
        pause = FRAME_INTERVAL_MS - (Date.now() - startedAt);
      } catch {
        // Refused (rate limit, too large) or unanswered: the next frame will do, a little later.
        pause = RETRY_AFTER_MS;
      }
      if (pause > 0) await new Promise((resolve) => setTimeout(resolve, pause));
    }
  }

  /** The current picture as JPEG bytes, or null while the video has no picture yet. */
  private async encode(canvas: FrameCanvas): Promise<ArrayBuffer | null> {
    const video = this.video;
    if (!video || video.videoWidth === 0 || video.videoHeight === 0) return null;
    const context = canvas.getContext('2d') as CanvasRenderingContext2D | OffscreenCanvasRenderingContext2D | null;
    if (!context) return null;
    const box = letterbox(video.videoWidth, video.videoHeight);
    context.fillStyle = '#000';
    context.fillRect(0, 0, RELAY_CANVAS_WIDTH, RELAY_CANVAS_HEIGHT);
    context.drawImage(video, box.x, box.y, box.width, box.height);
    const blob = await toJpeg(canvas, this.quality);
    return blob ? blob.arrayBuffer() : null;
  }

  private releaseVideo(): void {
    if (!this.video) return;
    this.video.pause();
    this.video.srcObject = null;
    this.video = null;
  }
}

type FrameCanvas = OffscreenCanvas | HTMLCanvasElement;

function createCanvas(): FrameCanvas {
  if (typeof OffscreenCanvas !== 'undefined') return new OffscreenCanvas(RELAY_CANVAS_WIDTH, RELAY_CANVAS_HEIGHT);
  const canvas = document.createElement('canvas');
  canvas.width = RELAY_CANVAS_WIDTH;
  canvas.height = RELAY_CANVAS_HEIGHT;
  return canvas;
}

function toJpeg(canvas: FrameCanvas, quality: number): Promise<Blob | null> {
  if ('convertToBlob' in canvas) return canvas.convertToBlob({ type: 'image/jpeg', quality });
  return new Promise((resolve) => canvas.toBlob(resolve, 'image/jpeg', quality));
}

/** Where a width x height picture sits, aspect kept, centred in the 1280x720 canvas. */
export function letterbox(width: number, height: number): { x: number; y: number; width: number; height: number } {
  const scale = Math.min(RELAY_CANVAS_WIDTH / width, RELAY_CANVAS_HEIGHT / height);
  const drawnWidth = width * scale;
  const drawnHeight = height * scale;
  return {
    x: (RELAY_CANVAS_WIDTH - drawnWidth) / 2,
    y: (RELAY_CANVAS_HEIGHT - drawnHeight) / 2,
    width: drawnWidth,
    height: drawnHeight,
  };
}
