import { socketRequests, type SocketRequestName } from '@riffroom/protocol';
import type { Socket } from 'socket.io-client';
import { expect } from 'vitest';
import type { JsonCall } from '../../server/src/testing/test-api.js';
import { connected, socketOpener, type ClientOptions } from './sockets.js';

/** Socket.IO clients for room tests (see sockets.ts), each resolved once connected. */
export function roomSocketFactory(baseUrl: () => string) {
  const opener = socketOpener(baseUrl);
  /** Connects (signed in with `token`, else as an anonymous guest) and resolves once connected. */
  const connect = async (token?: string, options?: ClientOptions): Promise<Socket> => {
    const socket = opener.connect(token, options);
    await connected(socket);
    return socket;
  };
  return {
    connect,
    /**
     * Connects as `connect` does, records what it hears from then on, and joins `roomId`; a refused
     * join fails the test. `join` is the ack's data, `peerId` the member's own.
     */
    joined: async (roomId: string, token?: string, options?: ClientOptions) => {
      const socket = await connect(token, options);
      const heard = recorder(socket);
      const ack = await ask(socket, 'join-room', { roomId });
      expect(ack).toMatchObject({ ok: true });
      return { socket, heard, join: ack.data, peerId: ack.data.self.peerId as string };
    },
    closeAll: opener.closeAll,
  };
}

/** Everything a socket hears, per event name, in order. */
export function recorder(socket: Socket): Map<string, unknown[]> {
  const heard = new Map<string, unknown[]>();
  socket.onAny((event: string, payload: unknown) => {
    if (!heard.has(event)) heard.set(event, []);
    heard.get(event)!.push(payload);
  });
  return heard;
}

/** Sample RTP parameters as a browser would send them: VP8 screen video and stereo Opus program audio. */
export const VP8_SCREEN_RTP = {
  mid: '0',
  codecs: [
    {
      mimeType: 'video/VP8',
      payloadType: 101,
      clockRate: 90000,
      rtcpFeedback: [{ type: 'nack' }, { type: 'nack', parameter: 'pli' }, { type: 'ccm', parameter: 'fir' }],
    },
  ],
  headerExtensions: [],
  encodings: [{ ssrc: 22222222 }],
  rtcp: { cname: 'host-cname' },
};

export const OPUS_STEREO_RTP = {
  mid: '1',
  codecs: [
    {
      mimeType: 'audio/opus',
      payloadType: 111,
      clockRate: 48000,
      channels: 2,
      parameters: { stereo: 1, 'sprop-stereo': 1, usedtx: 0, maxaveragebitrate: 256000 },
    },
  ],
  headerExtensions: [],
  encodings: [{ ssrc: 11111111, maxBitrate: 256000 }],
  rtcp: { cname: 'host-cname' },
};

/** DTLS parameters shaped like a browser's; enough for mediasoup to accept connect(). */
export const CLIENT_DTLS = {
  role: 'client',
  fingerprints: [
    {
      algorithm: 'sha-256',
      value: 'E5:F5:CA:A7:2D:93:E6:16:AC:21:09:9F:23:51:62:8C:D0:66:E9:0C:22:54:2B:82:0C:DF:E0:C5:2C:7E:CD:53',
    },
  ],
};

export type AckReply = { ok: boolean; code?: string; message?: string; data?: any };

const isRequest = (event: string): event is SocketRequestName => Object.hasOwn(socketRequests, event);

/**
 * Emits a room request and resolves with its ack, failing the test after 5 s without one, or when a
 * successful ack's data is not what the protocol's socketRequests says that request answers.
 */
export async function ask(socket: Socket, event: string, payload: unknown): Promise<AckReply> {
  const reply: AckReply = await socket
    .timeout(5000)
    .emitWithAck(event, payload)
    .catch((error: unknown) => {
      // Name the request: a bare "operation has timed out" does not say which of a test's asks it was.
      throw new Error(`${event}: ${error instanceof Error ? error.message : String(error)}`);
    });
  if (reply?.ok && isRequest(event)) socketRequests[event].ack.parse(reply.data);
  return reply;
}

/** What a sharing host's browser sends for each of its two sources. */
const PRODUCED = {
  screen: { kind: 'video', rtpParameters: VP8_SCREEN_RTP },
  'program-audio': { kind: 'audio', rtpParameters: OPUS_STEREO_RTP },
} as const;

/** Produces the screen or program audio on a send transport, as the host's browser does. */
export const produceAs = (
  socket: Socket,
  roomId: string,
  transportId: string,
  source: keyof typeof PRODUCED,
): Promise<AckReply> => ask(socket, 'sfu:produce', { roomId, transportId, ...PRODUCED[source], source });

/** Creates a room as the given host through the API and returns its id. */
export async function createRoomAs(
  box: { baseUrl: string; call: JsonCall },
  hostToken: string,
  { name = 'Session', settings = {} }: { name?: string; settings?: Record<string, unknown> } = {},
): Promise<string> {
  const res = await box.call('POST', '/api/rooms/create', {
    token: hostToken,
    body: { name, baseUrl: box.baseUrl, settings },
  });
  expect(res.status).toBe(201);
  return res.body.room.roomId;
}

/** A browser's mono speech Opus with DTX, as the client's talkback sends it. */
export const OPUS_SPEECH_RTP = (ssrc: number) => ({
  mid: '0',
  codecs: [
    {
      mimeType: 'audio/opus',
      payloadType: 111,
      clockRate: 48000,
      channels: 2,
      parameters: { stereo: 0, usedtx: 1, useinbandfec: 1 },
    },
  ],
  headerExtensions: [],
  encodings: [{ ssrc }],
  rtcp: { cname: `talker-${ssrc}` },
});
