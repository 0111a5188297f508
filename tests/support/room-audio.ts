/// <reference lib="dom" />
/// <reference lib="dom.iterable" />
// Code passed to page.evaluate runs in the browser, so this file sees DOM types.
import type { Page } from 'playwright-core';
import { expect } from 'vitest';
import { until } from './until.js';

/** What the guest's program audio element decodes: energy per channel and how alike L and R are. */
export async function decodedChannels(page: Page) {
  return page.evaluate(async () => {
    const audio = document.querySelector<HTMLAudioElement>('[data-testid="program-audio"]');
    // Nothing to listen to yet: say so before making a context (a poller would pile them up).
    if (!(audio?.srcObject instanceof MediaStream)) throw new Error('no program audio stream yet');
    const context = new AudioContext();
    await context.resume();
    const source = context.createMediaStreamSource(audio.srcObject as MediaStream);
    const splitter = context.createChannelSplitter(2);
    source.connect(splitter);
    const analysers = [0, 1].map((channel) => {
      const analyser = context.createAnalyser();
      analyser.fftSize = 4096;
      splitter.connect(analyser, channel);
      return analyser;
    });
    // Let a few blocks of the live stream through the analysers.
    await new Promise((resolve) => setTimeout(resolve, 500));
    const [left, right] = analysers.map((analyser) => {
      const data = new Float32Array(analyser.fftSize);
      analyser.getFloatTimeDomainData(data);
      return data;
    }) as [Float32Array, Float32Array];
    let cross = 0;
    let leftEnergy = 0;
    let rightEnergy = 0;
    for (let i = 0; i < left.length; i += 1) {
      cross += left[i]! * right[i]!;
      leftEnergy += left[i]! ** 2;
      rightEnergy += right[i]! ** 2;
    }
    await context.close();
    return { leftEnergy, rightEnergy, correlation: cross / Math.sqrt(leftEnergy * rightEnergy || 1) };
  });
}

/**
 * Inbound (guest) or outbound (host) program audio as the page's own RTCPeerConnections report it.
 * A renewed consumer (sfu:renew-consumer) leaves its predecessor's stream behind for a moment: the
 * live one is the one whose last packet came last. A host on the SFU sends two streams, the studio
 * one and a thin one for thin links: the studio one is the one that has sent the most.
 */
export async function audioRtpStats(page: Page, direction: 'inbound-rtp' | 'outbound-rtp') {
  return page.evaluate(async (direction) => {
    const connections = (window as unknown as { __testPeerConnections: RTCPeerConnection[] }).__testPeerConnections;
    let found: {
      ssrc: number;
      bytes: number;
      timestamp: number;
      /** Inbound: when its last packet came; outbound: bytes sent. The highest is the stream wanted. */
      rank: number;
      channels: number | undefined;
      fmtp: string;
      mimeType: string | undefined;
    } | null = null;
    for (const connection of connections) {
      if (connection.connectionState === 'closed') continue;
      const report = await connection.getStats();
      for (const stats of report.values()) {
        if (stats.type !== direction || stats.kind !== 'audio') continue;
        const rank = ((direction === 'inbound-rtp' ? stats.lastPacketReceivedTimestamp : stats.bytesSent) ??
          0) as number;
        if (found && rank < found.rank) continue;
        const codec = report.get(stats.codecId);
        found = {
          ssrc: stats.ssrc as number,
          bytes: (stats.bytesReceived ?? stats.bytesSent) as number,
          timestamp: stats.timestamp as number,
          rank,
          channels: codec?.channels as number | undefined,
          fmtp: (codec?.sdpFmtpLine ?? '') as string,
          mimeType: codec?.mimeType as string | undefined,
        };
      }
    }
    return found;
  }, direction);
}

/** Windows tried before giving up on one that a renewed stream does not cut (one renew in 30 s at most). */
const WINDOW_ATTEMPTS = 3;

/** The program audio's bitrate over a window of `windowMs` of one stream, with the codec it was read from. */
export async function measuredKbps(page: Page, direction: 'inbound-rtp' | 'outbound-rtp', windowMs = 3000) {
  for (let attempt = 1; ; attempt += 1) {
    const first = await until(() => audioRtpStats(page, direction), { what: `${direction} audio stats` });
    await until(async () => ((await audioRtpStats(page, direction))?.timestamp ?? 0) - first.timestamp >= windowMs, {
      what: 'a measuring window of audio stats',
    });
    const last = (await audioRtpStats(page, direction))!;
    // A stream renewed within the window starts its counters anew: measure again, on the new one.
    if (last.ssrc === first.ssrc || attempt === WINDOW_ATTEMPTS) {
      return { kbps: ((last.bytes - first.bytes) * 8) / (last.timestamp - first.timestamp), codec: last };
    }
  }
}

/**
 * The guest receives 2-channel Opus negotiated as stereo, at the chosen bitrate. Opus is
 * variable-rate; noise keeps it near the target. 15% either way is still unmistakably the chosen
 * rate and far from the 32-64 kbps voice defaults.
 */
export async function expectStereoOpusNear(page: Page, chosenKbps: number): Promise<void> {
  const { kbps, codec } = await measuredKbps(page, 'inbound-rtp');
  expect(codec.mimeType?.toLowerCase()).toBe('audio/opus');
  expect(codec.channels).toBe(2);
  expect(codec.fmtp).toMatch(/stereo=1/);
  expect(kbps).toBeGreaterThan(chosenKbps * 0.85);
  expect(kbps).toBeLessThan(chosenKbps * 1.15);
}

/**
 * The loudest the talkback voice of one talker (`peerId`, the talker's socket) sounds on this page
 * over `windowMs`: the mean square of the samples, at the element's own volume. Chromium's fake
 * microphone beeps rather than holds a tone, so the window spans more than one beep.
 */
export async function talkbackEnergy(page: Page, peerId: string, windowMs = 1500): Promise<number> {
  return page.evaluate(
    async ({ peerId, windowMs }) => {
      const audio = document.querySelector<HTMLAudioElement>(
        `[data-testid="talkback-audio"][data-peer-id="${peerId}"]`,
      );
      if (!(audio?.srcObject instanceof MediaStream)) throw new Error('no talkback voice of that talker yet');
      const context = new AudioContext();
      await context.resume();
      const source = context.createMediaStreamSource(audio.srcObject as MediaStream);
      const analyser = context.createAnalyser();
      analyser.fftSize = 2048;
      source.connect(analyser);
      const data = new Float32Array(analyser.fftSize);
      let loudest = 0;
      const end = performance.now() + windowMs;
      while (performance.now() < end) {
        await new Promise((resolve) => setTimeout(resolve, 40));
        analyser.getFloatTimeDomainData(data);
        let energy = 0;
        for (const sample of data) energy += sample * sample;
        loudest = Math.max(loudest, energy / data.length);
      }
      await context.close();
      return loudest;
    },
    { peerId, windowMs },
  );
}
