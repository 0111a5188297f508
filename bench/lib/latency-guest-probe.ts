/// <reference lib="dom" />
// Code passed to page.addInitScript runs in the browser, so this file sees DOM types.
/**
 * The guest's side of the latency benchmark's browser instrumentation (the host's is in
 * latency-pages.ts): decode the painted clock from every frame shown, and mark each peer
 * connection's first remote description and 'connected' time. Self-contained: Playwright
 * serialises it into the page.
 */
import type { LatencyProbe } from './latency-pages.js';

/** Guest side: decode every frame shown, and mark the connections. */
export function installClockProbe(): void {
  const probe: LatencyProbe = {
    samples: [],
    firstFrameAt: null,
    connections: [],
    undecodable: 0,
    requests: [],
    marks: [],
    sampleTimes: [],
    receiver: [],
    joinClickAt: null,
  };
  // The join click as the page sees it (its event's timestamp), not when the driver asked for it.
  document.addEventListener(
    'click',
    (event) => {
      const button = (event.target as Element | null)?.closest?.('button');
      if (button?.textContent?.trim() === 'Join Session') probe.joinClickAt = event.timeStamp;
    },
    true,
  );
  const peerConnections: RTCPeerConnection[] = [];
  setInterval(async () => {
    for (const pc of peerConnections) {
      if (pc.connectionState !== 'connected') continue;
      // mediasoup's probation stream is a second inbound video without frames: take the decoding one.
      let stat: Record<string, number> | null = null;
      for (const entry of (await pc.getStats()).values()) {
        if (
          entry.type === 'inbound-rtp' &&
          entry.kind === 'video' &&
          (entry.framesDecoded ?? 0) >= (stat?.framesDecoded ?? 0)
        )
          stat = entry;
      }
      if (!stat) continue;
      probe.receiver.push({
        at: performance.now(),
        jitterBufferDelay: stat.jitterBufferDelay ?? 0,
        jitterBufferEmittedCount: stat.jitterBufferEmittedCount ?? 0,
        jitterBufferTargetDelay: stat.jitterBufferTargetDelay ?? 0,
        framesDecoded: stat.framesDecoded ?? 0,
        totalDecodeTime: stat.totalDecodeTime ?? 0,
        totalProcessingDelay: stat.totalProcessingDelay ?? 0,
        framesDropped: stat.framesDropped ?? 0,
        nackCount: stat.nackCount ?? 0,
        pliCount: stat.pliCount ?? 0,
        packetsLost: stat.packetsLost ?? 0,
        jitter: stat.jitter ?? 0,
      });
    }
  }, 250);
  (window as unknown as { __latency: LatencyProbe }).__latency = probe;
  const mark = (what: string) => probe.marks.push({ what, at: performance.now() });

  const nativeFetch = window.fetch.bind(window);
  window.fetch = (async (input: RequestInfo | URL, init?: RequestInit) => {
    const url = typeof input === 'string' ? input : input instanceof URL ? input.href : input.url;
    const entry = {
      what: `${init?.method ?? 'GET'} ${new URL(url, location.href).pathname}`,
      startAt: performance.now(),
      endAt: null as number | null,
    };
    probe.requests.push(entry);
    try {
      return await nativeFetch(input, init);
    } finally {
      entry.endAt = performance.now();
    }
  }) as typeof fetch;

  // Socket.IO over a WebSocket: '42<id>["event",...]' is a request and '43<id>[...]' its ack.
  const NativeWebSocket = window.WebSocket;
  window.WebSocket = class extends NativeWebSocket {
    constructor(url: string | URL, protocols?: string | string[]) {
      super(url, protocols);
      const opening = { what: 'websocket open', startAt: performance.now(), endAt: null as number | null };
      const connecting = { what: 'socket.io connect', startAt: 0, endAt: null as number | null };
      probe.requests.push(opening);
      const pending = new Map<string, { what: string; startAt: number; endAt: number | null }>();
      this.addEventListener('open', () => (opening.endAt = performance.now()));
      this.addEventListener('message', (event: MessageEvent) => {
        if (typeof event.data !== 'string') return;
        if (event.data.startsWith('40') && connecting.endAt === null && connecting.startAt > 0)
          connecting.endAt = performance.now();
        const ack = /^43(\d+)/.exec(event.data);
        const entry = ack && pending.get(ack[1]!);
        if (entry) entry.endAt = performance.now();
      });
      const send = this.send.bind(this);
      this.send = (data: string | ArrayBufferLike | Blob | ArrayBufferView) => {
        if (typeof data === 'string') {
          if (data.startsWith('40') && connecting.startAt === 0) {
            connecting.startAt = performance.now();
            probe.requests.push(connecting);
          }
          const request = /^4[25](?:\d+-)?(\d+)\["([^"]+)"/.exec(data);
          if (request) {
            const entry = { what: request[2]!, startAt: performance.now(), endAt: null as number | null };
            pending.set(request[1]!, entry);
            probe.requests.push(entry);
          }
        }
        send(data);
      };
    }
  } as typeof WebSocket;

  const NativePeerConnection = window.RTCPeerConnection;
  window.RTCPeerConnection = class extends NativePeerConnection {
    constructor(...args: ConstructorParameters<typeof RTCPeerConnection>) {
      super(...args);
      const marks = { remoteDescriptionAt: null as number | null, connectedAt: null as number | null };
      const index = probe.connections.push(marks) - 1;
      peerConnections.push(this);
      mark(`pc${index} created`);
      this.addEventListener('connectionstatechange', () => {
        mark(`pc${index} ${this.connectionState}`);
        if (this.connectionState === 'connected' && marks.connectedAt === null) marks.connectedAt = performance.now();
      });
      const setRemote = this.setRemoteDescription.bind(this);
      this.setRemoteDescription = ((description: RTCSessionDescriptionInit) => {
        mark(`pc${index} remote ${description.type}`);
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
    if (probe.firstFrameAt === null) {
      probe.firstFrameAt = performance.now();
      mark('first frame decoded');
    }
    probe.samples.push(now - decoded);
    probe.sampleTimes.push(performance.now());
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
