import { readdirSync, readFileSync } from 'node:fs';

const TICKS_PER_SECOND = 100; // USER_HZ on Linux (getconf CLK_TCK).
const PAGE_BYTES = 4096; // getconf PAGESIZE on x86-64.

function stat(pid: number): { ppid: number; cpuMs: number } | null {
  try {
    const text = readFileSync(`/proc/${pid}/stat`, 'utf8');
    // Fields after the parenthesised command name: state ppid ... utime(14) stime(15).
    const fields = text.slice(text.lastIndexOf(')') + 2).split(' ');
    const ticks = Number(fields[11]) + Number(fields[12]);
    return { ppid: Number(fields[1]), cpuMs: (ticks * 1000) / TICKS_PER_SECOND };
  } catch {
    return null; // The process exited between listing and reading.
  }
}

/** A process and all its descendants, each with its CPU time so far, from /proc. */
function processTree(rootPid: number): Map<number, number> {
  const parents = new Map<number, number>();
  const cpu = new Map<number, number>();
  for (const entry of readdirSync('/proc')) {
    const pid = Number(entry);
    if (!Number.isInteger(pid)) continue;
    const info = stat(pid);
    if (!info) continue;
    parents.set(pid, info.ppid);
    cpu.set(pid, info.cpuMs);
  }
  const inTree = (pid: number): boolean => {
    for (let at: number | undefined = pid; at !== undefined && at > 1; at = parents.get(at)) {
      if (at === rootPid) return true;
    }
    return false;
  };
  return new Map([...cpu].filter(([pid]) => inTree(pid)));
}

/**
 * CPU time (user + system, ms) used so far by a process and all its descendants, from /proc: the
 * box runs as tsx's launcher with the server in a child node process and the mediasoup worker below.
 */
export function treeCpuMs(rootPid: number): number {
  let total = 0;
  for (const ms of processTree(rootPid).values()) total += ms;
  return total;
}

/** Resident memory (bytes) of a process and all its descendants now, from /proc/<pid>/statm. */
export function treeRssBytes(rootPid: number): number {
  let total = 0;
  for (const pid of processTree(rootPid).keys()) {
    try {
      total += Number(readFileSync(`/proc/${pid}/statm`, 'utf8').split(' ')[1]) * PAGE_BYTES;
    } catch {
      // Exited since the listing.
    }
  }
  return total;
}

/**
 * Time (ms) the main thread of each process in the tree has spent runnable but waiting for a CPU,
 * from /proc/<pid>/schedstat: on a shared 2-core machine, tells a box starved of CPU by other work
 * from a box busy (or blocked) on its own.
 */
export function treeRunQueueWaitMs(rootPid: number): number {
  let total = 0;
  for (const pid of processTree(rootPid).keys()) {
    try {
      total += Number(readFileSync(`/proc/${pid}/schedstat`, 'utf8').split(' ')[1]) / 1e6;
    } catch {
      // Exited since the listing.
    }
  }
  return total;
}
