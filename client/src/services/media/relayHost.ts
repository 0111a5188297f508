import { type RelayRendition } from '@riffroom/protocol';
import {
  nextJpegQuality,
  RELAY_JPEG_BANDS,
  RELAY_RENDITION_SIZES,
  RELAY_START_QUALITY,
  relayRenditionsFor,
} from './relayQuality';
import type { RoomSocket } from './roomSocket';

/** The relay's target frame rate; a static screen still gets these, so a late guest sees it at once. */
export const RELAY_FPS = 10;
const FRAME_INTERVAL_MS = 1000 / RELAY_FPS;
/** After a refused or unanswered frame, wait this long before the next one. */
const RETRY_AFTER_MS = 1000;

/**
 * The host's side of the relay tier (ARCHITECTURE.md "Choose a tier and fall back"): while any guest is subscribed
 * (`relay:demand`) and a screen is shared, draw it letterboxed onto a canvas per rendition the
 * guests want (1280x720 full, 640x360 small: the media node puts each guest on the one its link
 * carries), encode JPEG and send it as binary with its rendition. One frame in flight: each tick
 * sends its renditions one after the other, each after the media node acked the previous one, so
 * the host's upload never queues.
 */
export class RelayHost {
  private renditions: RelayRendition[] = [];
  private stream: MediaStream | null = null;
  private video: HTMLVideoElement | null = null;
  private running = false;
  private closed = false;
  /** Each rendition's own quality, steered to its own byte band. */
  private quality: Record<RelayRendition, number> = { full: RELAY_START_QUALITY, small: RELAY_START_QUALITY };
  private readonly offDemand: () => void;

  constructor(
    private readonly socket: RoomSocket,
    private readonly roomId: string,
  ) {
    this.offDemand = socket.on('relay:demand', (demand) => {
      this.renditions = relayRenditionsFor(demand);
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
    return !this.closed && this.renditions.length > 0 && this.video !== null;
  }

  private kick(): void {
    if (this.running || !this.wanted()) return;
    this.running = true;
    void this.loop().finally(() => {
      this.running = false;
    });
  }

  private async loop(): Promise<void> {
    const canvases = new Map<RelayRendition, FrameCanvas>();
    const canvasFor = (rendition: RelayRendition) => {
      let canvas = canvases.get(rendition);
      if (!canvas) canvases.set(rendition, (canvas = createCanvas(RELAY_RENDITION_SIZES[rendition])));
      return canvas;
    };
    while (this.wanted()) {
      const startedAt = Date.now();
      let pause = FRAME_INTERVAL_MS;
      try {
        const video = this.video;
        for (const rendition of [...this.renditions]) {
          const frame = await this.encode(canvasFor(rendition), this.quality[rendition]);
          // Sharing may have stopped while encoding: a frame sent now would reach guests after
          // stop-sharing and show a stale screen.
          if (!frame || !this.wanted() || this.video !== video) break;
          await this.socket.request('screen-frame', { roomId: this.roomId, frame, rendition });
          const band = RELAY_JPEG_BANDS[rendition];
          this.quality[rendition] = nextJpegQuality(this.quality[rendition], frame.byteLength, band);
        }
        pause = FRAME_INTERVAL_MS - (Date.now() - startedAt);
      } catch {
        // Refused (rate limit, too large) or unanswered: the next frame will do, a little later.
        pause = RETRY_AFTER_MS;
      }
      if (pause > 0) await new Promise((resolve) => setTimeout(resolve, pause));
    }
  }

  /** The current picture as JPEG bytes at the canvas's size, or null while the video has no picture yet. */
  private async encode(canvas: FrameCanvas, quality: number): Promise<ArrayBuffer | null> {
    const video = this.video;
    if (!video || video.videoWidth === 0 || video.videoHeight === 0) return null;
    const context = canvas.getContext('2d') as CanvasRenderingContext2D | OffscreenCanvasRenderingContext2D | null;
    if (!context) return null;
    const box = letterbox(video.videoWidth, video.videoHeight, canvas);
    context.fillStyle = '#000';
    context.fillRect(0, 0, canvas.width, canvas.height);
    context.drawImage(video, box.x, box.y, box.width, box.height);
    const blob = await toJpeg(canvas, quality);
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

function createCanvas({ width, height }: { width: number; height: number }): FrameCanvas {
  if (typeof OffscreenCanvas !== 'undefined') return new OffscreenCanvas(width, height);
  const canvas = document.createElement('canvas');
  canvas.width = width;
  canvas.height = height;
  return canvas;
}

function toJpeg(canvas: FrameCanvas, quality: number): Promise<Blob | null> {
  if ('convertToBlob' in canvas) return canvas.convertToBlob({ type: 'image/jpeg', quality });
  return new Promise((resolve) => canvas.toBlob(resolve, 'image/jpeg', quality));
}

/** Where a width x height picture sits, aspect kept, centred in a rendition's canvas. */
export function letterbox(
  width: number,
  height: number,
  canvas: { width: number; height: number } = RELAY_RENDITION_SIZES.full,
): { x: number; y: number; width: number; height: number } {
  const scale = Math.min(canvas.width / width, canvas.height / height);
  const drawnWidth = width * scale;
  const drawnHeight = height * scale;
  return {
    x: (canvas.width - drawnWidth) / 2,
    y: (canvas.height - drawnHeight) / 2,
    width: drawnWidth,
    height: drawnHeight,
  };
}
