import { describeVideoQuality, type VideoQuality } from '../../services/media/videoQuality';

/**
 * A viewer's received screen: size, frame rate and the SFU layer its link carries. The layer is on
 * data attributes too (0-based, as the SFU counts), for whoever reads the page rather than the text.
 */
export function VideoQualityLine({ quality }: { quality: VideoQuality | null }) {
  const layers = quality?.layers;
  return (
    <p
      className="room-audio__stats"
      data-testid="video-quality"
      data-spatial-layer={layers?.spatialLayer ?? undefined}
      data-temporal-layer={layers?.temporalLayer ?? undefined}
    >
      Video: {quality ? describeVideoQuality(quality) : 'not playing'}
    </p>
  );
}
