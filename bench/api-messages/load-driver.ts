/** The driver's side of the load client (load-client.ts): start it, and ask it for one phase. */
import { fork, type ChildProcess } from 'node:child_process';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { BOX_NODE_FLAGS } from '../../scripts/box/node-flags.js';
import type { LatencyResult, LoadCommand, LoadRequest, ThroughputResult } from './load-client.js';

const here = path.dirname(fileURLToPath(import.meta.url));
const repoRoot = path.resolve(here, '..', '..');

export function startLoadClient(): ChildProcess {
  return fork(path.join(here, 'load-client.ts'), [], {
    cwd: repoRoot,
    // The client's own young-generation pauses would land in the timings too: it gets the box's
    // larger semi-space, so that the tail measured is the API's.
    execArgv: [...BOX_NODE_FLAGS, '--import', 'tsx'],
    stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
  });
}

export function load(child: ChildProcess, command: { phase: 'latency'; request: LoadRequest }): Promise<LatencyResult>;
export function load(
  child: ChildProcess,
  command: { phase: 'throughput'; request: LoadRequest },
): Promise<ThroughputResult>;
export function load(child: ChildProcess, command: LoadCommand): Promise<LatencyResult | ThroughputResult> {
  return new Promise((resolve, reject) => {
    const onExit = (code: number | null) => reject(new Error(`load client exited with ${code}`));
    child.once('exit', onExit);
    type Reply = { ok: true; result: LatencyResult | ThroughputResult } | { ok: false; message: string };
    child.once('message', (reply: Reply) => {
      child.off('exit', onExit);
      if (reply.ok) resolve(reply.result);
      else reject(new Error(`load client failed: ${reply.message}`));
    });
    child.send(command);
  });
}
