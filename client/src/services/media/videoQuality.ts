import type { SfuLayers } from '@riffroom/protocol';

/** What a viewer's room shows about the screen it receives: size, frame rate and SFU layer. */
export interface VideoQuality {
  width: number;
  height: number;
  fps: number;
  /** The layers the SFU forwards (sfu:layers); absent for a plain stream or before the first report. */
  layers?: SfuLayers;
}

interface StatsEntry {
  type: string;
  kind?: string;
  mediaType?: string;
  frameWidth?: number;
  frameHeight?: number;
  framesPerSecond?: number;
}

/** The received screen's size and frame rate from one getStats() report of its consumer. */
export function readVideoReport(report: RTCStatsReport): Omit<VideoQuality, 'layers'> | null {
  const entries = [...(report as unknown as Map<string, StatsEntry>).values()];
  const rtp = entries.find((s) => s.type === 'inbound-rtp' && (s.kind ?? s.mediaType) === 'video');
  if (!rtp?.frameWidth || !rtp.frameHeight) return null;
  return { width: rtp.frameWidth, height: rtp.frameHeight, fps: Math.round(rtp.framesPerSecond ?? 0) };
}

/** `1280×720 · 30 fps · layer 3/3`: layers count from 1, the top one being the sharpest. */
export function describeVideoQuality(quality: VideoQuality): string {
  const parts = [`${quality.width}×${quality.height}`, `${quality.fps} fps`];
  const layers = quality.layers;
  if (layers && layers.spatialLayers > 1) {
    parts.push(layers.spatialLayer === null ? 'paused' : `layer ${layers.spatialLayer + 1}/${layers.spatialLayers}`);
  }
  return parts.join(' · ');
}
