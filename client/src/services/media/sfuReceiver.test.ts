import type { types as ms } from 'mediasoup-client';
import { describe, expect, it } from 'vitest';
import { withAudioResends } from './sfuReceiver';

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
