import { readFileSync } from 'node:fs';
import path from 'node:path';
import { expect, it } from 'vitest';
import { runSmokeBench } from './run-bench.js';

// The relay fan-out benchmark with 3 guests for 2 s: it must keep producing figures for our relay
// (with and without a slow guest) and for the naive-broadcast baseline.
it('measures fast and slow guests on the relay and the naive broadcast', { timeout: 180_000 }, async () => {
  const { json, dir } = await runSmokeBench('relay-fanout');

  expect(json.rows.map((row: any) => [row.guests, row.mode, row.slowShare])).toEqual([
    [3, 'relay-calm', 0],
    [3, 'relay', 0.34],
    [3, 'naive', 0.34],
  ]);
  for (const row of json.rows) {
    expect(row.framesSent).toBe(json.fps * json.seconds);
    expect(row.refused).toBe(0);
    expect(row.meanFrameKB).toBeGreaterThan(50);
    expect(row.fast.deliveredMedianPct).toBeGreaterThan(0);
    expect(row.fast.ageP95Ms).toBeGreaterThanOrEqual(0);
    expect(row.deliveredMB).toBeGreaterThan(0);
    expect(row.cpuMsPerMB).toBeGreaterThan(0);
  }
  expect(json.rows[0].slow).toBeNull();
  for (const row of json.rows.slice(1)) {
    expect(row.slow.guests).toBe(1);
    expect(row.slow.framesBehindAtEnd).toHaveLength(1);
  }
  expect(json.ratios).toHaveLength(1);
  for (const suffix of ['', '-slow-age', '-cpu'])
    expect(readFileSync(path.join(dir, `relay-fanout${suffix}.svg`), 'utf8')).toMatch(/^<svg [^>]*>[\s\S]*<polyline/);
});
