import { existsSync } from 'node:fs';
import path from 'node:path';
import { expect, it } from 'vitest';
import { runSmokeBench } from './run-bench.js';

// bench/constrained-viewers.ts with one viewer per kind of shaping and 5 s windows, on real shaped
// links (needs root): it must keep producing its figures, program audio's included, and its charts.
it('measures viewers on real shaped links, layered and relay, and draws the charts', { timeout: 180_000 }, async () => {
  const { json, dir } = await runSmokeBench('constrained-viewers');

  expect(json.runs.map((run: any) => `${run.tier} ${run.layers}`)).toEqual(['sfu simulcast', 'relay simulcast']);
  const [layered] = json.runs;
  expect(layered.viewers.map((row: any) => row.viewer)).toEqual(['unconstrained', '500 kbit/s', '300 kbit/s, 5% loss']);
  for (const run of json.runs) {
    for (const row of run.viewers) {
      expect(Number.isFinite(row.fps)).toBe(true);
      expect(Number.isFinite(row.freezeSPerMin)).toBe(true);
    }
    expect(run.host.videoKbps).toBeGreaterThan(0);
    // How loaded the machine was while it measured: two Chromiums and a box are never idle.
    expect(run.host.machineCpu.busyPercent).toBeGreaterThan(0);
    expect(run.host.machineCpu.busyPercent).toBeLessThanOrEqual(100);
  }
  // The unshaped viewer decodes a picture and plays the program audio: the figures are read.
  const free = layered.viewers[0];
  expect(free.fps).toBeGreaterThan(0);
  expect(free.resolution).toMatch(/^\d+x\d+$/);
  expect(free.audioConcealedPercent).not.toBeNull();
  expect(free.audioLossPercent).not.toBeNull();
  // The relay guest's picture size is read from its stats line (which rendition it is painted with).
  expect(json.runs[1].viewers[0].resolution).toMatch(/^\d+x\d+ JPEG$/);
  expect(json.targets.length).toBeGreaterThan(0);
  for (const chart of ['constrained-viewers.svg', 'constrained-viewers-freezes.svg']) {
    expect(existsSync(path.join(dir, chart))).toBe(true);
  }
});
