/// <reference lib="dom" />
/// <reference lib="dom.iterable" />
// Code passed to page.evaluate runs in the browser, so this file sees DOM types.
import type { Page } from 'playwright-core';

/**
 * What a viewer's Chromium reports about the host's screen and program audio (inbound-rtp), and
 * what the host's reports about its upload (outbound-rtp), read from the page's own
 * RTCPeerConnections (tests/support/studio-capture.ts lists them). Counters are cumulative, as
 * getStats gives them: a measurement subtracts two reads.
 */
export interface ViewerVideoStats {
  /** The stream's SSRC: a viewer that consumes anew (a reconnect) starts new counters. */
  ssrc: number;
  timestamp: number;
  frameWidth: number;
  frameHeight: number;
  framesDecoded: number;
  freezeCount: number;
  totalFreezesDuration: number;
  nackCount: number;
  pliCount: number;
  firCount: number;
  packetsLost: number;
  packetsReceived: number;
  bytesReceived: number;
}

export interface ViewerAudioStats {
  /** The stream's SSRC: a renewed consumer (sfu:renew-consumer) starts new counters. */
  ssrc: number;
  /** Lost packets the viewer asked to be resent: only where the media node offers resends. */
  nackCount: number;
  totalSamplesReceived: number;
  concealedSamples: number;
  silentConcealedSamples: number;
  concealmentEvents: number;
  insertedSamplesForDeceleration: number;
  removedSamplesForAcceleration: number;
  packetsLost: number;
  packetsReceived: number;
  bytesReceived: number;
}

export interface ViewerStats {
  video: ViewerVideoStats | null;
  audio: ViewerAudioStats | null;
}

export interface HostUploadStats {
  timestamp: number;
  videoBytesSent: number;
  audioBytesSent: number;
  /** Keyframe requests that reached the host's encoder (PLI + FIR over every layer). */
  keyframeRequests: number;
  nackCount: number;
  /** One per encoding (a simulcast layer has its own): what the encoder sends now. */
  layers: {
    rid: string | null;
    frameWidth: number;
    framesPerSecond: number;
    active: boolean;
    /** What holds the encoder back now: 'cpu' (a busy machine), 'bandwidth' (its own link) or 'none'. */
    limitedBy: string;
  }[];
}

/** Browser side: the viewer's receiving video (the decoding one) and program audio. */
export async function viewerStatsInPage(): Promise<ViewerStats> {
  const connections =
    (window as unknown as { __testPeerConnections?: RTCPeerConnection[] }).__testPeerConnections ?? [];
  // No helper functions in here: the page gets this function's text alone.
  let video: Record<string, number> | null = null;
  let audio: Record<string, number> | null = null;
  const lastPacket = (stat: Record<string, number> | null) => stat?.lastPacketReceivedTimestamp ?? 0;
  for (const connection of connections) {
    if (connection.connectionState === 'closed') continue;
    for (const stat of (await connection.getStats()).values()) {
      if (stat.type !== 'inbound-rtp') continue;
      // mediasoup's probation stream is a second inbound video without frames: take the decoding one.
      if (stat.kind === 'video' && (stat.framesDecoded ?? 0) >= (video?.framesDecoded ?? 0)) video = stat;
      // A renewed consumer leaves its predecessor's stream behind for a moment: take the live one.
      if (stat.kind === 'audio' && (audio === null || lastPacket(stat) >= lastPacket(audio))) audio = stat;
    }
  }
  return {
    video: video && {
      ssrc: video.ssrc ?? 0,
      timestamp: video.timestamp ?? 0,
      frameWidth: video.frameWidth ?? 0,
      frameHeight: video.frameHeight ?? 0,
      framesDecoded: video.framesDecoded ?? 0,
      freezeCount: video.freezeCount ?? 0,
      totalFreezesDuration: video.totalFreezesDuration ?? 0,
      nackCount: video.nackCount ?? 0,
      pliCount: video.pliCount ?? 0,
      firCount: video.firCount ?? 0,
      packetsLost: video.packetsLost ?? 0,
      packetsReceived: video.packetsReceived ?? 0,
      bytesReceived: video.bytesReceived ?? 0,
    },
    audio: audio && {
      ssrc: audio.ssrc ?? 0,
      nackCount: audio.nackCount ?? 0,
      totalSamplesReceived: audio.totalSamplesReceived ?? 0,
      concealedSamples: audio.concealedSamples ?? 0,
      silentConcealedSamples: audio.silentConcealedSamples ?? 0,
      concealmentEvents: audio.concealmentEvents ?? 0,
      insertedSamplesForDeceleration: audio.insertedSamplesForDeceleration ?? 0,
      removedSamplesForAcceleration: audio.removedSamplesForAcceleration ?? 0,
      packetsLost: audio.packetsLost ?? 0,
      packetsReceived: audio.packetsReceived ?? 0,
      bytesReceived: audio.bytesReceived ?? 0,
    },
  };
}

/** Browser side: the host's upload, over every outbound stream of every connection. */
export async function hostUploadInPage(): Promise<HostUploadStats> {
  const connections =
    (window as unknown as { __testPeerConnections?: RTCPeerConnection[] }).__testPeerConnections ?? [];
  const total: HostUploadStats = {
    timestamp: performance.timeOrigin + performance.now(),
    videoBytesSent: 0,
    audioBytesSent: 0,
    keyframeRequests: 0,
    nackCount: 0,
    layers: [],
  };
  for (const connection of connections) {
    if (connection.connectionState === 'closed') continue;
    for (const stat of (await connection.getStats()).values()) {
      if (stat.type !== 'outbound-rtp') continue;
      if (stat.kind === 'audio') total.audioBytesSent += stat.bytesSent ?? 0;
      if (stat.kind !== 'video') continue;
      total.videoBytesSent += stat.bytesSent ?? 0;
      total.keyframeRequests += (stat.pliCount ?? 0) + (stat.firCount ?? 0);
      total.nackCount += stat.nackCount ?? 0;
      total.layers.push({
        rid: stat.rid ?? null,
        frameWidth: stat.frameWidth ?? 0,
        framesPerSecond: stat.framesPerSecond ?? 0,
        active: stat.active ?? true,
        limitedBy: stat.qualityLimitationReason ?? 'unknown',
      });
    }
  }
  return total;
}

export const readViewerStats = (page: Page) => page.evaluate(viewerStatsInPage);
export const readHostUpload = (page: Page) => page.evaluate(hostUploadInPage);
