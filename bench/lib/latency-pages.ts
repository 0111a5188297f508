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
 * Each function is self-contained: Playwright serialises it into the page. The guest's probe is in
 * latency-guest-probe.ts.
 */

export interface LatencyProbe {
  /** Glass-to-glass samples in ms, one per decoded frame. */
  samples: number[];
  /** performance.now() of the first decoded frame, or null. */
  firstFrameAt: number | null;
  connections: { remoteDescriptionAt: number | null; connectedAt: number | null }[];
  undecodable: number;
  /**
   * The app's round trips in the order they started (performance.now() ms): every fetch, the
   * WebSocket's opening, and each Socket.IO request from its emit to its ack, so the signalling
   * part of time to first frame can be told apart request by request.
   */
  requests: { what: string; startAt: number; endAt: number | null }[];
  /** Marks without a reply: RTCPeerConnection creation, remote descriptions, connection states. */
  marks: { what: string; at: number }[];
  /** performance.now() of each sample in `samples`. */
  sampleTimes: number[];
  /** performance.now() of the last click on a Join Session button, or null. */
  joinClickAt: number | null;
  /** The receiving video's inbound-rtp counters every 250 ms (cumulative, as getStats gives them). */
  receiver: ReceiverStats[];
}

export interface ReceiverStats {
  at: number;
  jitterBufferDelay: number;
  jitterBufferEmittedCount: number;
  jitterBufferTargetDelay: number;
  framesDecoded: number;
  totalDecodeTime: number;
  totalProcessingDelay: number;
  framesDropped: number;
  nackCount: number;
  pliCount: number;
  packetsLost: number;
  jitter: number;
}

/** The host's sending video (outbound-rtp), cumulative. */
export interface SenderStats {
  framesEncoded: number;
  totalEncodeTime: number;
  packetsSent: number;
  totalPacketSendDelay: number;
  nackCount: number;
  pliCount: number;
  qualityLimitationReason: string;
  framesPerSecond: number;
}

/** Host side: the outbound-rtp video stats of every RTCPeerConnection the page made. */
export async function readSenderStats(): Promise<SenderStats | null> {
  const pcs = (window as unknown as { __hostPcs?: RTCPeerConnection[] }).__hostPcs ?? [];
  for (const pc of pcs) {
    if (pc.connectionState !== 'connected') continue;
    const report = await pc.getStats();
    for (const stat of report.values()) {
      if (stat.type === 'outbound-rtp' && stat.kind === 'video') {
        return {
          framesEncoded: stat.framesEncoded ?? 0,
          totalEncodeTime: stat.totalEncodeTime ?? 0,
          packetsSent: stat.packetsSent ?? 0,
          totalPacketSendDelay: stat.totalPacketSendDelay ?? 0,
          nackCount: stat.nackCount ?? 0,
          pliCount: stat.pliCount ?? 0,
          qualityLimitationReason: stat.qualityLimitationReason ?? 'unknown',
          framesPerSecond: stat.framesPerSecond ?? 0,
        };
      }
    }
  }
  return null;
}

/** Host side: the fake screen that shows the clock, and a list of the page's peer connections. */
export function installClockCapture(): void {
  const hostPcs: RTCPeerConnection[] = [];
  (window as unknown as { __hostPcs: RTCPeerConnection[] }).__hostPcs = hostPcs;
  const NativeConnection = window.RTCPeerConnection;
  window.RTCPeerConnection = class extends NativeConnection {
    constructor(...args: ConstructorParameters<typeof RTCPeerConnection>) {
      super(...args);
      hostPcs.push(this);
    }
  } as typeof RTCPeerConnection;
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
