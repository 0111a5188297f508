import { describe, expect, it } from 'vitest';
import { AudioResendGate } from './audio-resends.js';

const AUDIO = 256_000; // the studio default
const RESERVE = 320_000; // and its 25% margin

/** Feeds one estimate a second from `from` for `seconds` (a value, or one per second); the changes decided. */
function feed(gate: AudioResendGate, estimate: number | ((t: number) => number), from: number, seconds: number) {
  const changes: { at: number; on: boolean }[] = [];
  for (let t = 0; t < seconds; t++) {
    const now = from + t * 1000;
    gate.estimate(typeof estimate === 'number' ? estimate : estimate(t), now);
    const decided = gate.decide(AUDIO, RESERVE, now);
    if (decided !== null) changes.push({ at: now, on: decided.resends });
  }
  return changes;
}

describe('audio resend gate', () => {
  it('turns resends on for a link with room beyond the audio, once 10 s of estimates show it', () => {
    const gate = new AudioResendGate();
    expect(gate.wanted).toBe(false);
    // A 500 kbit/s link: GoogCC's estimate around 450 kbit/s.
    expect(feed(gate, 450_000, 0, 20)).toEqual([{ at: 10_000, on: true }]);
    expect(gate.wanted).toBe(true);
  });

  it('never turns them on where the audio fills the link (300 kbit/s)', () => {
    const gate = new AudioResendGate();
    expect(feed(gate, 290_000, 0, 60)).toEqual([]);
    expect(gate.wanted).toBe(false);
  });

  it('reads a low percentile, not the peaks: a link that swings to 1 Mbit/s but mostly sits low stays off', () => {
    const gate = new AudioResendGate();
    // Two seconds in ten at 1 Mbit/s, the rest at 280 kbit/s.
    expect(feed(gate, (t) => (t % 5 === 0 ? 1_000_000 : 280_000), 0, 60)).toEqual([]);
  });

  it('turns them off when the link narrows for good, and not twice within 30 s', () => {
    const gate = new AudioResendGate();
    feed(gate, 2_000_000, 0, 12);
    expect(gate.wanted).toBe(true);
    // From 12 s the link carries 250 kbit/s: off at the first decision 30 s after the change at 10 s.
    expect(feed(gate, 250_000, 12_000, 40)).toEqual([{ at: 40_000, on: false }]);
    // And it comes back on no sooner than 30 s after that, however wide the link is again.
    expect(feed(gate, 2_000_000, 52_000, 30)).toEqual([{ at: 70_000, on: true }]);
  });

  it('keeps resends through a lower estimate that stays above most of what turned them on', () => {
    const gate = new AudioResendGate();
    feed(gate, 450_000, 0, 12);
    // 300 kbit/s: below what turning on needs (397 kbit/s), above 70% of it.
    expect(feed(gate, 300_000, 12_000, 60)).toEqual([]);
    expect(gate.wanted).toBe(true);
  });

  it('turns them on only once most of the span shows room, and keeps them while the estimate dips a few seconds in ten', () => {
    const gate = new AudioResendGate();
    // Three seconds in ten at 100 kbit/s, the rest at 420: not enough to turn resends on...
    const swinging = (t: number) => (t % 10 < 3 ? 100_000 : 420_000);
    expect(feed(gate, swinging, 0, 40)).toEqual([]);
    // ...but once on (a steady stretch), the same swings keep them.
    expect(feed(gate, 450_000, 40_000, 12)).toEqual([{ at: 41_000, on: true }]);
    expect(feed(gate, swinging, 52_000, 90)).toEqual([]);
    expect(gate.wanted).toBe(true);
  });
});
