import { describe, expect, it } from 'vitest';
import type { types } from 'mediasoup';
import { sfuTestRooms } from '../../../tests/support/sfu-test-rooms.js';
import { CLIENT_DTLS, VP8_SCREEN_RTP } from '../../../tests/support/room-sockets.js';

const sfu = sfuTestRooms({ workers: 1, screenLayers: 'simulcast' });

/** The host's screen as Chromium sends it with SCREEN_LAYERS=simulcast: three VP8 encodings, L1T3 each. */
const VP8_SIMULCAST_RTP = {
  ...VP8_SCREEN_RTP,
  encodings: [
    { ssrc: 31111111, rid: 'r0', scalabilityMode: 'L1T3' },
    { ssrc: 31111112, rid: 'r1', scalabilityMode: 'L1T3' },
    { ssrc: 31111113, rid: 'r2', scalabilityMode: 'L1T3' },
  ],
} as unknown as types.RtpParameters;

describe("a viewer's first layers of a layered screen, on a real worker", () => {
  it('start on the smallest picture, at every frame rate, whatever the link', async () => {
    const room = await sfu.rooms().get('room-first-layers');
    const send = await room.createTransport('host', 'send');
    await room.connectTransport('host', send.id, CLIENT_DTLS as types.DtlsParameters);
    const screen = await room.produce('host', send.id, 'video', VP8_SIMULCAST_RTP, 'screen');
    const recv = await room.createTransport('guest', 'recv');
    const consumed = await room.consume('guest', recv.id, screen, room.rtpCapabilities);
    const consumer = room.consumerOf('guest', consumed.id)!;
    expect(consumer.type).toBe('simulcast');
    // Not the largest picture mediasoup would otherwise start on and fill its initial guess with:
    // a 640x360 keyframe overflowed a 500 kbit/s link before its first estimate (initial-estimate.ts).
    expect(consumer.preferredLayers).toEqual({ spatialLayer: 0, temporalLayer: 2 });
  });
});
