import { describe, expect, it } from 'vitest';
import { rateRuleSchema } from './rate-rule.js';

describe('rateRuleSchema', () => {
  it('reads <count>/<window> as a burst of count, refilled at count per window', () => {
    expect(rateRuleSchema.parse('60/m')).toEqual({ burst: 60, perMinute: 60 });
    expect(rateRuleSchema.parse('30/1h')).toEqual({ burst: 30, perMinute: 0.5 });
    expect(rateRuleSchema.parse('10/30s')).toEqual({ burst: 10, perMinute: 20 });
    expect(rateRuleSchema.parse(' 48/2d ')).toEqual({ burst: 48, perMinute: 48 / 2880 });
  });

  it('turns a limit off with off, and refuses anything else', () => {
    expect(rateRuleSchema.parse('off')).toBeNull();
    for (const bad of ['30', '30/hour', '-1/m', '1.5/m', '30 per hour', '']) {
      expect(rateRuleSchema.safeParse(bad).success).toBe(false);
    }
  });
});
