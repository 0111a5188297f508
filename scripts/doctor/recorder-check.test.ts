import { chmodSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { checkRecorder } from './recorder-check.js';

const dir = mkdtempSync(path.join(tmpdir(), 'riffroom-doctor-ffmpeg-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

describe('the doctor’s recorder check', () => {
  it('passes for the installed ffmpeg, naming its version', async () => {
    const result = await checkRecorder('ffmpeg');
    expect(result.status).toBe('ok');
    expect(result.detail).toMatch(/^ffmpeg version /);
  });

  it('fails for a missing file and for a program that is not ffmpeg, saying Record is refused', async () => {
    const missing = await checkRecorder(path.join(dir, 'nothing-here'));
    expect(missing).toMatchObject({ status: 'fail', detail: expect.stringContaining('was not found') });
    expect(missing.fix).toContain('FFMPEG_BIN');
    const impostor = path.join(dir, 'impostor');
    writeFileSync(impostor, '#!/bin/sh\necho hello\n');
    chmodSync(impostor, 0o755);
    expect(await checkRecorder(impostor)).toMatchObject({
      status: 'fail',
      detail: expect.stringContaining('Record is refused'),
    });
    const broken = path.join(dir, 'broken');
    writeFileSync(broken, '#!/bin/sh\necho "error while loading shared libraries" >&2\nexit 127\n');
    chmodSync(broken, 0o755);
    expect((await checkRecorder(broken)).detail).toContain('shared libraries');
  });
});
