import { describe, expect, it } from 'vitest';
import type { types } from 'mediasoup';
import { until } from '../../../tests/support/until.js';
import { sfuTestRooms } from '../../../tests/support/sfu-test-rooms.js';
import { CLIENT_DTLS, OPUS_STEREO_RTP, VP8_SCREEN_RTP } from '../../../tests/support/room-sockets.js';
import type { SfuRoom } from './sfu-room.js';

const sfu = sfuTestRooms({ workers: 2, screenLayers: 'simulcast' });

async function hostProduces(room: SfuRoom) {
  const send = await room.createTransport('host', 'send');
  await room.connectTransport('host', send.id, CLIENT_DTLS as types.DtlsParameters);
  const video = await room.produce('host', send.id, 'video', VP8_SCREEN_RTP as types.RtpParameters, 'screen');
  const audio = await room.produce('host', send.id, 'audio', OPUS_STEREO_RTP as types.RtpParameters, 'program-audio');
  return { send, video, audio };
}

describe('SFU rooms on a real worker', () => {
  it('gives one router per room, shared by concurrent first uses, spreading rooms across workers', async () => {
    const [a, b] = await Promise.all([sfu.rooms().get('room-a'), sfu.rooms().get('room-a')]);
    expect(a).toBe(b);
    const other = await sfu.rooms().get('room-b');
    expect(other).not.toBe(a);
    expect(other.workerIndex).not.toBe(a.workerIndex);
    await sfu.rooms().close('room-b');
    expect(await sfu.rooms().peek('room-b')).toBeUndefined();
  });

  it('lets a guest consume the host producers, paused until resumed, with stereo Opus', async () => {
    const room = await sfu.rooms().get('room-consume');
    const { video, audio } = await hostProduces(room);
    expect(room.producers()).toEqual([
      { producerId: video, kind: 'video', source: 'screen' },
      { producerId: audio, kind: 'audio', source: 'program-audio' },
    ]);
    expect(room.producerObject(video)?.appData).toMatchObject({ source: 'screen' });
    const recv = await room.createTransport('guest', 'recv');
    const consumed = await room.consume('guest', recv.id, audio, room.rtpCapabilities);
    expect(consumed.rtpParameters.codecs).toEqual([expect.objectContaining({ mimeType: 'audio/opus', channels: 2 })]);
    const consumer = room.consumerOf('guest', consumed.id)!;
    expect(consumer.paused).toBe(true);
    await room.resumeConsumer('guest', consumed.id);
    expect(consumer.paused).toBe(false);
    const videoConsumer = await room.consume('guest', recv.id, video, room.rtpCapabilities);
    expect(videoConsumer).toMatchObject({ kind: 'video', source: 'screen' });

    // Sharing again replaces the old screen producer, and its consumers close with it.
    const closed: string[] = [];
    room.on('producer-closed', ({ producerId }) => closed.push(producerId));
    const send = await room.createTransport('host', 'send');
    await room.produce('host', send.id, 'video', VP8_SCREEN_RTP as types.RtpParameters, 'screen');
    expect(closed).toEqual([video]);
    // The worker tells the consumer its producer closed, asynchronously.
    await until(() => room.consumerOf('guest', videoConsumer.id) === undefined, { what: 'consumer closed' });

    // A peer leaving takes its producers with it.
    room.removePeer('host');
    expect(room.producers()).toEqual([]);
  });

  it('refuses to consume on a transport that is not the caller’s', async () => {
    const room = await sfu.rooms().get('room-refuse');
    const { send, video } = await hostProduces(room);
    await expect(room.consume('guest', send.id, video, room.rtpCapabilities)).rejects.toMatchObject({
      code: 'sfu/transport-not-found',
    });
    const recv = await room.createTransport('guest', 'recv');
    await expect(room.consume('guest', recv.id, 'no-such-producer', room.rtpCapabilities)).rejects.toMatchObject({
      code: 'sfu/producer-not-found',
    });
  });

  it('bounds what one peer can pile up: two transports per direction, one consumer per producer', async () => {
    const room = await sfu.rooms().get('room-bounds');
    const { video } = await hostProduces(room);
    const [first, second, third] = [
      await room.createTransport('guest', 'recv'),
      await room.createTransport('guest', 'recv'),
      await room.createTransport('guest', 'recv'),
    ];
    await expect(room.consume('guest', first!.id, video, room.rtpCapabilities)).rejects.toMatchObject({
      code: 'sfu/transport-not-found',
    });
    const a = await room.consume('guest', second!.id, video, room.rtpCapabilities);
    const b = await room.consume('guest', third!.id, video, room.rtpCapabilities);
    expect(room.consumerOf('guest', a.id)).toBeUndefined();
    expect(room.consumerOf('guest', b.id)).toBeDefined();
  });

  it('hands a renewed consumer over without a gap, holding at most two consumers of a producer', async () => {
    const room = await sfu.rooms().get('room-renew');
    const { audio } = await hostProduces(room);
    const recv = await room.createTransport('guest', 'recv');
    const playing = await room.consume('guest', recv.id, audio, room.rtpCapabilities);
    await room.resumeConsumer('guest', playing.id);
    // Consumed again (sfu:renew-consumer): the playing one stays while the new one is being wired...
    const next = await room.consume('guest', recv.id, audio, room.rtpCapabilities);
    expect(room.consumerOf('guest', playing.id)?.closed).toBe(false);
    // ...a third request replaces the one not yet resumed, never the playing one...
    const third = await room.consume('guest', recv.id, audio, room.rtpCapabilities);
    expect(room.consumerOf('guest', next.id)).toBeUndefined();
    expect(room.consumerOf('guest', playing.id)?.closed).toBe(false);
    // ...and resuming the newest closes the one it replaces.
    await room.resumeConsumer('guest', third.id);
    expect(room.consumerOf('guest', playing.id)).toBeUndefined();
    expect(room.consumerOf('guest', third.id)?.paused).toBe(false);
  });

  it('resends program audio only on a viewer link judged to have room for it', async () => {
    const room = await sfu.rooms().get('room-resends');
    const { audio } = await hostProduces(room);
    const made: types.WebRtcTransport[] = [];
    sfu.pool.slot(room.workerIndex)!.webRtcServer.observer.on('webrtctransporthandled', (t) => made.push(t));
    const recv = await room.createTransport('guest', 'recv');
    const transport = made.find((t) => t.id === recv.id)!;
    // A viewer's browser offers NACK for Opus (sfuReceiver.ts withAudioResends).
    const capabilities = {
      ...room.rtpCapabilities,
      codecs: room.rtpCapabilities.codecs!.map((codec) =>
        codec.kind === 'audio' ? { ...codec, rtcpFeedback: [{ type: 'nack' }, { type: 'transport-cc' }] } : codec,
      ),
    };
    const nackOf = (consumed: { rtpParameters: Record<string, unknown> }) =>
      (consumed.rtpParameters as unknown as types.RtpParameters).codecs[0]!.rtcpFeedback?.some(
        (fb) => fb.type === 'nack',
      );
    // Until the viewer's estimates show room (audio-reserve.ts sets audioResends), no resends.
    expect(nackOf(await room.consume('guest', recv.id, audio, capabilities))).toBe(false);
    transport.appData.audioResends = true;
    expect(nackOf(await room.consume('guest', recv.id, audio, capabilities))).toBe(true);
  });

  it('closes and refuses what a peer asked for when it left while the worker was making it', async () => {
    const room = await sfu.rooms().get('room-left');
    const { video } = await hostProduces(room);
    const server = sfu.pool.slot(room.workerIndex)!.webRtcServer;
    const transportsBefore = (await server.dump()).webRtcTransportIds.length;

    const transport = room.createTransport('leaver', 'recv');
    room.removePeer('leaver');
    await expect(transport).rejects.toMatchObject({ code: 'sfu/unavailable' });
    await until(async () => (await server.dump()).webRtcTransportIds.length === transportsBefore, {
      what: 'the transport closed on the worker',
    });

    const recv = await room.createTransport('leaver', 'recv');
    const consumer = room.consume('leaver', recv.id, video, room.rtpCapabilities);
    room.removePeer('leaver');
    await expect(consumer).rejects.toMatchObject({ code: 'sfu/unavailable' });

    const send = await room.createTransport('host', 'send');
    const producer = room.produce('host', send.id, 'audio', OPUS_STEREO_RTP as types.RtpParameters, 'program-audio');
    room.removePeer('host');
    await expect(producer).rejects.toMatchObject({ code: 'sfu/unavailable' });
    expect(room.producers()).toEqual([]);
  });

  it('rebuilds a room on the replacement worker after SIGKILL', async () => {
    const room = await sfu.rooms().get('room-crash');
    await hostProduces(room);
    const rebuilt = new Promise<SfuRoom>((resolve) =>
      sfu.rooms().on('rebuilt', (which) => (which === room ? resolve(which) : undefined)),
    );
    const victim = sfu.pool.slot(room.workerIndex)!.worker;
    process.kill(victim.pid, 'SIGKILL');
    expect(await rebuilt).toBe(room);
    await until(() => sfu.pool.ready, { what: 'pool ready again' });
    expect(sfu.pool.slot(room.workerIndex)!.worker.pid).not.toBe(victim.pid);
    expect(room.producers()).toEqual([]);
    const { video } = await hostProduces(room);
    const recv = await room.createTransport('guest', 'recv');
    expect(await room.consume('guest', recv.id, video, room.rtpCapabilities)).toMatchObject({ kind: 'video' });
  });
});
