import type { Realtime } from './server.js';

/**
 * A draining node (SIGTERM, docs/operations.md "Draining restarts"): refuse new joins, then wait until the live
 * rooms end or the timeout passes, whichever comes first. The box and a media node alone both
 * drain this way.
 */
export async function drainRooms(realtime: Realtime, timeoutS: number): Promise<'idle' | 'timeout'> {
  realtime.hub?.drain(timeoutS);
  let timer: NodeJS.Timeout | undefined;
  const timedOut = new Promise<'timeout'>((resolve) => {
    timer = setTimeout(() => resolve('timeout'), timeoutS * 1000);
  });
  const idle = (realtime.hub?.whenIdle() ?? Promise.resolve()).then(() => 'idle' as const);
  try {
    return await Promise.race([idle, timedOut]);
  } finally {
    clearTimeout(timer);
  }
}
