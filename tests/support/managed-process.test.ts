import { existsSync, mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { runToCompletion, startManagedProcess } from './managed-process.js';
import { until } from './until.js';

/** Whether a process of that id still runs (signal 0 only asks). */
function alive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
}

describe('startManagedProcess', () => {
  it('reports a process that exits before it is ready at once, with its output, and removes its scratch dir', async () => {
    const scratchDir = mkdtempSync(path.join(tmpdir(), 'riffroom-managed-'));
    const started = Date.now();
    const failing = startManagedProcess('sh', ['-c', 'echo bad setting: prot >&2; exit 3'], {
      name: 'box',
      scratchDir,
    });
    await expect(failing.waitUntilReady(() => false, { timeoutMs: 20_000, what: 'never' })).rejects.toThrow(
      /box exited early \(3\):\nbad setting: prot/,
    );
    expect(Date.now() - started).toBeLessThan(10_000);
    expect(existsSync(scratchDir)).toBe(false);
  });

  it('kills a process that is not ready in time and says what it waited for', async () => {
    const slow = startManagedProcess('sh', ['-c', 'echo starting; exec sleep 60']);
    await expect(slow.waitUntilReady(() => false, { timeoutMs: 300, what: 'slow ready' })).rejects.toThrow(
      /slow ready not met within 300 ms[\s\S]*starting/,
    );
    expect(slow.running()).toBe(false);
  });

  it('sends the next stop signal when one is ignored, and ends the rest of its process group', async () => {
    const stubborn = startManagedProcess(
      'sh',
      ['-c', "trap '' TERM; sleep 60 & echo child $!; while true; do sleep 0.1; done"],
      { processGroup: true, stopGraceMs: 300 },
    );
    const child = Number(
      (await until(() => /child (\d+)/.exec(stubborn.output())?.[1], { what: 'the child started' })) as string,
    );
    expect(alive(child)).toBe(true);
    await stubborn.stop();
    expect(await stubborn.exited).toBe(null); // SIGKILLed: SIGTERM was ignored
    await until(() => !alive(child), { timeoutMs: 2000, what: 'the group child gone' });
  });
});

describe('runToCompletion', () => {
  it('resolves with the output of a command that succeeds and rejects with it on a failure', async () => {
    expect(await runToCompletion('sh', ['-c', 'echo backed up'])).toBe('backed up\n');
    await expect(
      runToCompletion('sh', ['-c', 'echo no space >&2; exit 2'], { name: 'npm run backup' }),
    ).rejects.toThrow(/npm run backup exited 2:\nno space/);
  });
});
