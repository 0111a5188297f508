import type { types } from 'mediasoup';
import { startManagedProcess } from './managed-process.js';

const OPUS_PAYLOAD_TYPE = 100;

/**
 * An audio Producer on a plain transport (comedia) whose RTP is a sine tone at `hz`, Opus-encoded
 * by ffmpeg (mono, DTX off) and sent in real time: a talker without a browser. `stop()` ends ffmpeg;
 * the transport stays the caller's.
 */
export async function produceOpusTone(
  transport: types.PlainTransport,
  { hz, ssrc, kbps = 48, appData = {} }: { hz: number; ssrc: number; kbps?: number; appData?: types.AppData },
): Promise<{ producer: types.Producer; stop(): void }> {
  const producer = await transport.produce({
    kind: 'audio',
    rtpParameters: {
      codecs: [{ mimeType: 'audio/opus', payloadType: OPUS_PAYLOAD_TYPE, clockRate: 48000, channels: 2 }],
      encodings: [{ ssrc }],
    },
    appData,
  });
  const ffmpeg = startManagedProcess('ffmpeg', [
    ...['-hide_banner', '-loglevel', 'error', '-nostdin', '-re', '-f', 'lavfi'],
    ...['-i', `sine=frequency=${hz}:sample_rate=48000`, '-ac', '1', '-c:a', 'libopus', '-b:a', `${kbps}k`],
    ...['-payload_type', String(OPUS_PAYLOAD_TYPE), '-ssrc', String(ssrc), '-f', 'rtp'],
    `rtp://127.0.0.1:${transport.tuple.localPort}`,
  ]);
  return { producer, stop: () => ffmpeg.signal('SIGKILL') };
}
