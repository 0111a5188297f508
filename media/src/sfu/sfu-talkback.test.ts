import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { pino } from 'pino';
import type { types } from 'mediasoup';
import { loadMediaConfig } from '../config.js';
import { CLIENT_DTLS, OPUS_STEREO_RTP } from '../../../tests/support/room-sockets.js';
import { SfuRooms } from './sfu-rooms.js';
import { talkbackLane } from './talkback-lane.js';
import { WorkerPool } from './worker-pool.js';

// The talkback contract the recorder relies on, on a real worker: a talker's mic is an audio
// producer on the room's router, announced with the verified identity, closed with its talker.
const pool = new WorkerPool(
  loadMediaConfig(process.env, { workers: 1, rtcPort: 0, rtcListenIp: '127.0.0.1' }),
  pino({ level: 'silent' }),
);
let rooms: SfuRooms;

beforeAll(async () => {
  await pool.start();
  rooms = new SfuRooms(pool, { keyFrameRequestDelayMs: 1000, screenLayers: 'simulcast' }, pino({ level: 'silent' }));
});
afterAll(async () => {
  await rooms.closeAll();
  await pool.close();
});

const MIC_RTP = { ...OPUS_STEREO_RTP, codecs: [{ ...OPUS_STEREO_RTP.codecs[0]!, parameters: { usedtx: 1 } }] };

describe('talkback producers on the router', () => {
  it('announces each mic with its appData, keeps it through a tier fallback, and drops it with its talker', async () => {
    const room = await rooms.get('talkback-contract');
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
