import { canDecodeRelayAudio, hasTrackProcessor, hasWebCodecsAudioEncoder } from './relayAudioCodec';

/**
 * What this browser offers of what a room needs (spec part 9 names minimum browsers; what a room
 * really needs is these APIs): WebRTC for the SFU and peer-to-peer tiers, getDisplayMedia for a
 * host to share a screen, and WebCodecs audio for program audio over the server relay. The host's
 * relay audio needs two things that browsers ship apart: WebCodecs' AudioEncoder and AudioData
 * (`relayAudioEncode`), and MediaStreamTrackProcessor to read its program audio (`trackProcessor`).
 * Firefox has the first and not the second, so each is named on its own (issue 37).
 */
export interface BrowserFeatures {
  webrtc: boolean;
  screenCapture: boolean;
  relayAudioEncode: boolean;
  trackProcessor: boolean;
  relayAudioDecode: boolean;
}

export type MissingFeature = 'webrtc' | 'screen-capture' | 'relay-audio' | 'track-processor';

/** Looks once, when the app starts: these APIs do not come and go. */
export function detectBrowserFeatures(scope: typeof globalThis = globalThis): BrowserFeatures {
  const devices = scope.navigator?.mediaDevices as Partial<MediaDevices> | undefined;
  return {
    webrtc: typeof scope.RTCPeerConnection === 'function',
    screenCapture: typeof devices?.getDisplayMedia === 'function',
    relayAudioEncode: hasWebCodecsAudioEncoder(scope),
    trackProcessor: hasTrackProcessor(scope),
    relayAudioDecode: canDecodeRelayAudio(),
  };
}

/** What the host's screen should warn about, most serious first: it feeds the relay's guests whatever its own tier, so it always hears about the relay's audio. */
export function missingForHost(features: BrowserFeatures): MissingFeature[] {
  const missing: MissingFeature[] = [];
  if (!features.webrtc) missing.push('webrtc');
  if (!features.screenCapture) missing.push('screen-capture');
  if (!features.relayAudioEncode) missing.push('relay-audio');
  if (!features.trackProcessor) missing.push('track-processor');
  return missing;
}

/**
 * What a guest's screen should warn about, most serious first. A guest without WebRTC still
 * watches over the relay, so only then (or on the relay already) does the relay's audio matter.
 */
export function missingForGuest(
  features: BrowserFeatures,
  { onRelay = false }: { onRelay?: boolean } = {},
): MissingFeature[] {
  const missing: MissingFeature[] = [];
  if (!features.webrtc) missing.push('webrtc');
  if (!features.relayAudioDecode && (onRelay || !features.webrtc)) missing.push('relay-audio');
  return missing;
}
