import type { MissingFeature } from '../../services/media/browserSupport';

const HOST_TEXT: Record<MissingFeature, string> = {
  webrtc: 'No WebRTC: your guests get your screen over the server relay only (lower quality).',
  'screen-capture': 'No screen sharing: this browser cannot share your screen.',
  'relay-audio': 'No WebCodecs audio: guests in relay mode will not hear program audio.',
  'track-processor':
    'No MediaStreamTrackProcessor: this browser cannot read your program audio, so guests in relay mode will not hear it.',
};

const GUEST_TEXT: Record<MissingFeature, string> = {
  webrtc: 'No WebRTC: you can only watch over the server relay (lower quality).',
  'screen-capture': 'No screen sharing: this browser cannot share a screen.',
  'relay-audio': 'No WebCodecs audio: this browser cannot play program audio in relay mode.',
  // A guest never reads a track: this is a host's need only.
  'track-processor': 'No MediaStreamTrackProcessor: this browser cannot send program audio in relay mode.',
};

/** Says up front what this browser lacks for the room, instead of a generic error later. */
export function BrowserSupportNotice({ missing, role }: { missing: MissingFeature[]; role: 'host' | 'guest' }) {
  if (missing.length === 0) return null;
  const texts = role === 'host' ? HOST_TEXT : GUEST_TEXT;
  return (
    <section className="room-browser-notice" role="alert" aria-label="Browser support">
      <strong>This browser lacks what this room needs.</strong>
      <ul>
        {missing.map((feature) => (
          <li key={feature}>{texts[feature]}</li>
        ))}
      </ul>
      <p>A recent Chrome or Edge has all of it.</p>
    </section>
  );
}
