import {
  PEER_HEARTBEAT_MS,
  PEERJS_KEY,
  PEERJS_PATH,
  PROGRAM_AUDIO_MAX_BITRATE,
  type ChatMessage,
} from '@riffroom/protocol';
import type { Peer } from 'peerjs';
import type { IcePolicy } from './icePolicy';
import { peerErrorMessage } from './peerErrors';
import { RoomRequestError, type RoomSocket } from './roomSocket';

/** A chat message as it travels peer to peer: always with the sender's id (see roomChatLog.ts). */
export type P2pChatMessage = ChatMessage & { id: string };

/** The peer-to-peer tier's failure, in the banner's words (peerErrors.ts). */
export class P2pError extends RoomRequestError {
  constructor(
    readonly type: string | undefined,
    message = peerErrorMessage(type),
  ) {
    super(`p2p/${type ?? 'failed'}`, message);
  }
}

/** What the room hears from the peer-to-peer tier. */
export interface P2pListener {
  onChat(message: P2pChatMessage): void;
  /** Guest: the host's screen and program audio as they arrive; nulls when the call ends. */
  onMedia(video: MediaStream | null, audio: MediaStream | null): void;
  /** After `start()` resolved, the tier broke (e.g. the data connection closed). */
  onFailed(error: P2pError): void;
}

/** What the host shares: the screen stream and the program audio track with its Opus bitrate. */
export interface P2pShare {
  video: MediaStreamTrack | null;
  audio: MediaStreamTrack | null;
  audioBitrate: number;
}

/** One side of the peer-to-peer tier ('Connected (Cloud Backup)'). */
export interface P2pTier {
  /**
   * Host: the peer server registered us and peer-ready announced our id (again after a rejoin).
   * Guest: a data connection to the host is open. The caller bounds it with the tier's 10 s.
   */
  start(): Promise<void>;
  /**
   * Guest: drops the connection (the tier timed out, or another tier carries the media); `start()`
   * builds it again. The host keeps serving whatever its own tier.
   */
  suspend(): void;
  /** Host: what to send each guest; guests ignore it. */
  setShare(share: P2pShare | null): void;
  /** Sends over the open data connections; false when none took it (the socket carries it anyway). */
  sendChat(message: P2pChatMessage): boolean;
  /** Guest: the receiving connection's stats (program audio bitrate); host: null. */
  stats(): Promise<RTCStatsReport | null>;
  close(): void;
}

export interface P2pContext {
  socket: RoomSocket;
  roomId: string;
  listener: P2pListener;
  /** Host, signed in: records the peer id on the room (PATCH /api/rooms/{roomId}/peer). */
  announcePeer?: (peerId: string) => Promise<void>;
  /** 'relay' (`?ice=relay`): TURN-relayed candidates only. */
  icePolicy?: IcePolicy;
}

/** Opens a PeerJS peer against /peerjs of the socket's media node with the ICE servers of `rtc-config`. */
export async function openPeer(socket: RoomSocket, icePolicy: IcePolicy = 'all'): Promise<Peer> {
  const { iceServers } = await socket.request('rtc-config', {});
  // Loaded on first use: only rooms that fall back to this tier pay for it.
  const { Peer } = await import('peerjs');
  // The PeerJS server of the media node the socket is placed on (this page's server on one box).
  const node = new URL(socket.nodeUrl?.() ?? location.href);
  const secure = node.protocol === 'https:';
  const prefix = socket.nodeUrl?.() ? node.pathname.replace(/\/+$/, '') : '';
  const peer = new Peer({
    host: node.hostname,
    port: Number(node.port) || (secure ? 443 : 80),
    secure,
    path: `${prefix}${PEERJS_PATH}`,
    key: PEERJS_KEY,
    config: { iceServers, iceTransportPolicy: icePolicy },
    pingInterval: PEER_HEARTBEAT_MS,
    debug: 0,
  });
  try {
    await new Promise<void>((resolve, reject) => {
      peer.once('open', () => resolve());
      peer.once('error', (error) => reject(new P2pError(error.type)));
    });
  } catch (error) {
    peer.destroy();
    throw error;
  }
  return peer;
}

/**
 * Studio audio over a peer connection: every Opus payload type asks for stereo, no DTX, and allows
 * up to Opus' ceiling; the sender then caps the bitrate it actually uses (setParameters).
 */
export function stereoOpusSdp(sdp: string, maxBitrate = PROGRAM_AUDIO_MAX_BITRATE): string {
  const types = [...sdp.matchAll(/^a=rtpmap:(\d+) opus\/48000\/2\r?$/gim)].map((match) => match[1]);
  let result = sdp;
  for (const type of types) {
    const wanted = { stereo: '1', 'sprop-stereo': '1', usedtx: '0', maxaveragebitrate: String(maxBitrate) };
    const fmtp = new RegExp(`^a=fmtp:${type} (.*?)(\\r?)$`, 'm');
    const line = fmtp.exec(result);
    if (!line) continue;
    const params = new Map(
      line[1]!
        .split(';')
        .map((part) => part.trim())
        .filter(Boolean)
        .map((part) => part.split('=') as [string, string]),
    );
    for (const [key, value] of Object.entries(wanted)) params.set(key, value);
    const joined = [...params].map(([key, value]) => `${key}=${value}`).join(';');
    result = result.replace(fmtp, `a=fmtp:${type} ${joined}${line[2]}`);
  }
  return result;
}

/**
 * The video encoder's first estimate, in kbps, as the SFU's codecs give it (media/src/sfu/media-codecs.ts).
 * Chromium starts a new connection at 300 kbps otherwise, and every peer-to-peer call is a new
 * connection: its first 1280x720 keyframe then trickles out for about 0.2 s (bench/latency.ts).
 */
export const VIDEO_START_BITRATE_KBPS = 1000;

/**
 * Asks for VIDEO_START_BITRATE_KBPS on every video payload (`x-google-start-bitrate`, read by
 * Chromium's sender from the remote description, so each side puts it in what it sends; other
 * browsers ignore it). RTX and FEC payloads are left alone.
 */
export function videoStartBitrateSdp(sdp: string, kbps = VIDEO_START_BITRATE_KBPS): string {
  const eol = sdp.includes('\r\n') ? '\r\n' : '\n';
  const lines = sdp.split(eol);
  const types = new Set(
    lines
      .map((line) => /^a=rtpmap:(\d+) (VP8|VP9|H264|AV1)\/90000/i.exec(line)?.[1])
      .filter((type): type is string => type !== undefined),
  );
  const param = `x-google-start-bitrate=${kbps}`;
  const withFmtp = new Set<string>();
  const out = lines.map((line) => {
    const fmtp = /^a=fmtp:(\d+) (.*)$/.exec(line);
    if (!fmtp || !types.has(fmtp[1]!)) return line;
    withFmtp.add(fmtp[1]!);
    return fmtp[2]!.includes('x-google-start-bitrate') ? line : `${line};${param}`;
  });
  const result: string[] = [];
  for (const line of out) {
    result.push(line);
    const rtpmap = /^a=rtpmap:(\d+) /.exec(line);
    if (rtpmap && types.has(rtpmap[1]!) && !withFmtp.has(rtpmap[1]!)) result.push(`a=fmtp:${rtpmap[1]} ${param}`);
  }
  return result.join(eol);
}

/** What both ends of a peer-to-peer call do to the SDP they send: stereo program audio, a quick video start. */
export const callSdp = (sdp: string): string => videoStartBitrateSdp(stereoOpusSdp(sdp));
