import { describe, expect, it } from 'vitest';
import { detectBrowserFeatures, missingForGuest, missingForHost, type BrowserFeatures } from './browserSupport';

const all: BrowserFeatures = { webrtc: true, screenCapture: true, relayAudioEncode: true, relayAudioDecode: true };

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

  it.each<[string, Partial<BrowserFeatures>, 'host' | 'guest', boolean, string[]]>([
    ['nothing for a browser with it all', {}, 'host', false, []],
    ['a host without screen capture', { screenCapture: false }, 'host', false, ['screen-capture']],
    ['a host without the relay encoder, always', { relayAudioEncode: false }, 'host', false, ['relay-audio']],
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
