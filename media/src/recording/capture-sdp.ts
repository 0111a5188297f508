import { isSafeCodecParameter } from '@riffroom/protocol';
import type { types } from 'mediasoup';

const MIME_TYPE = /^(?:audio|video)\/([A-Za-z0-9-]{1,32})$/;

function integerIn(value: unknown, min: number, max: number, what: string): number {
  if (typeof value !== 'number' || !Number.isInteger(value) || value < min || value > max) {
    throw new Error(`the consumer's ${what} cannot be written into an SDP`);
  }
  return value;
}

/**
 * The SDP ffmpeg reads to receive one consumer's RTP on `port` (127.0.0.1): the consumer's own
 * payload type, clock rate, channels and format parameters, so ffmpeg copies the stream as sent.
 * RTCP arrives on the same port (the plain transport's rtcpMux), which ffmpeg's RTP demuxer takes.
 *
 * A producer's member chose the format parameters: the protocol refuses unsafe ones at the edge,
 * and this writer, the last step before ffmpeg, writes only known keys with one-token values, so
 * nothing a member sends becomes an SDP line of its own (issue 34 item 5).
 */
export function captureSdp(consumer: { kind: types.MediaKind; rtpParameters: types.RtpParameters }, port: number) {
  const codec = consumer.rtpParameters.codecs[0];
  if (!codec) throw new Error('the consumer has no codec');
  const name = MIME_TYPE.exec(codec.mimeType)?.[1];
  if (!name) throw new Error('the consumer’s codec name cannot be written into an SDP');
  const payloadType = integerIn(codec.payloadType, 0, 127, 'payload type');
  const clockRate = integerIn(codec.clockRate, 1, 1_000_000, 'clock rate');
  const channels = codec.channels && codec.channels > 1 ? `/${integerIn(codec.channels, 1, 8, 'channels')}` : '';
  const parameters = Object.entries(codec.parameters ?? {})
    .filter(([key, value]) => isSafeCodecParameter(key, value))
    .map(([key, value]) => `${key}=${String(value)}`)
    .join(';');
  return [
    'v=0',
    'o=- 0 0 IN IP4 127.0.0.1',
    's=riffroom-recording',
    'c=IN IP4 127.0.0.1',
    't=0 0',
    `m=${consumer.kind === 'video' ? 'video' : 'audio'} ${integerIn(port, 1, 65535, 'port')} RTP/AVP ${payloadType}`,
    `a=rtpmap:${payloadType} ${name}/${clockRate}${channels}`,
    ...(parameters ? [`a=fmtp:${payloadType} ${parameters}`] : []),
    'a=rtcp-mux',
    'a=recvonly',
    '',
  ].join('\n');
}
