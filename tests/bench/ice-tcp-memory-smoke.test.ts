import { expect, it } from 'vitest';
import { runSmokeBench } from './run-bench.js';

// The ICE-TCP memory benchmark on 3.19.3 for 20 cycles: it must keep producing figures.
it('measures worker memory around ICE-TCP cycles, clients leaving and vanishing', { timeout: 120_000 }, async () => {
  const { json, stdout } = await runSmokeBench('ice-tcp-memory');

  expect(stdout).toContain('RSS before MB');
  expect(json.rows.map((row: any) => [row.mediasoup, row.ending])).toEqual([
    ['3.19.3', 'client leaves'],
    ['3.19.3', 'client vanishes'],
  ]);
  for (const row of json.rows) {
    expect(row.cycles).toBe(20);
    expect(row.beforeMb).toBeGreaterThan(1);
    expect(row.afterMb).toBeGreaterThan(1);
    expect(row.msPerCycle).toBeGreaterThan(0);
  }
  // The worker closed every vanished client's connection along with its transport.
  expect(json.rows[1].closedByServer).toBe(20);
});
