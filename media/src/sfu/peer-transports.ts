import type { TransportInfo } from '@riffroom/protocol';
import type { types } from 'mediasoup';
import type { ProgramAudioChange, ProgramAudioSources } from './audio-reserve.js';
import type { Direction, PeerMediaTable } from './peer-media.js';
import { INITIAL_OUTGOING_BITRATE } from './initial-estimate.js';
import { prepareViewerTransport } from './viewer-transport.js';
import type { WorkerSlot } from './worker-pool.js';

/** Where a peer's WebRTC transport is made: the room's router now, on its worker's shared WebRtcServer. */
export interface TransportSite extends ProgramAudioSources {
  router: types.Router;
  slot: WorkerSlot;
  peers: PeerMediaTable;
  audioReserveMarginPct?: number;
  /** A viewer's link changed program-audio stream or resends (viewer-transport.ts). */
  renewAudio(peerId: string, consumer: types.Consumer, change: ProgramAudioChange): void;
}

/**
 * A peer's WebRTC transport in one direction, kept under its key until it closes.
 * `maxIncomingKbps`: a viewer's own cap on what it receives (protocol screen-layers.ts).
 * `sendCapKbps`: a send transport's maxIncomingBitrate, told to the sender in its feedback (talkback).
 */
export async function openPeerTransport(
  site: TransportSite,
  peerId: string,
  direction: Direction,
  maxIncomingKbps?: number,
  sendCapKbps?: number,
): Promise<TransportInfo> {
  const { peers, producerOf, thinOf, audioReserveMarginPct } = site;
  const renewAudio = (consumer: types.Consumer, change: ProgramAudioChange) =>
    site.renewAudio(peerId, consumer, change);
  // Taken before the await: a removePeer (the peer left) or the room's close() meanwhile drops
  // this entry, and the check after the await then sees it (issue 14 item 4).
  const media = peers.ensure(peerId);
  const transport = await site.router.createWebRtcTransport({
    webRtcServer: site.slot.webRtcServer,
    enableUdp: true,
    enableTcp: true,
    preferUdp: true,
    initialAvailableOutgoingBitrate: INITIAL_OUTGOING_BITRATE,
    appData: { peerId, direction },
  });
  peers.keepOrClose(peerId, media, transport);
  if (direction === 'send' && sendCapKbps) await transport.setMaxIncomingBitrate(sendCapKbps * 1000);
  if (direction === 'recv')
    await prepareViewerTransport(transport, { maxIncomingKbps, producerOf, thinOf, audioReserveMarginPct, renewAudio });
  // A client needs one transport per direction; one spare covers a rebuild in flight. Beyond
  // that, the oldest goes, so a looping client cannot pile up transports on the worker.
  const sameDirection = [...media.transports.values()].filter((entry) => entry.direction === direction);
  for (const stale of sameDirection.slice(0, Math.max(0, sameDirection.length - 1))) stale.transport.close();
  media.transports.set(transport.id, { transport, direction });
  transport.observer.once('close', () => media.transports.delete(transport.id));
  return {
    id: transport.id,
    iceParameters: transport.iceParameters as unknown as Record<string, unknown>,
    iceCandidates: transport.iceCandidates as unknown as Record<string, unknown>[],
    dtlsParameters: transport.dtlsParameters as unknown as Record<string, unknown>,
  };
}
