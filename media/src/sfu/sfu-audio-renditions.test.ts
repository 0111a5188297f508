import { describe, expect, it } from 'vitest';
import type { types } from 'mediasoup';
import { until } from '../../../tests/support/until.js';
import { sfuTestRooms } from '../../../tests/support/sfu-test-rooms.js';
import { CLIENT_DTLS, OPUS_STEREO_RTP } from '../../../tests/support/room-sockets.js';
import type { SfuRoom } from './sfu-room.js';

const sfu = sfuTestRooms({ workers: 1, screenLayers: 'simulcast' });

/** The host's browser's thin program-audio stream: its own SSRC, 64 kbit/s. */
const OPUS_THIN_RTP = {
  ...OPUS_STEREO_RTP,
  mid: '2',
  codecs: [
    {
      ...OPUS_STEREO_RTP.codecs[0]!,
      parameters: { ...OPUS_STEREO_RTP.codecs[0]!.parameters, maxaveragebitrate: 64000 },
    },
  ],
  encodings: [{ ssrc: 22222222, maxBitrate: 64000 }],
} as unknown as types.RtpParameters;

/** As the host's SfuSender sends program audio: the thin stream, then the studio one. */
async function hostSendsBothStreams(room: SfuRoom) {
  const send = await room.createTransport('host', 'send');
  await room.connectTransport('host', send.id, CLIENT_DTLS as types.DtlsParameters);
  const thin = await room.produce('host', send.id, 'audio', OPUS_THIN_RTP, 'program-audio', 'thin');
  const studio = await room.produce('host', send.id, 'audio', OPUS_STEREO_RTP as types.RtpParameters, 'program-audio');
  return { send, thin, studio };
}

/** A viewer's receiving transport, with the mediasoup object behind it (its appData holds the link's verdicts). */
async function viewerTransport(room: SfuRoom, peerId: string) {
  const made: types.WebRtcTransport[] = [];
  const watch = (t: types.WebRtcTransport) => made.push(t);
  sfu.pool.slot(room.workerIndex)!.webRtcServer.observer.on('webrtctransporthandled', watch);
  const recv = await room.createTransport(peerId, 'recv');
  sfu.pool.slot(room.workerIndex)!.webRtcServer.observer.off('webrtctransporthandled', watch);
  return { recv, transport: made.find((t) => t.id === recv.id)! };
}

describe('program audio’s thin stream on a real worker', () => {
  it('announces and lists only the studio stream, and refuses the thin one to anyone asking for it', async () => {
    const room = await sfu.rooms().get('room-thin-listed');
    const announced: string[] = [];
    room.on('new-producer', ({ producerId }) => announced.push(producerId));
    const { thin, studio } = await hostSendsBothStreams(room);
    expect(announced).toEqual([studio]);
    expect(room.producers()).toEqual([{ producerId: studio, kind: 'audio', source: 'program-audio' }]);
    // A recording copies the studio stream, never the thin one.
    expect(room.producersOf('program-audio').map((p) => p.id)).toEqual([studio]);
    const { recv } = await viewerTransport(room, 'guest');
    await expect(room.consume('guest', recv.id, thin, room.rtpCapabilities)).rejects.toMatchObject({
      code: 'sfu/producer-not-found',
    });
  });

  it('gives a viewer whose link was judged thin the thin stream under the studio stream’s id', async () => {
    const room = await sfu.rooms().get('room-thin-consume');
    const { thin, studio } = await hostSendsBothStreams(room);
    const { recv, transport } = await viewerTransport(room, 'guest');
    const onStudio = await room.consume('guest', recv.id, studio, room.rtpCapabilities);
    expect(onStudio.producerId).toBe(studio);
    expect(room.consumerOf('guest', onStudio.id)!.producerId).toBe(studio);
    await room.resumeConsumer('guest', onStudio.id);

    // audio-reserve.ts judged the link too thin for the studio stream; the viewer consumes again.
    transport.appData.audioRendition = 'thin';
    const onThin = await room.consume('guest', recv.id, studio, room.rtpCapabilities);
    expect(onThin.producerId).toBe(studio);
    expect(room.consumerOf('guest', onThin.id)!.producerId).toBe(thin);
    // The studio consumer keeps playing until the thin one is wired and resumed: no gap.
    expect(room.consumerOf('guest', onStudio.id)?.closed).toBe(false);
    await room.resumeConsumer('guest', onThin.id);
    expect(room.consumerOf('guest', onStudio.id)).toBeUndefined();

    // Another viewer, judged nothing, still gets the studio stream.
    const other = await viewerTransport(room, 'other');
    const studioForOther = await room.consume('other', other.recv.id, studio, room.rtpCapabilities);
    expect(room.consumerOf('other', studioForOther.id)!.producerId).toBe(studio);
  });

  it('ends the thin stream, and its viewers’ consumers, with the studio stream', async () => {
    const room = await sfu.rooms().get('room-thin-close');
    const { send, thin, studio } = await hostSendsBothStreams(room);
    const { recv, transport } = await viewerTransport(room, 'guest');
    transport.appData.audioRendition = 'thin';
    const onThin = await room.consume('guest', recv.id, studio, room.rtpCapabilities);
    room.closeProducer('host', studio);
    expect(room.producerObject(thin)).toBeUndefined();
    await until(() => room.consumerOf('guest', onThin.id) === undefined, { what: 'thin consumer closed' });

    // A studio stream sent alone (a host whose thin stream failed) is what a thin link gets.
    const alone = await room.produce('host', send.id, 'audio', OPUS_STEREO_RTP as types.RtpParameters, 'program-audio');
    const fallback = await room.consume('guest', recv.id, alone, room.rtpCapabilities);
    expect(room.consumerOf('guest', fallback.id)!.producerId).toBe(alone);
  });
});
