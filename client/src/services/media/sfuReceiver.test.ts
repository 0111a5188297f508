import type { types as ms } from 'mediasoup-client';
import { describe, expect, it, vi } from 'vitest';
import { FakeRoomSocket } from '../../testing/fakeRoomSocket';
import { SfuReceiver, withAudioResends } from './sfuReceiver';

/** The device's load, held open by the test: under load it takes seconds in a real browser. */
const deviceLoad = vi.hoisted(() => {
  let release: () => void = () => {};
  return {
    hold() {
      const held = new Promise<void>((resolve) => (release = resolve));
      return { held, release: () => release() };
    },
    current: null as Promise<void> | null,
  };
});

// happy-dom has no WebRTC: a device whose receiving transport hands out consumers with a fake track.
vi.mock('mediasoup-client', () => {
  class Device {
    rtpCapabilities = { codecs: [], headerExtensions: [] };
    async load() {
      await deviceLoad.current;
    }
    createRecvTransport(options: { id: string }) {
      return {
        id: options.id,
        closed: false,
        connectionState: 'connected',
        on() {},
        close() {
          this.closed = true;
        },
        async consume(consumer: { id: string; producerId: string; kind: string; appData: unknown }) {
          return { ...consumer, closed: false, track: { kind: consumer.kind }, on() {}, close() {} };
        },
      };
    }
  }
  return { Device };
});

describe('SfuReceiver', () => {
  it('shows a producer announced while its transport was still being set up', async () => {
    const socket = new FakeRoomSocket({
      'sfu:create-transport': () => ({ id: 't1', iceParameters: {}, iceCandidates: [], dtlsParameters: {} }),
      'sfu:router-capabilities': () => ({ rtpCapabilities: { codecs: [] }, screenLayers: 'simulcast' }),
      // The list is asked for at once, before the host shares again.
      'sfu:producers': () => [],
      'sfu:consume': (payload) => ({
        id: 'c1',
        producerId: (payload as { producerId: string }).producerId,
        kind: 'video',
        rtpParameters: {},
        source: 'screen',
      }),
      'sfu:resume-consumer': () => ({}),
    });
    const tracks: string[] = [];
    const receiver = new SfuReceiver(socket, 'r1', {
      onTrack: (source) => tracks.push(source),
      onTrackEnded: () => {},
      onTransportFailed: () => {},
    });
    const load = deviceLoad.hold();
    deviceLoad.current = load.held;
    const started = receiver.start();
    // The host shares (sfu:new-producer) while the device is still loading: no transport yet.
    await vi.waitFor(() => expect(socket.sent.map((s) => s.event)).toContain('sfu:producers'));
    await receiver.consume({ producerId: 'p1', kind: 'video', source: 'screen' });
    load.release();
    await started;
    expect(tracks).toEqual(['screen']);
    expect(socket.sent.filter((s) => s.event === 'sfu:consume')).toHaveLength(1);
    receiver.close();
  });
});

describe('withAudioResends', () => {
  it('offers NACK for Opus, once, and leaves the other codecs as the device has them', () => {
    const device: ms.RtpCapabilities = {
      codecs: [
        {
          kind: 'audio',
          mimeType: 'audio/opus',
          preferredPayloadType: 100,
          clockRate: 48000,
          channels: 2,
          rtcpFeedback: [{ type: 'transport-cc' }],
        },
        {
          kind: 'video',
          mimeType: 'video/VP8',
          preferredPayloadType: 101,
          clockRate: 90000,
          rtcpFeedback: [{ type: 'nack' }],
        },
      ],
      headerExtensions: [],
    };
    const offered = withAudioResends(device);
    expect(offered.codecs![0]!.rtcpFeedback).toEqual([{ type: 'transport-cc' }, { type: 'nack', parameter: '' }]);
    expect(offered.codecs![1]).toBe(device.codecs![1]);
    expect(withAudioResends(offered).codecs![0]!.rtcpFeedback).toHaveLength(2);
    expect(device.codecs![0]!.rtcpFeedback).toEqual([{ type: 'transport-cc' }]);
  });
});
