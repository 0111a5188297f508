import { describe, expect, it } from 'vitest';
import { PaintRate } from './paintRate';

describe('relay paint rate', () => {
  it('counts the pictures of the span, to a tenth of a picture a second', () => {
    const rate = new PaintRate(5000);
    for (let at = 0; at < 5000; at += 400) rate.painted(at); // 13 pictures in 5 s
    expect(rate.fps(4999)).toBe(2.6);
    // A second later the first three have left the span.
    expect(rate.fps(5999)).toBe(2);
  });

  it('keeps a slow link steady: one picture every 1.5 s reads the same at every second', () => {
    const rate = new PaintRate(5000);
    const readings: Array<number | null> = [];
    for (let now = 0; now <= 20_000; now += 500) {
      if (now % 1500 === 0) rate.painted(now);
      if (now >= 6000 && now % 1000 === 0) readings.push(rate.fps(now));
    }
    expect(new Set(readings)).toEqual(new Set([0.6, 0.8]));
  });

  it('reads nothing once the pictures stopped for a whole span', () => {
    const rate = new PaintRate(5000);
    rate.painted(0);
    expect(rate.fps(4999)).toBe(0.2);
    expect(rate.fps(5000)).toBeNull();
  });
});
