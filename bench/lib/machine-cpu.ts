import { readFileSync } from 'node:fs';
import os from 'node:os';
import { round } from './report.js';

/** The machine's CPU counters at one moment. */
export interface MachineCpuRead {
  at: number;
  /** Summed over every core, ms: time busy and time idle. */
  busyMs: number;
  idleMs: number;
  /** /proc/pressure/cpu "some" total, µs: time at least one runnable task waited for a core (null: no PSI). */
  waitingUs: number | null;
}

/** How loaded the machine was between two reads. */
export interface MachineCpuLoad {
  /** Share of all cores' time spent busy, percent. */
  busyPercent: number;
  /**
   * Share of the wall-clock time in which some runnable task waited for a core, percent (the
   * kernel's CPU pressure; null where the kernel has no PSI). Near 100, every process (Chromium's
   * decoders and the feedback its bandwidth estimate is made from among them) waited its turn.
   */
  waitingPercent: number | null;
}

function cpuPressureUs(): number | null {
  try {
    const some = /^some .*total=(\d+)/m.exec(readFileSync('/proc/pressure/cpu', 'utf8'));
    return some ? Number(some[1]) : null;
  } catch {
    return null;
  }
}

export function readMachineCpu(): MachineCpuRead {
  let busyMs = 0;
  let idleMs = 0;
  for (const { times } of os.cpus()) {
    busyMs += times.user + times.nice + times.sys + times.irq;
    idleMs += times.idle;
  }
  return { at: Date.now(), busyMs, idleMs, waitingUs: cpuPressureUs() };
}

export function machineCpuBetween(before: MachineCpuRead, after: MachineCpuRead): MachineCpuLoad {
  const busy = after.busyMs - before.busyMs;
  const total = busy + (after.idleMs - before.idleMs);
  const wallUs = Math.max(1, (after.at - before.at) * 1000);
  return {
    busyPercent: round((busy / Math.max(1, total)) * 100, 1),
    waitingPercent:
      before.waitingUs === null || after.waitingUs === null
        ? null
        : round(Math.min(100, ((after.waitingUs - before.waitingUs) / wallUs) * 100), 1),
  };
}
