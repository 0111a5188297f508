import { existsSync, mkdtempSync, readdirSync, rmSync } from 'node:fs';
import type * as NodeFs from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { loadOrCreateSigningKey } from './signing-key.js';

/** While set, every file write stops halfway through with an error: a crash or a full disk. */
const crash = vi.hoisted(() => ({ midWrite: false }));

vi.mock('node:fs', async (importOriginal) => {
  const fs = await importOriginal<typeof NodeFs>();
  const half = (data: string | NodeJS.ArrayBufferView) => String(data).slice(0, String(data).length / 2);
  return {
    ...fs,
    writeSync: ((fd: number, data: string) => {
      if (!crash.midWrite) return fs.writeSync(fd, data);
      fs.writeSync(fd, half(data));
      throw Object.assign(new Error('ENOSPC: no space left on device'), { code: 'ENOSPC' });
    }) as typeof fs.writeSync,
    writeFileSync: ((file: string, data: string, options?: object) => {
      if (!crash.midWrite) return fs.writeFileSync(file, data, options);
      fs.writeFileSync(file, half(data), options);
      throw Object.assign(new Error('ENOSPC: no space left on device'), { code: 'ENOSPC' });
    }) as typeof fs.writeFileSync,
  };
});

let dir: string;
afterEach(() => {
  crash.midWrite = false;
  rmSync(dir, { recursive: true, force: true });
});

describe('loadOrCreateSigningKey', () => {
  it('never leaves a half-written key behind: the next start makes a whole one', async () => {
    dir = mkdtempSync(path.join(tmpdir(), 'riffroom-key-'));
    const file = path.join(dir, 'identity-signing-key.json');
    crash.midWrite = true;
    await expect(loadOrCreateSigningKey(file)).rejects.toThrow(/ENOSPC/);
    expect(existsSync(file)).toBe(false);

    crash.midWrite = false;
    const key = await loadOrCreateSigningKey(file);
    expect(key.publicJwk.kid).toBe(key.kid);
    expect(readdirSync(dir)).toEqual(['identity-signing-key.json']);
  });
});
