import { readFileSync } from 'node:fs';
import path from 'node:path';
import { expect, it } from 'vitest';
import { runSmokeBench } from './run-bench.js';

// The cascade benchmark with 4 viewers and a 6-viewer join storm: it must keep producing figures.
it('compares one node with two nodes joined by the cascade pipe', { timeout: 180_000 }, async () => {
  const { json, dir } = await runSmokeBench('cascade');

  expect(json.fanouts.map((row: any) => row.layout)).toEqual(['one-node', 'two-nodes']);
  const [single, cascaded] = json.fanouts;
  expect(single.viewersOnEdge).toBe(0);
  expect(cascaded.viewersOnEdge).toBe(2);
  for (const row of json.fanouts) {
    // Every viewer, on either node, receives the host's frames.
    expect(row.framesMedianPct).toBeGreaterThan(50);
    expect(row.cpuUsPerPacket).toBeGreaterThan(0);
  }
  // The pipe hop is measured frame by frame, and it is a hop: not negative on the whole.
  expect(cascaded.pipeDelaySamples).toBeGreaterThan(10);
  expect(cascaded.pipeDelayP50Ms).toBeGreaterThanOrEqual(0);
  expect(json.storms.map((row: any) => row.layout)).toEqual(['one-node', 'two-nodes']);
  for (const row of json.storms) expect(row.requestsAtHost).toBeGreaterThanOrEqual(1);
  expect(readFileSync(path.join(dir, 'cascade.svg'), 'utf8')).toMatch(/^<svg [^>]*>[\s\S]*<polyline/);
});
