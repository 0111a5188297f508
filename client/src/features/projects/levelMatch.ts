/**
 * Level-matching for A/B (issue 36): the louder version is turned down to the quieter one's
 * measured integrated loudness, so neither wins for being louder. Gains in dB (≤ 0) for A and B.
 */
export function levelMatchGains(lufsA: number | null, lufsB: number | null): { a: number; b: number } {
  if (lufsA === null || lufsB === null) return { a: 0, b: 0 };
  const target = Math.min(lufsA, lufsB);
  return { a: target - lufsA, b: target - lufsB };
}

/** An element's volume for a gain in dB (an HTMLMediaElement's volume is linear, 0..1). */
export const volumeOf = (gainDb: number) => Math.min(1, Math.pow(10, gainDb / 20));

export function formatGain(gainDb: number): string {
  const rounded = Math.round(gainDb * 10) / 10;
  return `${rounded > 0 ? '+' : rounded < 0 ? '−' : '±'}${Math.abs(rounded).toFixed(1)} dB`;
}
