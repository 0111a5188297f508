/**
 * The rooms wire contract as the client uses it: the shared types of `@riffroom/protocol`, plus the
 * SFU signalling seen through mediasoup-client's types (the protocol carries mediasoup's structures
 * as plain objects; mediasoup-client is what gives them their shape here).
 */
import type { RequestAckData, RequestPayload, ServerToClientEvents, SocketRequestName } from '@riffroom/protocol';
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

/** sfu:create-transport's ack, its mediasoup structures as mediasoup-client types them. */
export type TransportOptions = Omit<
  RequestAckData<'sfu:create-transport'>,
  'iceParameters' | 'iceCandidates' | 'dtlsParameters'
> & {
  iceParameters: ms.IceParameters;
  iceCandidates: ms.IceCandidate[];
  dtlsParameters: ms.DtlsParameters;
};

/** sfu:consume's ack, its RTP parameters as mediasoup-client types them. */
export type ConsumerOptions = Omit<RequestAckData<'sfu:consume'>, 'rtpParameters'> & {
  rtpParameters: ms.RtpParameters;
};

/** The room requests: every socket request of the protocol but the notification channel's. */
export type RoomRequestName = Exclude<SocketRequestName, 'register-user'>;

/** Where the client sends or reads mediasoup structures, mediasoup-client's types of them. */
interface MediasoupNarrowed {
  'sfu:router-capabilities': [
    RequestPayload<'sfu:router-capabilities'>,
    Omit<RequestAckData<'sfu:router-capabilities'>, 'rtpCapabilities'> & { rtpCapabilities: ms.RtpCapabilities },
  ];
  'sfu:create-transport': [RequestPayload<'sfu:create-transport'>, TransportOptions];
  'sfu:connect-transport': [
    Omit<RequestPayload<'sfu:connect-transport'>, 'dtlsParameters'> & { dtlsParameters: ms.DtlsParameters },
    RequestAckData<'sfu:connect-transport'>,
  ];
  'sfu:produce': [
    Omit<RequestPayload<'sfu:produce'>, 'rtpParameters'> & { rtpParameters: ms.RtpParameters },
    RequestAckData<'sfu:produce'>,
  ];
  'sfu:consume': [
    Omit<RequestPayload<'sfu:consume'>, 'rtpCapabilities'> & { rtpCapabilities: ms.RtpCapabilities },
    ConsumerOptions,
  ];
}

/**
 * Client -> server requests as [payload, the `data` of a successful ack], derived from the
 * protocol's socketRequests (the one source of both ends), mediasoup structures narrowed.
 */
export type RoomRequests = {
  [K in RoomRequestName]: K extends keyof MediasoupNarrowed
    ? MediasoupNarrowed[K]
    : [RequestPayload<K>, RequestAckData<K>];
};

/** Server -> client room events (every server event but the notifications). */
export type RoomEvents = Omit<ServerToClientEvents, 'new-message'>;
