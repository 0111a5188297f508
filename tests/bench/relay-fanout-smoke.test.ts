import { readFileSync } from 'node:fs';
import path from 'node:path';
import { expect, it } from 'vitest';
import { runSmokeBench } from './run-bench.js';

// The relay fan-out benchmark with 3 guests for 2 s: it must keep producing figures.
it('measures the fast guests with and without a throttled one', { timeout: 180_000 }, async () => {
  const { json, dir } = await runSmokeBench('relay-fanout');

  expect(json.rows.map((row: any) => [row.guests, row.throttledShare])).toEqual([
    [3, 0],
    [3, 0.34],
  ]);
  for (const row of json.rows) {
    expect(row.framesSent).toBe(json.fps * json.seconds);
    expect(row.refused).toBe(0);
    expect(row.fast.deliveredMedianPct).toBeGreaterThan(0);
    expect(row.fast.latencyP95Ms).toBeGreaterThanOrEqual(0);
  }
  expect(json.rows[1].throttled.guests).toBe(1);
  expect(readFileSync(path.join(dir, 'relay-fanout.svg'), 'utf8')).toMatch(/^<svg [^>]*>[\s\S]*<rect/);
});
