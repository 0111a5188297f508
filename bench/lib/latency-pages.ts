/// <reference lib="dom" />
// Code passed to page.addInitScript runs in the browser, so this file sees DOM types.
/**
 * Browser-side instrumentation of the latency benchmark, installed with page.addInitScript:
 * - the host's getDisplayMedia answers a 1280x720 canvas on which `Date.now()` is painted as a row
 *   of black/white blocks (a 4-block sync pattern, then 48 bits, most significant first);
 * - the guest decodes that row from the SFU video in requestVideoFrameCallback, or from the relay
 *   canvas right after the app paints a frame on it, and records Date.now() - decoded;
 * - every RTCPeerConnection's first remote description and 'connected' time are marked (as
 *   performance.now()), so time to first frame splits into signalling, ICE/DTLS and first frame.
 * Each function is self-contained: Playwright serialises it into the page.
 */

export interface LatencyProbe {
  /** Glass-to-glass samples in ms, one per decoded frame. */
  samples: number[];
  /** performance.now() of the first decoded frame, or null. */
  firstFrameAt: number | null;
  connections: { remoteDescriptionAt: number | null; connectedAt: number | null }[];
  undecodable: number;
}

/** Host side: the fake screen that shows the clock. */
export function installClockCapture(): void {
  navigator.mediaDevices.getDisplayMedia = async () => {
    const canvas = document.createElement('canvas');
    canvas.width = 1280;
    canvas.height = 720;
    const context = canvas.getContext('2d')!;
    const BLOCK = 24;
    const paint = () => {
      const now = Date.now();
      context.fillStyle = 'rgb(128,128,128)';
      context.fillRect(0, 0, 1280, 720);
      const bits = [1, 0, 1, 0];
      for (let k = 47; k >= 0; k -= 1) bits.push(Math.floor(now / 2 ** k) % 2);
      bits.forEach((bit, i) => {
        context.fillStyle = bit ? '#fff' : '#000';
        context.fillRect(i * BLOCK, 0, BLOCK, BLOCK);
      });
    };
    paint();
    // captureStream emits a frame per paint: paint faster than 30 fps so a frame is never stale.
    setInterval(paint, 10);
    return canvas.captureStream(30);
  };
}

/** Guest side: decode every frame shown, and mark the connections. */
export function installClockProbe(): void {
  const probe: LatencyProbe = { samples: [], firstFrameAt: null, connections: [], undecodable: 0 };
  (window as unknown as { __latency: LatencyProbe }).__latency = probe;

  const NativePeerConnection = window.RTCPeerConnection;
  window.RTCPeerConnection = class extends NativePeerConnection {
    constructor(...args: ConstructorParameters<typeof RTCPeerConnection>) {
      super(...args);
      const marks = { remoteDescriptionAt: null as number | null, connectedAt: null as number | null };
      probe.connections.push(marks);
      this.addEventListener('connectionstatechange', () => {
        if (this.connectionState === 'connected' && marks.connectedAt === null) marks.connectedAt = performance.now();
      });
      const setRemote = this.setRemoteDescription.bind(this);
      this.setRemoteDescription = ((description: RTCSessionDescriptionInit) => {
        if (marks.remoteDescriptionAt === null) marks.remoteDescriptionAt = performance.now();
        return setRemote(description);
      }) as typeof this.setRemoteDescription;
    }
  } as typeof RTCPeerConnection;

  const BLOCK = 24;
  const strip = document.createElement('canvas');
  strip.width = 1280;
  strip.height = BLOCK;
  const stripContext = strip.getContext('2d', { willReadFrequently: true })!;
  // Reads the block row of `source` (drawn scaled to 1280 wide); null when the sync pattern is absent.
  const decode = (source: CanvasImageSource, width: number, height: number): number | null => {
    stripContext.drawImage(source, 0, 0, width, (height * BLOCK) / 720, 0, 0, 1280, BLOCK);
    const row = stripContext.getImageData(0, BLOCK / 2, 1280, 1).data;
    const bits: number[] = [];
    for (let i = 0; i < 52; i += 1) {
      const x = i * BLOCK + BLOCK / 2;
      const luma = row[x * 4]! + row[x * 4 + 1]! + row[x * 4 + 2]!;
      bits.push(luma > 3 * 128 ? 1 : 0);
    }
    if (bits.slice(0, 4).join('') !== '1010') return null;
    let value = 0;
    for (const bit of bits.slice(4)) value = value * 2 + bit;
    return value;
  };
  const record = (decoded: number | null) => {
    const now = Date.now();
    // A misread bit gives a wildly wrong time: count it, do not let it pollute the percentiles.
    if (decoded === null || Math.abs(now - decoded) > 10_000) {
      probe.undecodable += 1;
      return;
    }
    if (probe.firstFrameAt === null) probe.firstFrameAt = performance.now();
    probe.samples.push(now - decoded);
  };

  // SFU tier: every frame the <video> presents.
  const watched = new WeakSet<HTMLVideoElement>();
  const watch = (video: HTMLVideoElement) => {
    if (watched.has(video)) return;
    watched.add(video);
    const onFrame = () => {
      if (video.videoWidth > 0) record(decode(video, video.videoWidth, video.videoHeight));
      video.requestVideoFrameCallback(onFrame);
    };
    video.requestVideoFrameCallback(onFrame);
  };
  new MutationObserver(() => {
    const video = document.querySelector<HTMLVideoElement>('video[data-testid="remote-screen"]');
    if (video) watch(video);
  }).observe(document, { childList: true, subtree: true });

  // Relay tier: right after the app paints a relayed frame on its canvas.
  const drawImage = CanvasRenderingContext2D.prototype.drawImage;
  CanvasRenderingContext2D.prototype.drawImage = function (this: CanvasRenderingContext2D, ...args: unknown[]) {
    (drawImage as (...a: unknown[]) => void).apply(this, args);
    if (this.canvas.dataset.testid === 'relay-canvas')
      record(decode(this.canvas, this.canvas.width, this.canvas.height));
  } as typeof drawImage;
}
