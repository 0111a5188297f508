import { readFileSync } from 'node:fs';
import path from 'node:path';
import { expect, it } from 'vitest';
import { runSmokeBench } from './run-bench.js';

// The SFU fan-out benchmark with 3 viewers for a few seconds: it must keep producing figures. It
// asserts what the figures must be for any machine, never how fast.
it(
  'measures SFU fan-out on 1 and 2 workers, RTP and SRTP, beside the peer-to-peer host',
  { timeout: 180_000 },
  async () => {
    const { json, dir, stdout } = await runSmokeBench('sfu-fanout');

    expect(stdout).toContain('viewers>=90%');
    expect(json.rows.map((row: any) => [row.tier, row.variant, row.srtp])).toEqual([
      ['sfu-1-worker', '3.19.3', false],
      ['sfu-2-workers', '3.19.3', false],
      ['sfu-1-worker', '3.19.3', true],
      ['sfu-2-workers', '3.19.3', true],
      ['p2p', '', false],
    ]);
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
    const [oneWorker, twoWorkers, srtpOneWorker, , p2p] = json.rows;
    // SRTP viewers receive as many packets as plain ones; each packet carries a 10-byte auth tag.
    expect(srtpOneWorker.packetsDelivered).toBeGreaterThan(0);
    // Both workers did work when the viewers were split across a pipe.
    expect(twoWorkers.perWorkerCpuPct).toHaveLength(2);
    expect(oneWorker.perWorkerCpuPct).toHaveLength(1);
    // The P2P host uploads a copy per viewer; through the SFU it uploads one.
    expect(p2p.hostUploadMbps / oneWorker.hostUploadMbps).toBeGreaterThan(1.5);
    expect([0, 3]).toContain(json.summary.capacities['3.19.3 sfu-1-worker'].viewers);
    for (const file of ['sfu-fanout.svg', 'sfu-fanout-delivery.svg']) {
      expect(readFileSync(path.join(dir, file), 'utf8')).toMatch(/^<svg [^>]*>[\s\S]*<polyline/);
    }
  },
);
