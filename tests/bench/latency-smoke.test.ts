import { readFileSync } from 'node:fs';
import path from 'node:path';
import { expect, it } from 'vitest';
import { runSmokeBench } from './run-bench.js';

// The latency benchmark with 2 joins of 1.5 s per tier: it must keep producing figures.
it(
  'measures glass-to-glass latency and time to first frame on the SFU and the relay',
  { timeout: 180_000 },
  async () => {
    const { json, dir } = await runSmokeBench('latency');

    expect(json.rows.map((row: any) => row.tier)).toEqual(['sfu', 'relay']);
    for (const row of json.rows) {
      expect(row.frames).toBeGreaterThan(0);
      expect(row.latencyP50Ms).toBeGreaterThanOrEqual(0);
      expect(row.latencyP95Ms).toBeGreaterThanOrEqual(row.latencyP50Ms);
      expect(row.joins).toBe(2);
      expect(row.ttffP95Ms).toBeGreaterThan(0);
    }
    const sfu = json.rows[0];
    for (const key of ['pageLoadMs', 'signallingMs', 'iceDtlsMs', 'firstFrameMs'])
      for (const join of sfu.perJoin) expect(join[key]).toBeGreaterThanOrEqual(0);
    expect(Object.keys(json.targets)).toEqual(['sfuP50', 'sfuP95', 'ttffP95']);
    expect(readFileSync(path.join(dir, 'latency.svg'), 'utf8')).toMatch(/^<svg [^>]*>[\s\S]*<polyline/);
  },
);
