import { afterAll, beforeAll } from 'vitest';
import { pino } from 'pino';
import type { ScreenLayerMode } from '@riffroom/protocol';
import { loadMediaConfig } from '../../media/src/config.js';
import { SfuRooms } from '../../media/src/sfu/sfu-rooms.js';
import { WorkerPool } from '../../media/src/sfu/worker-pool.js';

/**
 * SfuRooms on real mediasoup workers for one test file: started before its tests, closed after.
 * WebRTC ports are picked free on loopback, so files running in parallel do not collide.
 */
export function sfuTestRooms(options: { workers: number; screenLayers: ScreenLayerMode }) {
  const pool = new WorkerPool(
    loadMediaConfig(process.env, { workers: options.workers, rtcPort: 0, rtcListenIp: '127.0.0.1' }),
    pino({ level: 'silent' }),
  );
  let rooms: SfuRooms | undefined;
  beforeAll(async () => {
    await pool.start();
    const roomOptions = { keyFrameRequestDelayMs: 1000, screenLayers: options.screenLayers };
    rooms = new SfuRooms(pool, roomOptions, pino({ level: 'silent' }));
  });
  afterAll(async () => {
    await rooms?.closeAll();
    await pool.close();
  });
  return {
    pool,
    /** The file's rooms, once its beforeAll has run. */
    rooms: () => rooms!,
  };
}
