import { afterEach, describe, expect, it } from 'vitest';
import { pino } from 'pino';
import { loadMediaConfig } from '../../media/src/config.js';
import { WorkerPool } from '../../media/src/sfu/worker-pool.js';
import { closeIceTcp, connectIceTcp } from '../support/ice-tcp-client.js';
import { iceTcpCycles, residentMb } from '../support/ice-tcp-cycles.js';
import { until } from '../support/until.js';

// The two mediasoup 3.12 worker bugs the SFU worked around until issue 22, each against the real
// 3.19 worker the media node runs (built by scripts/build-mediasoup-worker.sh, patch included).

/** Worker RSS may grow by at most this much over the measured cycles (3.12.16: about 10 MB). */
const RSS_GROWTH_LIMIT_MB = 4;
const WARM_UP_CYCLES = 50;
const MEASURED_CYCLES = 500;

let pool: WorkerPool | null = null;
afterEach(async () => {
  await pool?.close();
  pool = null;
});

async function oneWorker() {
  pool = new WorkerPool(
    loadMediaConfig(process.env, { workers: 1, rtcPort: 0, rtcListenIp: '127.0.0.1' }),
    pino({ level: 'silent' }),
  );
  await pool.start();
  const slot = pool.nextSlot();
  const router = await slot.worker.createRouter({ mediaCodecs: [] });
  return { ...slot, router };
}

describe('mediasoup worker bugs fixed by 3.19', () => {
  it('closing a WebRtcServer with live, ICE-connected transports closes them and the worker lives on', async () => {
    const { worker, webRtcServer, router } = await oneWorker();
    const transports = await Promise.all(
      [1, 2, 3].map(() => router.createWebRtcTransport({ webRtcServer, enableUdp: true, enableTcp: true })),
    );
    const tcp = transports[0]!.iceCandidates.find((candidate) => candidate.protocol === 'tcp')!;
    const socket = await connectIceTcp({ host: tcp.address, port: tcp.port, ...transports[0]!.iceParameters });
    await until(() => transports[0]!.iceState === 'connected' || transports[0]!.iceState === 'completed', {
      what: 'ICE-TCP connected',
    });
    let died = false;
    worker.on('died', () => (died = true));

    webRtcServer.close();

    await until(() => transports.every((transport) => transport.closed), { what: 'transports closed with the server' });
    // A crashed worker (3.12.16: SIGILL here) answers no request and emits 'died'.
    const dump = await worker.dump();
    expect(dump.webRtcServerIds).toEqual([]);
    expect(died).toBe(false);
    const again = await worker.createWebRtcServer({ listenInfos: [{ protocol: 'udp', ip: '127.0.0.1', port: 0 }] });
    expect(again.closed).toBe(false);
    await closeIceTcp(socket);
  });

  it(`${MEASURED_CYCLES} ICE-TCP connect/disconnect cycles keep the worker's memory flat`, async () => {
    const { worker, webRtcServer, router } = await oneWorker();
    // Allocators and mediasoup's own pools settle during the warm-up.
    await (await iceTcpCycles(router, webRtcServer, WARM_UP_CYCLES)).release();
    const before = residentMb(worker.pid);
    // Half the clients leave cleanly; the other half vanish and their transports are closed
    // under their open connections, where 3.12.16 leaked about 40 KB a cycle (bench/ice-tcp-memory).
    await (await iceTcpCycles(router, webRtcServer, MEASURED_CYCLES / 2)).release();
    const vanished = await iceTcpCycles(router, webRtcServer, MEASURED_CYCLES / 2, { clientVanishes: true });
    await until(() => vanished.closedByServer() === MEASURED_CYCLES / 2, {
      what: 'the worker closing every vanished client connection',
    });
    const after = residentMb(worker.pid);
    await vanished.release();
    expect((await worker.dump()).webRtcServerIds).toEqual([webRtcServer.id]);
    expect(after - before, `RSS ${before.toFixed(1)} MB -> ${after.toFixed(1)} MB`).toBeLessThan(RSS_GROWTH_LIMIT_MB);
  }, 120_000);
});
