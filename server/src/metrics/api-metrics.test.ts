import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { Registry } from 'prom-client';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createApi, type Api } from '../api.js';
import { loadApiConfig } from '../config/load.js';
import { createLogger } from '../logger.js';

let registry: Registry;
let api: Api;
let server: http.Server;
let baseUrl: string;
let dataDir: string;

beforeAll(async () => {
  dataDir = mkdtempSync(path.join(tmpdir(), 'riffroom-metrics-'));
  registry = new Registry();
  const config = loadApiConfig({}, { dataDir, logLevel: 'silent', rateLimits: { userListPerAddress: '2/1m' } });
  api = await createApi(config, createLogger('silent'), { metrics: registry });
  server = http.createServer(api.callback);
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  baseUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});
afterAll(async () => {
  server.closeAllConnections();
  await new Promise<void>((resolve) => server.close(() => resolve()));
  await api.close();
  rmSync(dataDir, { recursive: true, force: true });
});

/** The samples of one metric, as prom-client reports them (a histogram's name each sample's metricName). */
async function samples(name: string) {
  const metric = registry.getSingleMetric(name);
  if (!metric) throw new Error(`no metric ${name}`);
  return (await metric.get()).values as { metricName?: string; labels: object; value: number }[];
}

describe('API metrics', () => {
  it('times requests by route pattern and status, never by the raw URL', async () => {
    expect((await fetch(`${baseUrl}/api/rooms/some-room-id`)).status).toBe(404);
    expect((await fetch(`${baseUrl}/no/such/path`)).status).toBe(404);
    const counts = (await samples('riffroom_http_request_duration_seconds')).filter((sample) =>
      String(sample.metricName).endsWith('_count'),
    );
    expect(counts.map((sample) => sample.labels)).toEqual(
      expect.arrayContaining([
        { method: 'GET', route: '/api/rooms/:roomId', status: 404 },
        { method: 'GET', route: 'unmatched', status: 404 },
      ]),
    );
    expect(JSON.stringify(counts)).not.toContain('some-room-id');
  });

  it('times database queries', async () => {
    const before = (await samples('riffroom_db_query_duration_seconds')).find(
      (sample) => sample.metricName === 'riffroom_db_query_duration_seconds_count',
    );
    await fetch(`${baseUrl}/api/rooms/another-room`);
    const after = (await samples('riffroom_db_query_duration_seconds')).find(
      (sample) => sample.metricName === 'riffroom_db_query_duration_seconds_count',
    );
    expect(after?.labels).toEqual({ outcome: 'ok' });
    expect(after!.value).toBeGreaterThan(before?.value ?? 0);
  });

  it('counts refusals by the limit that refused', async () => {
    const statuses: number[] = [];
    for (let i = 0; i < 3; i += 1) statuses.push((await fetch(`${baseUrl}/user/users`)).status);
    expect(statuses).toEqual([200, 200, 429]);
    expect(await samples('riffroom_api_rate_limit_refusals_total')).toEqual([
      expect.objectContaining({ labels: { limit: 'userListPerAddress' }, value: 1 }),
    ]);
  });
});
