import type { types } from 'mediasoup';

/**
 * The SDP ffmpeg reads to receive one consumer's RTP on `port` (127.0.0.1): the consumer's own
 * payload type, clock rate, channels and format parameters, so ffmpeg copies the stream as sent.
 * RTCP arrives on the same port (the plain transport's rtcpMux), which ffmpeg's RTP demuxer takes.
 */
export function captureSdp(consumer: { kind: types.MediaKind; rtpParameters: types.RtpParameters }, port: number) {
  const codec = consumer.rtpParameters.codecs[0];
  if (!codec) throw new Error('the consumer has no codec');
  const name = codec.mimeType.split('/')[1]!;
  const channels = codec.channels && codec.channels > 1 ? `/${codec.channels}` : '';
  const parameters = Object.entries(codec.parameters ?? {})
    .map(([key, value]) => `${key}=${String(value)}`)
    .join(';');
  return [
    'v=0',
    'o=- 0 0 IN IP4 127.0.0.1',
    's=riffroom-recording',
    'c=IN IP4 127.0.0.1',
    't=0 0',
    `m=${consumer.kind} ${port} RTP/AVP ${codec.payloadType}`,
    `a=rtpmap:${codec.payloadType} ${name}/${codec.clockRate}${channels}`,
    ...(parameters ? [`a=fmtp:${codec.payloadType} ${parameters}`] : []),
    'a=rtcp-mux',
    'a=recvonly',
    '',
  ].join('\n');
}
