import { z } from 'zod';
import { peerJsIdSchema } from './peerjs-signalling.js';
import { roomPeerSchema } from './room-answers.js';
import { CHAT_MAX_LENGTH, chatIdSchema, roomIdSchema } from './rooms.js';

/**
 * The peer-to-peer tier (ARCHITECTURE.md "Choose a tier and fall back"): PeerJS signalling through the media node at /peerjs, media
 * and chat host to guest over WebRTC. Constants of spec part 9.
 */

/** Mount path of the PeerJS server; the client's `path` option. */
export const PEERJS_PATH = '/peerjs';
/** The PeerJS API key (PeerJS' default); the client's `key` option. */
export const PEERJS_KEY = 'peerjs';
/** The client's heartbeat (PeerJS `pingInterval`). */
export const PEER_HEARTBEAT_MS = 5000;
/** Missed heartbeats after which the server drops a PeerJS client whose socket did not close. */
export const PEER_MISSED_HEARTBEATS = 3;
/** Data connections carry chat in chunks of this many bytes. */
export const PEER_DATA_CHUNK_BYTES = 16_300;
/** A data connection's send buffer may hold this much before sending waits. */
export const PEER_DATA_BUFFER_LIMIT_BYTES = 8 * 1024 * 1024;
/** A guest announces itself over a new data connection this long after it opens. */
export const PEER_GUEST_JOINED_DELAY_MS = 1000;

/** PeerJS' peer error types (spec part 8). */
export const PEER_ERROR_TYPES = [
  'browser-incompatible',
  'disconnected',
  'invalid-id',
  'invalid-key',
  'network',
  'peer-unavailable',
  'ssl-unavailable',
  'server-error',
  'socket-error',
  'socket-closed',
  'unavailable-id',
  'webrtc',
] as const;
export type PeerErrorType = (typeof PEER_ERROR_TYPES)[number];
/** PeerJS' data connection error types (spec part 8). */
export const DATA_CONNECTION_ERROR_TYPES = [
  'negotiation-failed',
  'connection-closed',
  'not-open-yet',
  'message-too-big',
] as const;
export type DataConnectionErrorType = (typeof DATA_CONNECTION_ERROR_TYPES)[number];

/** One RTCIceServer as RTCPeerConnection (and mediasoup-client's `iceServers`) take it. */
export const iceServerSchema = z.object({
  urls: z.array(z.string()).min(1),
  username: z.string().optional(),
  credential: z.string().optional(),
});
export type IceServer = z.infer<typeof iceServerSchema>;

/**
 * `rtc-config` ack: the STUN and TURN servers the peer-to-peer and SFU tiers use. TURN credentials
 * may be short-lived: ask again before each connection attempt.
 */
export const rtcConfigSchema = z.object({ iceServers: z.array(iceServerSchema) });
export type RtcConfig = z.infer<typeof rtcConfigSchema>;

/**
 * p2p:verify-peer, host only: before the host's client takes an incoming data connection (and so
 * before it calls anyone), it asks whether that PeerJS id was announced (peer-ready) by a current
 * member of this room. The server decides who may receive the host's media; the PeerJS server
 * stamps each message with its sender's id, so the id on a connection is the dialler's own.
 */
export const p2pVerifyPeerPayloadSchema = z.object({ roomId: roomIdSchema, peerId: peerJsIdSchema });
export type P2pVerifyPeerPayload = z.infer<typeof p2pVerifyPeerPayloadSchema>;

/**
 * p2p:verify-peer's answer: the member behind the PeerJS id, as everyone in the room already sees
 * them (`peerId` is their socket's id in the room, as in user-left), and `from`, the author id
 * their chat carries (uid, or the server's guest id). Unknown ids are refused with p2p/unknown-peer.
 */
export const verifiedP2pPeerSchema = roomPeerSchema.extend({ from: z.string() });
export type VerifiedP2pPeer = z.infer<typeof verifiedP2pPeerSchema>;

/**
 * What host and guest say over a peer-to-peer data connection (after reassembly, see the client's
 * p2pChat.ts): `guest-joined` 1 s after the connection opens (spec part 9), and chat messages, each
 * with the sender's id so a copy that also came over the socket is shown once. `from`/`fromName`
 * are never believed: the host writes in the verified member's, and a guest listens to the host only.
 */
export const p2pDataMessageSchema = z.discriminatedUnion('type', [
  z.object({ type: z.literal('guest-joined') }),
  z.object({
    type: z.literal('chat'),
    message: z.object({
      id: chatIdSchema,
      from: z.string().min(1).max(128),
      fromName: z.string().max(200),
      message: z.string().trim().min(1).max(CHAT_MAX_LENGTH),
      timestamp: z.string().max(64),
    }),
  }),
]);
export type P2pDataMessage = z.infer<typeof p2pDataMessageSchema>;
