import { spawn, type ChildProcess } from 'node:child_process';
import type { SfuRoom } from '@riffroom/media';
import type { types } from 'mediasoup';

let nextSsrc = 0x5100_0000;

export interface TalkbackSource {
  producer: types.Producer;
  stop(): void;
}

/**
 * A talker as talkback makes one (issue 17's contract): a mediasoup audio Producer on the room's
 * router with appData `{ source: 'talkback', userId, displayName }`, announced on the room. Its RTP
 * is a sine tone Opus-encoded by ffmpeg (mono, DTX off) into a plain transport, in real time.
 */
export async function startTalkbackSource(
  room: SfuRoom,
  talker: { userId: string; displayName: string; toneHz: number },
): Promise<TalkbackSource> {
  const router = room.mediaRouter;
  const transport = await router.createPlainTransport({ listenIp: '127.0.0.1', rtcpMux: true, comedia: true });
  const ssrc = (nextSsrc += 1);
  const producer = await transport.produce({
    kind: 'audio',
    rtpParameters: {
      codecs: [{ mimeType: 'audio/opus', payloadType: 100, clockRate: 48000, channels: 2 }],
      encodings: [{ ssrc }],
    },
    appData: { source: 'talkback', userId: talker.userId, displayName: talker.displayName },
  });
  const ffmpeg: ChildProcess = spawn(
    'ffmpeg',
    [
      '-hide_banner',
      '-loglevel',
      'error',
      '-nostdin',
      '-re',
      '-f',
      'lavfi',
      '-i',
      `sine=frequency=${talker.toneHz}:sample_rate=48000`,
      '-ac',
      '1',
      '-c:a',
      'libopus',
      '-b:a',
      '48k',
      '-payload_type',
      '100',
      '-ssrc',
      String(ssrc),
      '-f',
      'rtp',
      `rtp://127.0.0.1:${transport.tuple.localPort}`,
    ],
    { stdio: 'ignore' },
  );
  // On the talker's talkback lane, as SfuRoom.produceTalkback keeps a browser's mic.
  room.adoptTalkbackProducer(`source-${talker.userId}`, producer);
  return {
    producer,
    stop() {
      ffmpeg.kill('SIGKILL');
      transport.close();
    },
  };
}
