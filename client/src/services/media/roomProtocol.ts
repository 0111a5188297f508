/**
 * The rooms wire contract as the client uses it: the shared types of `@riffroom/protocol`, plus the
 * SFU signalling seen through mediasoup-client's types (the protocol carries mediasoup's structures
 * as plain objects; mediasoup-client is what gives them their shape here).
 */
import type {
  ChatMessage,
  ChatPayload,
  CreateTransportPayload,
  CursorMovePayload,
  JoinRoomPayload,
  JoinRoomResult,
  MediaKind,
  MediaSource,
  P2pVerifyPeerPayload,
  PeerReadyPayload,
  ProducerInfo,
  AudioChunkPayload,
  CloseTransportsPayload,
  RelayAccepted,
  RelayDemand,
  RelaySubscribePayload,
  RoomOnlyPayload,
  RtcConfig,
  ScreenFramePayload,
  ServerToClientEvents,
  VerifiedP2pPeer,
} from '@riffroom/protocol';
import type { types as ms } from 'mediasoup-client';

export type {
  ChatMessage,
  CreateRoomBody,
  CreateRoomResponse,
  JoinRoomResult,
  MediaSource,
  ProducerInfo,
  RoomPeer,
  RoomRole,
  RoomSettings,
  RoomView,
} from '@riffroom/protocol';

export interface TransportOptions {
  id: string;
  iceParameters: ms.IceParameters;
  iceCandidates: ms.IceCandidate[];
  dtlsParameters: ms.DtlsParameters;
}

export interface ConsumerOptions {
  id: string;
  producerId: string;
  kind: MediaKind;
  rtpParameters: ms.RtpParameters;
  source: MediaSource;
}

/** Client -> server requests: [payload, the `data` of a successful ack]. */
export interface RoomRequests {
  'join-room': [JoinRoomPayload, JoinRoomResult];
  'leave-room': [RoomOnlyPayload, undefined];
  'stop-sharing': [RoomOnlyPayload, undefined];
  chat: [ChatPayload, ChatMessage];
  'cursor-move': [CursorMovePayload, undefined];
  'sfu:router-capabilities': [RoomOnlyPayload, { rtpCapabilities: ms.RtpCapabilities }];
  'sfu:create-transport': [CreateTransportPayload, TransportOptions];
  'sfu:connect-transport': [{ roomId: string; transportId: string; dtlsParameters: ms.DtlsParameters }, undefined];
  'sfu:produce': [
    { roomId: string; transportId: string; kind: MediaKind; rtpParameters: ms.RtpParameters; source: MediaSource },
    { producerId: string },
  ];
  'sfu:close-producer': [{ roomId: string; producerId: string }, undefined];
  'sfu:producers': [RoomOnlyPayload, ProducerInfo[]];
  'sfu:consume': [
    { roomId: string; transportId: string; producerId: string; rtpCapabilities: ms.RtpCapabilities },
    ConsumerOptions,
  ];
  'sfu:resume-consumer': [{ roomId: string; consumerId: string }, undefined];
  'sfu:close-transports': [CloseTransportsPayload, undefined];
  'relay:subscribe': [RelaySubscribePayload, RelayDemand];
  'screen-frame': [ScreenFramePayload, RelayAccepted];
  'audio-chunk': [AudioChunkPayload, RelayAccepted];
  // Peer-to-peer tier: the ICE servers, announcing our PeerJS id, the host's id, and (host) who dialled.
  'rtc-config': [Record<string, never>, RtcConfig];
  'peer-ready': [PeerReadyPayload, undefined];
  'get-peers': [RoomOnlyPayload, string[]];
  'p2p:verify-peer': [P2pVerifyPeerPayload, VerifiedP2pPeer];
}

export type RoomRequestName = keyof RoomRequests;

/** Server -> client room events (every server event but the notifications). */
export type RoomEvents = Omit<ServerToClientEvents, 'new-message'>;

export type Ack<T> = { ok: true; data: T } | { ok: false; code: string; message: string };
