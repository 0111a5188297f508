/**
 * The rooms wire contract (/work/helpers/sfu-contract.md) as the client reads it. Kept in this one
 * file until the backend's `@riffroom/protocol` rooms schemas land; then these become re-exports.
 */
import type { types as ms } from 'mediasoup-client';

type RtpCapabilities = ms.RtpCapabilities;
type RtpParameters = ms.RtpParameters;
type DtlsParameters = ms.DtlsParameters;
type IceCandidate = ms.IceCandidate;
type IceParameters = ms.IceParameters;

export interface RoomSettings {
  isPublic: boolean;
  maxParticipants: number;
  allowGuestAccess: boolean;
}

export const DEFAULT_ROOM_SETTINGS: RoomSettings = { isPublic: true, maxParticipants: 10, allowGuestAccess: true };

export type ParticipantRole = 'host' | 'participant' | 'viewer';

export interface RoomParticipant {
  firebase_uid: string | null;
  user_name: string;
  role: ParticipantRole | string;
}

export interface RoomDetails {
  roomId: string;
  name: string;
  settings: RoomSettings;
  host: { firebase_uid: string; user_name: string };
  participants: RoomParticipant[];
}

export interface CreatedRoom {
  roomId: string;
  name: string;
  settings: RoomSettings;
}

export interface CreateRoomBody {
  name: string;
  baseUrl: string;
  settings: RoomSettings;
}

export interface RoomPeer {
  peerId: string;
  firebase_uid?: string | null;
  user_name?: string | null;
  role?: string | null;
}

export interface JoinRoomResult {
  room: CreatedRoom & Partial<Pick<RoomDetails, 'host'>>;
  self: { peerId: string; firebase_uid: string | null; user_name: string; role: ParticipantRole };
  peers: RoomPeer[];
  hostOnline: boolean;
  sharing: boolean;
}

export type MediaSource = 'screen' | 'program-audio';

export interface TransportOptions {
  id: string;
  iceParameters: IceParameters;
  iceCandidates: IceCandidate[];
  dtlsParameters: DtlsParameters;
}

export interface ProducerInfo {
  producerId: string;
  kind: 'audio' | 'video';
  source: MediaSource;
}

export interface ConsumerOptions {
  id: string;
  producerId: string;
  kind: 'audio' | 'video';
  rtpParameters: RtpParameters;
  source: MediaSource;
}

export interface ChatBroadcast {
  from: string;
  fromName: string;
  message: string;
  timestamp: string | number;
}

export type Ack<T> = { ok: true; data: T } | { ok: false; code: string; message: string };

/** Client -> server requests and the `data` each ack carries. */
export interface RoomRequests {
  'join-room': [{ roomId: string; userId?: string; isHost?: boolean }, JoinRoomResult];
  'leave-room': [{ roomId: string }, undefined];
  'stop-sharing': [{ roomId: string }, undefined];
  chat: [{ roomId: string; message: string }, undefined];
  'cursor-move': [{ roomId: string; x: number; y: number }, undefined];
  'sfu:router-capabilities': [{ roomId: string }, { rtpCapabilities: RtpCapabilities }];
  'sfu:create-transport': [{ roomId: string; direction: 'send' | 'recv' }, TransportOptions];
  'sfu:connect-transport': [{ roomId: string; transportId: string; dtlsParameters: DtlsParameters }, undefined];
  'sfu:produce': [
    { roomId: string; transportId: string; kind: 'audio' | 'video'; rtpParameters: RtpParameters; source: MediaSource },
    { producerId: string },
  ];
  'sfu:close-producer': [{ roomId: string; producerId: string }, undefined];
  'sfu:producers': [{ roomId: string }, ProducerInfo[]];
  'sfu:consume': [
    { roomId: string; transportId: string; producerId: string; rtpCapabilities: RtpCapabilities },
    ConsumerOptions,
  ];
  'sfu:resume-consumer': [{ roomId: string; consumerId: string }, undefined];
}

export type RoomRequestName = keyof RoomRequests;

/** Server -> client events. */
export interface RoomEvents {
  'peer-joined': (peer: { peerId: string; user_name?: string | null; role?: string | null }) => void;
  'user-left': (payload: { peerId: string }) => void;
  chat: (message: ChatBroadcast) => void;
  'participant-joined': (participant: RoomParticipant) => void;
  'participant-left': (participant: RoomParticipant) => void;
  'room-update': (update: { participantCount: number; hostOnline: boolean }) => void;
  'host-left': (payload?: unknown) => void;
  'cursor-move': (position: { x: number; y: number }) => void;
  'stop-sharing': (payload?: unknown) => void;
  'sfu:new-producer': (producer: ProducerInfo) => void;
  'sfu:producer-closed': (payload: { producerId: string }) => void;
  'sfu:reconnect': (payload: { reason?: string }) => void;
  'room-ended': (payload: { roomId: string }) => void;
}
