import { describe, expect, it } from 'vitest';
import type { types } from 'mediasoup';
import { sfuTestRooms } from '../../../tests/support/sfu-test-rooms.js';
import { CLIENT_DTLS, OPUS_STEREO_RTP } from '../../../tests/support/room-sockets.js';
import { talkbackLane } from './talkback-lane.js';

// The talkback contract the recorder relies on, on a real worker: a talker's mic is an audio
// producer on the room's router, announced with the verified identity, closed with its talker.
const sfu = sfuTestRooms({ workers: 1, screenLayers: 'single' });

/** A speech mic: Opus with DTX, one encoding at no declared bitrate (the talkback cap holds it). */
const MIC_RTP = {
  ...OPUS_STEREO_RTP,
  codecs: [{ ...OPUS_STEREO_RTP.codecs[0]!, parameters: { usedtx: 1 } }],
  encodings: [{ ssrc: 11111111 }],
};

describe('talkback producers on the router', () => {
  it('announces each mic with its appData, keeps it through a tier fallback, and drops it with its talker', async () => {
    const room = await sfu.rooms().get('talkback-contract');
    const added: types.Producer[] = [];
    const removed: types.Producer[] = [];
    room.on('talkback-producer-added', (producer) => added.push(producer));
    room.on('talkback-producer-removed', (producer) => removed.push(producer));

    const send = await room.createTransport(talkbackLane('bob'), 'send');
    await room.connectTransport(talkbackLane('bob'), send.id, CLIENT_DTLS as types.DtlsParameters);
    const mic = await room.produceTalkback('bob', send.id, MIC_RTP as types.RtpParameters, {
      userId: 'uid-bob',
      displayName: 'Bob',
    });
    expect(added).toEqual([mic]);
    expect(mic.kind).toBe('audio');
    expect(mic.appData).toEqual({ source: 'talkback', userId: 'uid-bob', displayName: 'Bob' });
    expect(room.talkbackProducers()).toEqual([{ peerId: 'bob', producer: mic }]);
    // Not the host's media: the tiers' producer list leaves it out.
    expect(room.producers()).toEqual([]);
    await expect(
      room.produceTalkback('bob', send.id, MIC_RTP as types.RtpParameters, { userId: 'uid-bob', displayName: 'Bob' }),
    ).rejects.toMatchObject({ code: 'talkback/already-talking' });

    // Host mute is a server pause.
    await mic.pause();
    expect(room.talkbackProducerOf('bob')?.paused).toBe(true);

    room.removePeer('bob', 'tier');
    expect(mic.closed).toBe(false);
    room.removePeer('bob');
    expect(mic.closed).toBe(true);
    expect(removed).toEqual([mic]);
    expect(room.talkbackProducers()).toEqual([]);
  });
});
