import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { pino } from 'pino';
import { loadMediaConfig } from '../config.js';
import { until } from '../../../tests/support/until.js';
import { WorkerPool } from './worker-pool.js';

// A real mediasoup worker, built from source by scripts/setup.mjs; nothing here is mocked.
const pool = new WorkerPool(
  loadMediaConfig(process.env, { workers: 2, rtcPort: 0, rtcListenIp: '127.0.0.1' }),
  pino({ level: 'silent' }),
);

beforeAll(async () => {
  await pool.start();
});
afterAll(async () => {
  await pool.close();
});

describe('mediasoup worker pool', () => {
  it('starts the configured number of workers and creates a router with stereo Opus and VP8', async () => {
    expect(pool.ready).toBe(true);
    expect(pool.size).toBe(2);
    const router = await pool.next().createRouter({
      mediaCodecs: [
        { kind: 'audio', mimeType: 'audio/opus', clockRate: 48000, channels: 2 },
        { kind: 'video', mimeType: 'video/VP8', clockRate: 90000 },
      ],
    });
    const mimeTypes = router.rtpCapabilities.codecs?.map((codec) => codec.mimeType) ?? [];
    expect(mimeTypes).toEqual(expect.arrayContaining(['audio/opus', 'video/VP8']));
    router.close();
    expect(router.closed).toBe(true);
  });

  it('replaces a worker that dies, keeping the pool ready', async () => {
    const victim = pool.all()[0]!;
    const replaced = new Promise<{ pid: number }>((resolve) => pool.once('worker-replaced', resolve));
    process.kill(victim.pid, 'SIGKILL');
    const { pid } = await replaced;
    expect(pid).not.toBe(victim.pid);
    await until(() => pool.ready, { what: 'pool ready again' });
    const router = await pool.all()[0]!.createRouter({ mediaCodecs: [] });
    expect(router.closed).toBe(false);
    router.close();
  });
});
