import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { healthResponseSchema, readinessResponseSchema } from '@riffroom/protocol';
import { startBox, type Box } from '../support/box.js';
import { startRedisServer, type RedisServer } from '../support/redis-server.js';
import { until } from '../support/until.js';

// The real box with a real redis-server behind its event bus (REDIS_URL), which the test stops and
// brings back on the same port.
let redis: RedisServer;
let box: Box;

beforeAll(async () => {
  redis = await startRedisServer();
  box = await startBox({ REDIS_URL: redis.url });
});
afterAll(async () => {
  await box?.stop();
  await redis?.stop();
});

const readyz = async () => {
  const response = await fetch(`${box.baseUrl}/readyz`);
  return { status: response.status, body: readinessResponseSchema.parse(await response.json()) };
};

describe('/healthz and /readyz on the real box', () => {
  it('/healthz answers the version of package.json and the commit the box runs', async () => {
    const response = await fetch(`${box.baseUrl}/healthz`);
    expect(response.status).toBe(200);
    const body = healthResponseSchema.parse(await response.json());
    const pkg = JSON.parse(readFileSync(new URL('../../package.json', import.meta.url), 'utf8')) as { version: string };
    expect(body.version).toBe(pkg.version);
    expect(body.commit).toBe(execFileSync('git', ['rev-parse', 'HEAD']).toString().trim());
  });

  it('turns 503 naming redis while Redis is down, and 200 again once it is back', async () => {
    expect(await readyz()).toEqual({ status: 200, body: { ok: true, failing: [] } });
    const port = redis.port;
    await redis.stop();
    const down = await until(
      async () => {
        const answer = await readyz();
        return answer.status === 503 ? answer : null;
      },
      { timeoutMs: 15_000, intervalMs: 100, what: '/readyz 503' },
    );
    expect(down.body).toEqual({ ok: false, failing: ['redis'] });
    // Liveness does not depend on Redis: the process still serves.
    expect((await fetch(`${box.baseUrl}/healthz`)).status).toBe(200);

    redis = await startRedisServer({ port });
    await until(async () => (await readyz()).status === 200, {
      timeoutMs: 20_000,
      intervalMs: 100,
      what: '/readyz 200 again',
    });
  });
});
