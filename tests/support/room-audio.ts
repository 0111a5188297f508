/// <reference lib="dom" />
/// <reference lib="dom.iterable" />
// Code passed to page.evaluate runs in the browser, so this file sees DOM types.
import type { Page } from 'playwright-core';
import { until } from './until.js';

/** Inbound (guest) or outbound (host) program audio as the page's own RTCPeerConnections report it. */
export async function audioRtpStats(page: Page, direction: 'inbound-rtp' | 'outbound-rtp') {
  return page.evaluate(async (direction) => {
    const connections = (window as unknown as { __testPeerConnections: RTCPeerConnection[] }).__testPeerConnections;
    for (const connection of connections) {
      if (connection.connectionState === 'closed') continue;
      const report = await connection.getStats();
      for (const stats of report.values()) {
        if (stats.type !== direction || stats.kind !== 'audio') continue;
        const codec = report.get(stats.codecId);
        return {
          bytes: (stats.bytesReceived ?? stats.bytesSent) as number,
          timestamp: stats.timestamp as number,
          channels: codec?.channels as number | undefined,
          fmtp: (codec?.sdpFmtpLine ?? '') as string,
          mimeType: codec?.mimeType as string | undefined,
        };
      }
    }
    return null;
  }, direction);
}

/** The program audio's bitrate over a window of `windowMs`, with the codec it was read from. */
export async function measuredKbps(page: Page, direction: 'inbound-rtp' | 'outbound-rtp', windowMs = 3000) {
  const first = await until(() => audioRtpStats(page, direction), { what: `${direction} audio stats` });
  await until(async () => ((await audioRtpStats(page, direction))?.timestamp ?? 0) - first.timestamp >= windowMs, {
    what: 'a measuring window of audio stats',
  });
  const last = (await audioRtpStats(page, direction))!;
  return { kbps: ((last.bytes - first.bytes) * 8) / (last.timestamp - first.timestamp), codec: last };
}
