import { spawn, type ChildProcess, type SpawnOptions } from 'node:child_process';
import { rmSync } from 'node:fs';

/** A server a test starts: its output kept for failure messages, stopped with its scratch dir. */
export interface ManagedProcess {
  child: ChildProcess;
  output(): string;
  /** SIGTERM, wait for the exit, then remove `scratchDir`. */
  stop(): Promise<void>;
}

export function startManagedProcess(
  command: string,
  args: string[],
  scratchDir: string,
  options: SpawnOptions = {},
): ManagedProcess {
  let output = '';
  const child = spawn(command, args, { ...options, stdio: ['ignore', 'pipe', 'pipe'] });
  child.stdout?.on('data', (chunk: Buffer) => (output += chunk.toString()));
  child.stderr?.on('data', (chunk: Buffer) => (output += chunk.toString()));
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  return {
    child,
    output: () => output,
    async stop() {
      if (child.exitCode === null) child.kill('SIGTERM');
      await exited;
      rmSync(scratchDir, { recursive: true, force: true });
    },
  };
}
