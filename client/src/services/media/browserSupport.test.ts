import { describe, expect, it } from 'vitest';
import { detectBrowserFeatures, missingForGuest, missingForHost, type BrowserFeatures } from './browserSupport';

const all: BrowserFeatures = {
  webrtc: true,
  screenCapture: true,
  relayAudioEncode: true,
  trackProcessor: true,
  relayAudioDecode: true,
};

describe('browser support for rooms', () => {
  it('finds WebRTC and getDisplayMedia where the browser has them, and not where it lacks them', () => {
    const modern = {
      RTCPeerConnection: function RTCPeerConnection() {},
      navigator: { mediaDevices: { getDisplayMedia: () => {} } },
    } as unknown as typeof globalThis;
    expect(detectBrowserFeatures(modern)).toMatchObject({ webrtc: true, screenCapture: true });
    const old = { navigator: { mediaDevices: { getUserMedia: () => {} } } } as unknown as typeof globalThis;
    expect(detectBrowserFeatures(old)).toMatchObject({ webrtc: false, screenCapture: false });
    expect(detectBrowserFeatures({} as typeof globalThis)).toMatchObject({ webrtc: false, screenCapture: false });
  });

  it('names what Firefox really lacks: MediaStreamTrackProcessor, not WebCodecs audio', () => {
    const noop = function () {};
    // Firefox 153's globals for a room: WebRTC, getDisplayMedia and WebCodecs audio, no track processor.
    const firefox = {
      RTCPeerConnection: noop,
      AudioEncoder: noop,
      AudioData: noop,
      navigator: { mediaDevices: { getDisplayMedia: noop } },
    } as unknown as typeof globalThis;
    const features = detectBrowserFeatures(firefox);
    expect(features).toMatchObject({ relayAudioEncode: true, trackProcessor: false });
    expect(missingForHost(features)).toEqual(['track-processor']);
    const chromium = { ...firefox, MediaStreamTrackProcessor: noop } as unknown as typeof globalThis;
    expect(missingForHost(detectBrowserFeatures(chromium))).toEqual([]);
  });

  it.each<[string, Partial<BrowserFeatures>, 'host' | 'guest', boolean, string[]]>([
    ['nothing for a browser with it all', {}, 'host', false, []],
    ['a host without screen capture', { screenCapture: false }, 'host', false, ['screen-capture']],
    ['a host without the relay encoder, always', { relayAudioEncode: false }, 'host', false, ['relay-audio']],
    ['a host without the track processor', { trackProcessor: false }, 'host', false, ['track-processor']],
    ['a guest needs no track processor', { trackProcessor: false }, 'guest', true, []],
    ['a guest needs no screen capture', { screenCapture: false }, 'guest', false, []],
    ['a guest with WebRTC, off the relay, needs no decoder', { relayAudioDecode: false }, 'guest', false, []],
    ['a guest on the relay needs the decoder', { relayAudioDecode: false }, 'guest', true, ['relay-audio']],
    [
      'a guest without WebRTC will be on the relay',
      { webrtc: false, relayAudioDecode: false },
      'guest',
      false,
      ['webrtc', 'relay-audio'],
    ],
  ])('%s', (_name, lacking, role, onRelay, missing) => {
    const features = { ...all, ...lacking };
    expect(role === 'host' ? missingForHost(features) : missingForGuest(features, { onRelay })).toEqual(missing);
  });
});
