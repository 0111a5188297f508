import { z } from 'zod';
import type { BucketRule } from './token-buckets.js';

const UNIT_MINUTES = { s: 1 / 60, m: 1, h: 60, d: 1440 } as const;

/**
 * A flood limit as configuration writes it: `<count>/<window>`, e.g. `30/1h` or `60/m`: up to
 * `count` actions at once, regained at `count` per window (a token bucket whose burst is `count`).
 * `off` turns the limit off. One notation for every limit in the environment and the config file.
 */
export const rateRuleSchema = z
  .string()
  .trim()
  .regex(/^(off|\d{1,7}\/\d{0,4}[smhd])$/, 'must be <count>/<window> like 30/1h or 60/m, or off')
  .transform((text): BucketRule | null => {
    if (text === 'off') return null;
    const [count, window] = text.split('/') as [string, string];
    const unit = window.slice(-1) as keyof typeof UNIT_MINUTES;
    const units = window.length > 1 ? Number(window.slice(0, -1)) : 1;
    const burst = Number(count);
    return { burst, perMinute: burst / (Math.max(units, 1) * UNIT_MINUTES[unit]) };
  });
