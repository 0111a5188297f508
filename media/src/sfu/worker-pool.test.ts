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
    const router = await pool.nextSlot().worker.createRouter({
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

/** A port free for both TCP and UDP right now, so the recycle test exercises a fixed WebRTC port. */
async function freeRtcPort(): Promise<number> {
  const { createServer } = await import('node:net');
  const { createSocket } = await import('node:dgram');
  for (;;) {
    const server = createServer();
    const port = await new Promise<number>((resolve) =>
      server.listen(0, '127.0.0.1', () => resolve((server.address() as { port: number }).port)),
    );
    await new Promise((resolve) => server.close(resolve));
    const udp = createSocket('udp4');
    const ok = await new Promise<boolean>((resolve) => {
      udp.once('error', () => resolve(false));
      udp.bind(port, '127.0.0.1', () => resolve(true));
    });
    udp.close();
    if (ok && port >= 1024) return port;
  }
}

describe('worker memory watch', () => {
  it('recycles a worker past the memory limit onto the same WebRTC port', async () => {
    const rtcPort = await freeRtcPort();
    const watched = new WorkerPool(
      loadMediaConfig(process.env, {
        workers: 1,
        rtcPort,
        rtcListenIp: '127.0.0.1',
        // Any transport range that avoids the chosen WebRTC port.
        rtcMinPort: rtcPort > 50100 || rtcPort < 50000 ? 50000 : 51000,
        rtcMaxPort: rtcPort > 50100 || rtcPort < 50000 ? 50100 : 51100,
        workerMaxRssMb: 1,
      }),
      pino({ level: 'silent' }),
    );
    await watched.start();
    try {
      const before = watched.all()[0]!.pid;
      const replaced = new Promise<{ pid: number; reason: string }>((resolve) =>
        watched.once('worker-replaced', resolve),
      );
      expect(await watched.checkMemory()).toEqual([0]);
      const event = await replaced;
      expect(event.reason).toBe('worker-recycled');
      expect(event.pid).not.toBe(before);
      expect(watched.ready).toBe(true);
      const router = await watched.nextSlot().worker.createRouter({ mediaCodecs: [] });
      const transport = await router.createWebRtcTransport({
        webRtcServer: watched.nextSlot().webRtcServer,
        enableUdp: true,
        enableTcp: true,
      });
      expect(transport.iceCandidates.map((c) => c.port)).toEqual([rtcPort, rtcPort]);
    } finally {
      await watched.close();
    }
  });
});

describe('WebRTC socket buffers', () => {
  it('gives the WebRtcServer UDP socket the configured send and receive buffers', async () => {
    const bytes = 1024 * 1024;
    const sized = new WorkerPool(
      loadMediaConfig(process.env, { workers: 1, rtcPort: 0, rtcListenIp: '127.0.0.1', rtcSocketBufferBytes: bytes }),
      pino({ level: 'silent' }),
    );
    await sized.start();
    try {
      const dump = await sized.slot(0)!.webRtcServer.dump();
      const port = dump.udpSockets[0]!.port;
      // What the kernel holds for that socket, as an operator would check it: `ss -m` prints
      // skmem:(…,rbRECV,…,tbSEND,…). Linux doubles a requested size to leave room for its own
      // bookkeeping, so the request took effect when both reach the requested bytes.
      const { execFileSync } = await import('node:child_process');
      const line = execFileSync('ss', ['-u', '-a', '-n', '-m', `sport = :${port}`], { encoding: 'utf8' });
      const recv = Number(/rb(\d+)/.exec(line)?.[1]);
      const send = Number(/tb(\d+)/.exec(line)?.[1]);
      expect(recv).toBeGreaterThanOrEqual(bytes);
      expect(send).toBeGreaterThanOrEqual(bytes);
    } finally {
      await sized.close();
    }
  });
});
