import { readFileSync } from 'node:fs';
import path from 'node:path';
import { expect, it } from 'vitest';
import { runSmokeBench } from './run-bench.js';

// The keyframe-storm benchmark with 3 viewers joining in 1 s: it must keep producing figures.
it('counts keyframe requests reaching the host with and without the request delay', { timeout: 180_000 }, async () => {
  const { json, dir } = await runSmokeBench('keyframe-storm');

  expect(json.rows.map((row: any) => row.keyFrameRequestDelayMs)).toEqual([0, 1000]);
  for (const row of json.rows) {
    expect(row.viewers).toBe(3);
    // Joining viewers ask for a keyframe; at least the first request reaches the host, which
    // answers with a keyframe.
    expect(row.requestsAtHost).toBeGreaterThanOrEqual(1);
    expect(row.requestsAtProducer).toBeGreaterThanOrEqual(1);
    expect(row.keyframesSent).toBeGreaterThanOrEqual(1);
    expect(row.requestsAtHost).toBeLessThanOrEqual(2 * row.viewers);
    expect(row.baselineMbps).toBeGreaterThan(0);
    expect(row.perSecond.length).toBeGreaterThan(0);
  }
  expect(readFileSync(path.join(dir, 'keyframe-storm.svg'), 'utf8')).toMatch(/^<svg [^>]*>[\s\S]*<polyline/);
});
