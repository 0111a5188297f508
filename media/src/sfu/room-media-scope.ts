import type { EventEmitter } from 'node:events';
import type { MediaSource, ProducerInfo, SfuLayers } from '@riffroom/protocol';
import type { types } from 'mediasoup';
import type { ProgramAudioChange } from './audio-reserve.js';
import type { PeerMediaTable } from './peer-media.js';
import type { RoomUpstream } from './room-upstream.js';

export interface SfuRoomEvents {
  'new-producer': [producer: ProducerInfo & { peerId: string }];
  'producer-closed': [payload: { producerId: string; peerId: string; source: MediaSource }];
  /** A talker's mic (appData TalkbackAppData), whatever the room's video tier: the recorder attaches here. */
  'talkback-producer-added': [producer: types.Producer];
  /** That mic closed (the talker stopped or left, the room or its worker closed). */
  'talkback-producer-removed': [producer: types.Producer];
  /** A talker's mic closed for sending above TALKBACK_MAX_KBPS (talkback-bitrate.ts); logged by the socket layer. */
  'talkback-mic-closed': [payload: { peerId: string; measuredBps: number }];
  /** The member sockets speaking on talkback now, when that set changes (AudioLevelObserver). */
  'talkback-speaking': [peerIds: string[]];
  /** A viewer's layered consumer switched layers. */
  'consumer-layers': [payload: SfuLayers & { peerId: string }];
  /** A viewer should consume this producer again (its link's program-audio stream or resends changed). */
  'consumer-renew': [payload: { peerId: string; producerId: string; change: ProgramAudioChange }];
}

export type EmitRoomEvent = EventEmitter<SfuRoomEvents>['emit'];

/**
 * What an SfuRoom shares with the parts that handle one kind of its media (host-media.ts,
 * talkback-media.ts). The router is read each time, never kept: a worker's death gives the room
 * a new one (SfuRoom.rebuild).
 */
export interface RoomMediaScope {
  readonly peers: PeerMediaTable;
  router(): types.Router;
  isClosed(): boolean;
  /** On an edge node: the host's producers piped in from the room's origin (scale/cascade). */
  upstream(): RoomUpstream | null;
  /** A producer on the router: a peer's own, or on an edge node one piped in from the origin. */
  findProducer(producerId: string): types.Producer | undefined;
  emit: EmitRoomEvent;
}
