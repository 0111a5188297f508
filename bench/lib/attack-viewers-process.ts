/**
 * Child process: the room's viewers for bench/under-attack.ts. Each is an anonymous guest with its
 * own Socket.IO connection (join-room, as an invite link's guest joins) and its own libwebrtc
 * receive transport that decodes the host's VP8 screen. Frames are counted from libwebrtc's
 * inbound-rtp stats (decoded, as a page shows them), not through a JavaScript sink, so 20 viewers
 * do not copy every decoded picture into JavaScript on a 2-core machine.
 */
import type { types as client } from 'mediasoup-client';
import { serveRequests } from './child.js';
import {
  consumeAll,
  createTransport,
  joinAsMember,
  loadDevice,
  sumStats,
  type RoomMember,
} from './wrtc-room-client.js';

export interface ViewerCounters {
  framesDecoded: number;
  framesReceived: number;
  packetsReceived: number;
  packetsLost: number;
  /** libwebrtc's freezes: a frame later than max(3 x the mean frame gap, gap + 150 ms). */
  freezeCount: number;
  connected: boolean;
}

interface Viewer {
  member: RoomMember;
  transport: client.Transport;
}

const viewers: Viewer[] = [];

async function addViewer(baseUrl: string, roomId: string): Promise<Viewer> {
  const member = await joinAsMember(baseUrl, roomId);
  const device = await loadDevice(member);
  const transport = await createTransport(member, device, 'recv');
  const connected = new Promise<void>((resolve, reject) => {
    transport.on('connectionstatechange', (state) => {
      if (state === 'connected') resolve();
      if (state === 'failed') reject(new Error('viewer receive transport failed'));
    });
  });
  const consumers = await consumeAll(member, device, transport);
  if (consumers.length === 0) throw new Error('the host is not producing: nothing to consume');
  await connected;
  return { member, transport };
}

serveRequests({
  /** Joins `count` viewers one after another, as guests arrive; resolves once all are connected. */
  start: async ({ baseUrl, roomId, count }: { baseUrl: string; roomId: string; count: number }) => {
    for (let i = 0; i < count; i += 1) viewers.push(await addViewer(baseUrl, roomId));
    return { viewers: viewers.length };
  },
  counters: async () => {
    const cpu = process.cpuUsage();
    const perViewer: ViewerCounters[] = await Promise.all(
      viewers.map(async ({ transport }) => {
        const report = await transport.getStats();
        return {
          framesDecoded: sumStats(report, 'inbound-rtp', 'framesDecoded'),
          framesReceived: sumStats(report, 'inbound-rtp', 'framesReceived'),
          packetsReceived: sumStats(report, 'inbound-rtp', 'packetsReceived'),
          packetsLost: sumStats(report, 'inbound-rtp', 'packetsLost'),
          freezeCount: sumStats(report, 'inbound-rtp', 'freezeCount'),
          connected: transport.connectionState === 'connected',
        };
      }),
    );
    return { perViewer, cpuUs: cpu.user + cpu.system, atMs: Date.now() };
  },
  stop: () => {
    for (const { transport, member } of viewers.splice(0)) {
      transport.close();
      member.close();
    }
  },
});
