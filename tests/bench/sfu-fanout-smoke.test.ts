import { readFileSync } from 'node:fs';
import path from 'node:path';
import { expect, it } from 'vitest';
import { runSmokeBench } from './run-bench.js';

// The SFU fan-out benchmark with 3 viewers for a few seconds: it must keep producing figures. It
// asserts what the figures must be for any machine, never how fast.
it('measures SFU fan-out on 1 and 2 workers beside the peer-to-peer host', { timeout: 180_000 }, async () => {
  const { json, dir, stdout } = await runSmokeBench('sfu-fanout');

  expect(stdout).toContain('viewers>=90%');
  expect(json.rows.map((row: any) => row.tier)).toEqual(['sfu-1-worker', 'sfu-2-workers', 'p2p']);
  for (const row of json.rows) {
    expect(row.n).toBe(3);
    expect(row.framesSent).toBeGreaterThan(0);
    expect(row.packetsDelivered).toBeGreaterThan(0);
    expect(row.packetsForwarded).toBeGreaterThan(0);
    expect(row.fanoutUsPerPacket).toBeGreaterThan(0);
    expect(row.viewersOkPct).toBeGreaterThanOrEqual(0);
    expect(row.viewersOkPct).toBeLessThanOrEqual(100);
    expect(row.hostUploadMbps).toBeGreaterThan(0);
  }
  const [oneWorker, twoWorkers, p2p] = json.rows;
  // Both workers did work when the viewers were split across a pipe.
  expect(twoWorkers.perWorkerCpuPct).toHaveLength(2);
  expect(oneWorker.perWorkerCpuPct).toHaveLength(1);
  // The P2P host uploads a copy per viewer; through the SFU it uploads one.
  expect(p2p.hostUploadMbps / oneWorker.hostUploadMbps).toBeGreaterThan(1.5);
  expect(json.summary.capacity.oneWorker === 0 || json.summary.capacity.oneWorker === 3).toBe(true);
  for (const file of ['sfu-fanout.svg', 'sfu-fanout-delivery.svg']) {
    expect(readFileSync(path.join(dir, file), 'utf8')).toMatch(/^<svg [^>]*>[\s\S]*<polyline/);
  }
});
