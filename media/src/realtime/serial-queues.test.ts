import { describe, expect, it } from 'vitest';
import { SerialQueues } from './serial-queues.js';

describe('serial queues', () => {
  it('runs one key’s operations one at a time, in order, through failures; other keys run alongside', async () => {
    const queues = new SerialQueues();
    const log: string[] = [];
    const step =
      (name: string, fail = false) =>
      async () => {
        log.push(`${name} start`);
        await new Promise((resolve) => setTimeout(resolve, 5));
        log.push(`${name} end`);
        if (fail) throw new Error(name);
        return name;
      };
    const first = queues.run('socket-1', step('a', true));
    const second = queues.run('socket-1', step('b'));
    const other = queues.run('socket-2', step('c'));
    await expect(first).rejects.toThrow('a');
    expect(await second).toBe('b');
    expect(await other).toBe('c');
    expect(log.indexOf('b start')).toBeGreaterThan(log.indexOf('a end'));
    expect(log.indexOf('c start')).toBeLessThan(log.indexOf('a end'));
    await new Promise((resolve) => setTimeout(resolve, 0));
    expect(queues.size).toBe(0);
  });
});
