import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { runApiMessagesBench, SMOKE } from '../../bench/api-messages/run.js';

// Keeps the API benchmark working: the same code on a tiny database. It checks that every figure
// is produced, never how fast anything is (speed belongs to `npm run bench:api`).
const outDir = mkdtempSync(path.join(tmpdir(), 'riffroom-bench-smoke-'));
afterAll(() => rmSync(outDir, { recursive: true, force: true }));

describe('api-messages benchmark (smoke)', () => {
  it('measures every endpoint at the API and at the SQL floor, and writes its JSON and chart', async () => {
    const { report, table } = await runApiMessagesBench(SMOKE, { smoke: true, outDir });

    const endpoints = ['unread counts', 'conversation list', 'conversation page', 'message send'];
    // The heaviest user has more than a page of conversations; the median user has one page.
    const heaviest = [...endpoints.slice(0, 2), 'conversation list page 2', ...endpoints.slice(2)];
    expect(report.scenarios.map((s) => s.name)).toEqual([
      ...heaviest.map((e) => `${e} (heaviest user)`),
      ...endpoints.map((e) => `${e} (median user)`),
    ]);
    const page2 = report.scenarios.find((s) => s.name === 'conversation list page 2 (heaviest user)')!;
    expect(page2.request).toBe('GET /api/messages/conversations/list?before={nextBefore}');
    for (const scenario of report.scenarios) {
      expect(scenario.api.latency.samples).toBe(SMOKE.latencyRequests);
      expect(scenario.api.latency.p99).toBeGreaterThan(0);
      // Each timed request, measured again inside the API's process.
      expect(scenario.api.serverLatency.samples).toBe(SMOKE.latencyRequests);
      expect(scenario.api.serverLatency.p99).toBeGreaterThan(0);
      expect(scenario.api.throughput.requests).toBeGreaterThan(0);
      expect(scenario.api.failures).toBe(0);
      expect(scenario.api.cpuMsPerRequest).toBeGreaterThan(0);
      expect(scenario.floor.cpuMs).toBeGreaterThanOrEqual(0);
      expect(scenario.floor.samples).toBe(SMOKE.latencyRequests);
      expect(scenario.queries.length).toBeGreaterThan(0);
      expect(scenario.plans).toHaveLength(scenario.queries.length);
    }
    expect(report.httpFloor.latency.samples).toBe(SMOKE.latencyRequests);
    expect(report.httpFloor.serverLatency.samples).toBe(SMOKE.latencyRequests);
    expect(report.httpFloor.throughput.requests).toBeGreaterThan(0);
    expect(report.httpFloor.failures).toBe(0);
    expect(report.dataset.conversationsBackfillSeconds).toBeGreaterThan(0);
    expect(report.dataset.callers.heaviest!.sent).toBeGreaterThan(report.dataset.callers.median!.sent);
    expect(table.split('\n')).toHaveLength(2 + report.scenarios.length);

    const written = JSON.parse(readFileSync(path.join(outDir, 'api-messages.json'), 'utf8'));
    expect(written.scenarios).toHaveLength(report.scenarios.length);
    expect(readFileSync(path.join(outDir, 'api-messages.svg'), 'utf8')).toContain('<svg');
    expect(existsSync(path.join(outDir, 'api-messages.svg'))).toBe(true);
  });
});
