/**
 * The links of bench/constrained-viewers.ts (issue 21, "Done when"): five SFU viewers and two relay
 * guests, each on its own shaped veth in its own network namespace, and the targets the layered
 * run must meet.
 */
import type { LinkShape } from '../../tests/support/netns.js';

export interface ViewerLink {
  label: string;
  shape: LinkShape;
}

export const SFU_VIEWERS: ViewerLink[] = [
  { label: 'unconstrained', shape: {} },
  { label: '4 Mbit/s', shape: { rateKbit: 4000 } },
  { label: '1 Mbit/s, 2% loss', shape: { rateKbit: 1000, lossPercent: 2 } },
  { label: '500 kbit/s', shape: { rateKbit: 500 } },
  { label: '300 kbit/s, 5% loss', shape: { rateKbit: 300, lossPercent: 5 } },
];

export const RELAY_GUESTS: ViewerLink[] = [
  { label: 'relay 1 Mbit/s, 2% loss', shape: { rateKbit: 1000, lossPercent: 2 } },
  { label: 'relay 500 kbit/s', shape: { rateKbit: 500 } },
];

/**
 * The smoke variant (`--smoke`, in npm test): one viewer per kind of shaping (none, a rate, a rate
 * with loss) on the layered run and one relay guest: enough for every figure and chart to be
 * produced, not to judge the targets. The single-stream run is left out (the layered run's code
 * with another SCREEN_LAYERS; each run costs a box and a host's Chromium).
 */
export const SMOKE_SFU_VIEWERS: ViewerLink[] = [SFU_VIEWERS[0]!, SFU_VIEWERS[3]!, SFU_VIEWERS[4]!];
export const SMOKE_RELAY_GUESTS: ViewerLink[] = [RELAY_GUESTS[1]!];

/** Per viewer, what the layered run must show (issue 21); null where the issue sets none. */
export function targetFor(link: ViewerLink): { width: number | null; fps: number; freezeSPerMin: number | null } {
  const rate = link.shape.rateKbit ?? Infinity;
  if (rate >= 4000) return { width: 1280, fps: 25, freezeSPerMin: null };
  if (rate >= 1000) return { width: null, fps: 15, freezeSPerMin: 1 };
  return { width: null, fps: 5, freezeSPerMin: 2 };
}

export const KEYFRAME_REQUESTS_PER_S_TARGET = 1;
/** Program audio must play without gaps for viewers with at least this much bandwidth. */
export const AUDIO_MIN_RATE_KBIT = 500;
/**
 * "Without gaps", measured: concealed audio (samples NetEq made up for missing packets) under 0.5%
 * of what was played, about 300 ms a minute; a busy 2-core machine conceals a little on its own.
 */
export const AUDIO_MAX_CONCEALED_PERCENT = 0.5;
/** The host's upload with layers against the single stream (issue 21: within 1.5x). */
export const UPLOAD_RATIO_TARGET = 1.5;
