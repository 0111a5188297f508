import { readdirSync, readFileSync } from 'node:fs';

/**
 * The spawned box's server process (tests/support/box.ts): tsx's launcher runs the server in a
 * child node process, with the mediasoup worker (and esbuild) beside or below it.
 */
export function boxServerPid(launcherPid: number): number {
  for (const entry of readdirSync('/proc')) {
    const pid = Number(entry);
    if (!Number.isInteger(pid)) continue;
    try {
      const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
      const ppid = Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[1]);
      const comm = readFileSync(`/proc/${pid}/comm`, 'utf8').trim();
      if (ppid === launcherPid && comm === 'node') return pid;
    } catch {
      // The process exited between listing and reading.
    }
  }
  throw new Error(`no node child of the box launcher ${launcherPid}`);
}

/** A process's resident memory now, in MB (VmRSS). */
export function rssMb(pid: number): number {
  const match = /^VmRSS:\s+(\d+) kB/m.exec(readFileSync(`/proc/${pid}/status`, 'utf8'));
  if (!match) throw new Error(`no VmRSS for ${pid}`);
  return Number(match[1]) / 1024;
}
