import { describe, expect, it } from 'vitest';
import {
  RELAY_AUDIO_MAX_DELAY_S,
  RELAY_AUDIO_TARGET_DELAY_S,
  scheduleChunk,
  type JitterDecision,
  type JitterState,
} from './relayAudioJitter';

const CHUNK = 0.02;

/** Feeds chunks arriving at the given context times; answers where each plays (null: dropped). */
function run(arrivals: number[]): Array<number | null> {
  let state: JitterState = { nextStart: null };
  return arrivals.map((now) => {
    const decision: JitterDecision = scheduleChunk(state, now, CHUNK);
    state = decision.state;
    return decision.play ? decision.startAt : null;
  });
}

describe('relay audio jitter buffer', () => {
  it('starts the first chunk the target delay ahead and plays the next ones back to back', () => {
    const starts = run([1, 1.02, 1.04, 1.06]);
    expect(starts[0]).toBeCloseTo(1 + RELAY_AUDIO_TARGET_DELAY_S);
    for (let i = 1; i < starts.length; i += 1) expect(starts[i]! - starts[i - 1]!).toBeCloseTo(CHUNK);
  });

  it('absorbs a burst: chunks arriving together still play one after another, none dropped', () => {
    // 100 ms of silence on the wire, then five chunks at once (a batched delivery).
    const starts = run([1, 1.02, 1.14, 1.14, 1.14, 1.14, 1.14]);
    expect(starts.every((start) => start !== null)).toBe(true);
    for (let i = 1; i < starts.length; i += 1) expect(starts[i]! - starts[i - 1]!).toBeCloseTo(CHUNK);
  });

  it('after the queue ran dry, restarts at the target delay instead of playing late', () => {
    const starts = run([1, 2]);
    expect(starts[1]).toBeCloseTo(2 + RELAY_AUDIO_TARGET_DELAY_S);
  });

  it('never lets the delay grow past the maximum: a flood is cut, and the delay stays bounded', () => {
    // Two seconds of audio arriving in one instant.
    const arrivals = Array.from({ length: 100 }, () => 1);
    const starts = run(arrivals);
    const played = starts.filter((start): start is number => start !== null);
    expect(played.length).toBeLessThan(arrivals.length);
    for (const start of played) expect(start - 1).toBeLessThanOrEqual(RELAY_AUDIO_MAX_DELAY_S + 1e-9);
    // Once the clock moves on, new chunks are taken again, right after the queued ones.
    const later = scheduleChunk({ nextStart: played.at(-1)! + CHUNK }, 1.2, CHUNK);
    expect(later).toMatchObject({ play: true });
  });

  it('steady arrival with jitter keeps the delay near the target', () => {
    const arrivals = Array.from({ length: 200 }, (_, i) => 1 + i * CHUNK + (i % 3 === 0 ? 0.015 : 0));
    const starts = run(arrivals);
    starts.forEach((start, i) => {
      expect(start).not.toBeNull();
      const delay = start! - arrivals[i]!;
      expect(delay).toBeGreaterThan(0.15);
      expect(delay).toBeLessThanOrEqual(RELAY_AUDIO_MAX_DELAY_S);
    });
  });
});
