import { readFileSync } from 'node:fs';
import path from 'node:path';
import { expect, it } from 'vitest';
import { runSmokeBench } from './run-bench.js';

// The benchmark under attack with 2 viewers, a 4 s window and a short, slow flood: every figure of
// both runs and every flood vector's tally must be produced. The targets are not asserted.
it('measures a real SFU room quiet and under a flood from another address', { timeout: 180_000 }, async () => {
  const { json, dir } = await runSmokeBench('under-attack');

  for (const run of [json.runs.quiet, json.runs.flood]) {
    expect(run.viewers).toBe(2);
    expect(run.host.framesCaptured).toBeGreaterThan(0);
    expect(run.host.framesSent).toBeGreaterThan(0);
    expect(run.host.kbps).toBeGreaterThan(0);
    for (const delivery of [run.delivery.ofCaptured, run.delivery.ofSent]) {
      expect(delivery.perViewerPct).toHaveLength(2);
      for (const pct of delivery.perViewerPct) expect(pct).toBeGreaterThan(0);
      expect(delivery.minPct).toBeLessThanOrEqual(delivery.medianPct);
      expect(Number.isFinite(delivery.lossPct)).toBe(true);
    }
    expect(run.health.probes).toBeGreaterThan(0);
    expect(run.health.p99Ms).toBeGreaterThanOrEqual(run.health.p50Ms);
    expect(run.box.cpuPct).toBeGreaterThan(0);
    expect(run.box.waitedForCpuPct).toBeGreaterThanOrEqual(0);
    expect(run.box.rssPeakMb).toBeGreaterThan(0);
    expect(run.viewersCpuPct).toBeGreaterThan(0);
  }
  expect(json.runs.quiet.flood).toBeNull();
  const flood = json.runs.flood.flood;
  expect(flood.cpuPct).toBeGreaterThan(0);
  expect(Object.keys(flood.vectors).sort()).toEqual(['bigChats', 'joinChurn', 'peerjs', 'signups']);
  for (const report of Object.values<any>(flood.vectors)) {
    const { sent, accepted, refused, other } = report.requests;
    expect(sent).toBeGreaterThan(0);
    // Every request the box answered is tallied as accepted, refused or other.
    expect(accepted + refused + other).toBeGreaterThan(0);
    expect(accepted + refused + other).toBeLessThanOrEqual(sent);
  }
  expect(Object.keys(json.targets)).toEqual(['extraLoss', 'healthP99']);
  for (const target of Object.values<any>(json.targets)) expect(typeof target.met).toBe('boolean');
  expect(json.timelines.flood.length).toBeGreaterThan(0);
  for (const chart of ['under-attack.svg', 'under-attack-delivery.svg', 'under-attack-memory.svg'])
    expect(readFileSync(path.join(dir, chart), 'utf8')).toMatch(/^<svg [^>]*>[\s\S]*<polyline/);
});
