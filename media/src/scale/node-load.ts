import type { RoomHub } from '../realtime/room-hub.js';
import type { WorkerPool } from '../sfu/worker-pool.js';
import type { NodeLoad } from './node-heartbeat.js';

/**
 * Measures a media node for its heartbeat: live workers, consumers per room, and the CPU the node
 * used since the last measure: its own Node process plus every mediasoup worker, in cores.
 */
export function nodeLoadMeter(workers: WorkerPool, hub: RoomHub | null): () => Promise<NodeLoad> {
  let last = { at: performance.now(), cpuMs: 0 };
  let first = true;
  return async () => {
    const rooms = new Map<string, number>();
    for (const room of hub?.media.allLoaded() ?? []) rooms.set(room.roomId, room.mediaCounts().consumers);
    const cpuMs = (await workersCpuMs(workers)) + processCpuMs();
    const at = performance.now();
    // Workers replaced since the last beat restart their totals: never report a negative load.
    const cpu = first ? 0 : Math.max(0, cpuMs - last.cpuMs) / Math.max(1, at - last.at);
    first = false;
    last = { at, cpuMs };
    return { workers: workers.liveCount, rooms, cpu };
  };
}

function processCpuMs(): number {
  const usage = process.cpuUsage();
  return (usage.user + usage.system) / 1000;
}

async function workersCpuMs(pool: WorkerPool): Promise<number> {
  const usages = await Promise.all(
    pool
      .all()
      .filter((worker) => !worker.closed)
      .map((worker) => worker.getResourceUsage().catch(() => null)),
  );
  return usages.reduce((sum, usage) => sum + (usage ? usage.ru_utime + usage.ru_stime : 0), 0);
}
