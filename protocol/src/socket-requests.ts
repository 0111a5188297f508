import { z } from 'zod';
import { rtcConfigSchema, p2pVerifyPeerPayloadSchema, verifiedP2pPeerSchema } from './p2p.js';
import {
  audioChunkPayloadSchema,
  relayAcceptedSchema,
  relayDemandSchema,
  relaySubscribePayloadSchema,
  screenFramePayloadSchema,
} from './relay.js';
import type { RefusalAck } from './refusal.js';
import {
  chatMessageSchema,
  consumerInfoSchema,
  joinRoomResultSchema,
  producedSchema,
  producerInfoSchema,
  routerCapabilitiesSchema,
  transportInfoSchema,
} from './room-answers.js';
import {
  chatPayloadSchema,
  closeProducerPayloadSchema,
  closeTransportsPayloadSchema,
  connectTransportPayloadSchema,
  consumePayloadSchema,
  createTransportPayloadSchema,
  cursorMovePayloadSchema,
  joinRoomPayloadSchema,
  peerReadyPayloadSchema,
  producePayloadSchema,
  resumeConsumerPayloadSchema,
  roomOnlyPayloadSchema,
} from './rooms.js';
import { registerUserPayloadSchema } from './realtime.js';
import { liveRecordingSchema } from './recordings.js';
import { removeParticipantPayloadSchema, roomControlsPayloadSchema, roomControlsSchema } from './room-controls.js';
import {
  talkbackConsumePayloadSchema,
  talkbackDuckingPayloadSchema,
  talkbackLevelPayloadSchema,
  talkbackMutePayloadSchema,
  talkbackProducePayloadSchema,
  talkbackConsumerSchema,
  talkbackJoinSchema,
  talkbackTransportPayloadSchema,
} from './talkback.js';

/** The ack of a request that answers nothing but `{ok:true}`. */
const noData = z.undefined();

/**
 * Every request a client sends over the socket (spec part 7): the payload's schema, and the schema
 * of the `data` of a successful ack. The media node validates payloads with these and derives its
 * handlers' types from them (media/src/realtime/socket-handler.ts); the client derives its
 * `request()` from them and checks acks against them in development and tests. A refusal is always
 * `{ok:false, code, message}` (refusal.ts).
 */
export const socketRequests = {
  /** Notifications: listen as the user the token proves. */
  'register-user': { payload: registerUserPayloadSchema, ack: noData },
  // Rooms.
  'join-room': { payload: joinRoomPayloadSchema, ack: joinRoomResultSchema },
  'leave-room': { payload: roomOnlyPayloadSchema, ack: noData },
  chat: { payload: chatPayloadSchema, ack: chatMessageSchema },
  'cursor-move': { payload: cursorMovePayloadSchema, ack: noData },
  'stop-sharing': { payload: roomOnlyPayloadSchema, ack: noData },
  // Host controls (room-controls.ts).
  'room:controls': { payload: roomControlsPayloadSchema, ack: roomControlsSchema },
  'room:remove': { payload: removeParticipantPayloadSchema, ack: noData },
  // Recording (recordings.ts): host only; every member hears recording-state.
  'recording:start': { payload: roomOnlyPayloadSchema, ack: liveRecordingSchema },
  'recording:stop': { payload: roomOnlyPayloadSchema, ack: noData },
  // Peer-to-peer tier: the ICE servers (payload `{}`), our PeerJS id, the host's, and (host) who dialled.
  'rtc-config': { payload: z.object({}), ack: rtcConfigSchema },
  'peer-ready': { payload: peerReadyPayloadSchema, ack: noData },
  'get-peers': { payload: roomOnlyPayloadSchema, ack: z.array(z.string()) },
  'p2p:verify-peer': { payload: p2pVerifyPeerPayloadSchema, ack: verifiedP2pPeerSchema },
  // SFU signalling.
  'sfu:router-capabilities': { payload: roomOnlyPayloadSchema, ack: routerCapabilitiesSchema },
  'sfu:create-transport': { payload: createTransportPayloadSchema, ack: transportInfoSchema },
  'sfu:connect-transport': { payload: connectTransportPayloadSchema, ack: noData },
  'sfu:produce': { payload: producePayloadSchema, ack: producedSchema },
  'sfu:close-producer': { payload: closeProducerPayloadSchema, ack: noData },
  'sfu:producers': { payload: roomOnlyPayloadSchema, ack: z.array(producerInfoSchema) },
  'sfu:consume': { payload: consumePayloadSchema, ack: consumerInfoSchema },
  'sfu:resume-consumer': { payload: resumeConsumerPayloadSchema, ack: noData },
  'sfu:close-transports': { payload: closeTransportsPayloadSchema, ack: noData },
  // Talkback (talkback.ts): its own transports on the room's router, whatever the video's tier.
  'talkback:state': { payload: roomOnlyPayloadSchema, ack: talkbackJoinSchema },
  'talkback:create-transport': { payload: talkbackTransportPayloadSchema, ack: transportInfoSchema },
  'talkback:connect-transport': { payload: connectTransportPayloadSchema, ack: noData },
  'talkback:produce': { payload: talkbackProducePayloadSchema, ack: producedSchema },
  'talkback:stop': { payload: roomOnlyPayloadSchema, ack: noData },
  'talkback:consume': { payload: talkbackConsumePayloadSchema, ack: talkbackConsumerSchema },
  'talkback:mute': { payload: talkbackMutePayloadSchema, ack: noData },
  'talkback:level': { payload: talkbackLevelPayloadSchema, ack: noData },
  'talkback:ducking': { payload: talkbackDuckingPayloadSchema, ack: noData },
  // Relay tier: frames and audio from the host, subscriptions from guests.
  'relay:subscribe': { payload: relaySubscribePayloadSchema, ack: relayDemandSchema },
  'screen-frame': { payload: screenFramePayloadSchema, ack: relayAcceptedSchema },
  'audio-chunk': { payload: audioChunkPayloadSchema, ack: relayAcceptedSchema },
} as const satisfies Record<string, { payload: z.ZodType; ack: z.ZodType }>;

export type SocketRequests = typeof socketRequests;
export type SocketRequestName = keyof SocketRequests;
/** What a client passes as the payload of a request. */
export type RequestPayload<K extends SocketRequestName> = z.input<SocketRequests[K]['payload']>;
/** The payload as the server's handler gets it, after validation. */
export type ParsedRequestPayload<K extends SocketRequestName> = z.output<SocketRequests[K]['payload']>;
/** The `data` of a successful ack (undefined when the ack carries none). */
export type RequestAckData<K extends SocketRequestName> = z.output<SocketRequests[K]['ack']>;

/** A successful ack: `{ok:true, data}`, or `{ok:true}` alone when the request answers no data. */
export type AckSuccess<T> = [T] extends [undefined] ? { ok: true } : { ok: true; data: T };
/** Every socket acknowledgement: success with optional data, or a refusal that says why. */
export type Ack<T = undefined> = AckSuccess<T> | RefusalAck;
export type RequestAck<K extends SocketRequestName> = Ack<RequestAckData<K>>;

/**
 * Events a client sends, derived from socketRequests. Payloads are `unknown` on the server's side
 * on purpose: the handler validates them with the request's schema before anything reads them.
 */
export type ClientToServerEvents = {
  [K in SocketRequestName]: (payload: unknown, ack?: (result: RequestAck<K>) => void) => void;
};
