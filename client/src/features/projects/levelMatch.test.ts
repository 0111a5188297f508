import { describe, expect, it } from 'vitest';
import { formatGain, levelMatchGains, volumeOf } from './levelMatch';

describe('level-matching', () => {
  it('turns the louder version down to the quieter one', () => {
    expect(levelMatchGains(-14, -8)).toEqual({ a: 0, b: -6 });
    expect(levelMatchGains(-9.5, -12)).toEqual({ a: -2.5, b: 0 });
    expect(levelMatchGains(null, -8)).toEqual({ a: 0, b: 0 });
  });
  it('says the gain as an engineer reads it and sets a linear volume', () => {
    expect(formatGain(-6)).toBe('−6.0 dB');
    expect(formatGain(0)).toBe('±0.0 dB');
    expect(volumeOf(-6)).toBeCloseTo(0.501, 3);
    expect(volumeOf(0)).toBe(1);
  });
});
