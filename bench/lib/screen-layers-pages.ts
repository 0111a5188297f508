/// <reference lib="dom" />
/// <reference lib="dom.iterable" />
// Code passed to page.evaluate/addInitScript runs in the browser, so this file sees DOM types.
/**
 * Browser side of the layered screen-share measurements (bench/screen-layers.ts, and the layers
 * e2e): cumulative RTP counters read from the page's own peer connections
 * (tests/support/studio-capture.ts remembers them). Each function is self-contained: Playwright
 * serialises it into the page.
 */

/**
 * tsx compiles the bench with esbuild's keepNames, which wraps named functions in `__name(...)`;
 * the functions Playwright serialises into a page then need that helper there (latency-joins.ts).
 */
export const KEEP_NAMES_SHIM = { content: 'globalThis.__name = globalThis.__name || ((fn) => fn);' };

export interface HostCounters {
  at: number;
  bytesSent: number;
  pliCount: number;
  firCount: number;
  framesEncoded: number;
  totalEncodeTime: number;
  /** Per encoding (rid, or '' for one stream): its size, frame rate and what limits it. */
  layers: {
    rid: string;
    width: number;
    height: number;
    fps: number;
    limitation: string;
    bytesSent: number;
    /** PLIs and FIRs that reached this encoding. */
    keyframeRequests: number;
    /** Keyframes this encoding sent, asked for or not. */
    keyframesEncoded: number;
  }[];
}

export async function readHostCounters(): Promise<HostCounters> {
  const connections = (window as unknown as { __testPeerConnections: RTCPeerConnection[] }).__testPeerConnections;
  const counters: HostCounters = {
    at: performance.now(),
    bytesSent: 0,
    pliCount: 0,
    firCount: 0,
    framesEncoded: 0,
    totalEncodeTime: 0,
    layers: [],
  };
  for (const connection of connections) {
    if (connection.connectionState === 'closed') continue;
    const report = await connection.getStats();
    for (const stat of report.values()) {
      if (stat.type !== 'outbound-rtp' || stat.kind !== 'video') continue;
      counters.bytesSent += stat.bytesSent ?? 0;
      counters.pliCount += stat.pliCount ?? 0;
      counters.firCount += stat.firCount ?? 0;
      counters.framesEncoded += stat.framesEncoded ?? 0;
      counters.totalEncodeTime += stat.totalEncodeTime ?? 0;
      counters.layers.push({
        rid: stat.rid ?? '',
        width: stat.frameWidth ?? 0,
        height: stat.frameHeight ?? 0,
        fps: stat.framesPerSecond ?? 0,
        limitation: stat.qualityLimitationReason ?? '',
        bytesSent: stat.bytesSent ?? 0,
        keyframeRequests: (stat.pliCount ?? 0) + (stat.firCount ?? 0),
        keyframesEncoded: stat.keyFramesEncoded ?? 0,
      });
    }
  }
  return counters;
}

export interface ViewerCounters {
  at: number;
  width: number;
  height: number;
  framesDecoded: number;
  freezeCount: number;
  totalFreezesDuration: number;
  nackCount: number;
  pliCount: number;
  bytesReceived: number;
  audioPacketsLost: number;
  audioPacketsReceived: number;
  concealedSamples: number;
  totalSamplesReceived: number;
  /** What the room's stats line says (data-testid="video-quality"), and its layer attribute. */
  qualityText: string;
  spatialLayer: string | null;
}

export async function readViewerCounters(): Promise<ViewerCounters> {
  const connections = (window as unknown as { __testPeerConnections: RTCPeerConnection[] }).__testPeerConnections;
  const line = document.querySelector('[data-testid="video-quality"]');
  const counters: ViewerCounters = {
    at: performance.now(),
    width: 0,
    height: 0,
    framesDecoded: 0,
    freezeCount: 0,
    totalFreezesDuration: 0,
    nackCount: 0,
    pliCount: 0,
    bytesReceived: 0,
    audioPacketsLost: 0,
    audioPacketsReceived: 0,
    concealedSamples: 0,
    totalSamplesReceived: 0,
    qualityText: line?.textContent ?? '',
    spatialLayer: line?.getAttribute('data-spatial-layer') ?? null,
  };
  for (const connection of connections) {
    if (connection.connectionState === 'closed') continue;
    const report = await connection.getStats();
    for (const stat of report.values()) {
      if (stat.type !== 'inbound-rtp') continue;
      if (stat.kind === 'video') {
        counters.width = stat.frameWidth ?? counters.width;
        counters.height = stat.frameHeight ?? counters.height;
        counters.framesDecoded += stat.framesDecoded ?? 0;
        counters.freezeCount += stat.freezeCount ?? 0;
        counters.totalFreezesDuration += stat.totalFreezesDuration ?? 0;
        counters.nackCount += stat.nackCount ?? 0;
        counters.pliCount += stat.pliCount ?? 0;
        counters.bytesReceived += stat.bytesReceived ?? 0;
      } else if (stat.kind === 'audio') {
        counters.audioPacketsLost += stat.packetsLost ?? 0;
        counters.audioPacketsReceived += stat.packetsReceived ?? 0;
        counters.concealedSamples += stat.concealedSamples ?? 0;
        counters.totalSamplesReceived += stat.totalSamplesReceived ?? 0;
      }
    }
  }
  return counters;
}
