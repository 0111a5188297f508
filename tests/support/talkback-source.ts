import type { SfuRoom } from '@riffroom/media';
import type { types } from 'mediasoup';
import { produceOpusTone } from './opus-tone.js';

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
  talker: { userId: string; displayName: string; toneHz: number; kbps?: number },
): Promise<TalkbackSource> {
  const router = room.mediaRouter;
  const transport = await router.createPlainTransport({ listenIp: '127.0.0.1', rtcpMux: true, comedia: true });
  const { producer, stop } = await produceOpusTone(transport, {
    hz: talker.toneHz,
    ...(talker.kbps ? { kbps: talker.kbps } : {}),
    ssrc: (nextSsrc += 1),
    appData: { source: 'talkback', userId: talker.userId, displayName: talker.displayName },
  });
  // On the talker's talkback lane, as SfuRoom.produceTalkback keeps a browser's mic.
  room.adoptTalkbackProducer(`source-${talker.userId}`, producer);
  return {
    producer,
    stop() {
      stop();
      transport.close();
    },
  };
}
