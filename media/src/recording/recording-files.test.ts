import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { MIX_FILE, RecordingFiles } from './recording-files.js';

const directory = mkdtempSync(path.join(tmpdir(), 'riffroom-recording-files-'));
afterAll(() => rmSync(directory, { recursive: true, force: true }));

describe('a recording’s file names', () => {
  it('never gives out one name twice, nor the mix’s', () => {
    const files = new RecordingFiles(directory);
    expect(files.nextName('program', 'ogg')).toBe('program.ogg');
    expect(files.nextName('program', 'ogg')).toBe('program-2.ogg');
    expect(files.nextName('mix', 'ogg')).not.toBe(MIX_FILE);
  });

  it('takes back the name of a capture that never started, so the next try has it again', async () => {
    const files = new RecordingFiles(directory);
    const first = files.nextName('screen', 'webm');
    await files.releaseIfUnwritten(first);
    expect(files.nextName('screen', 'webm')).toBe('screen.webm');
  });

  it('keeps a name whose file ffmpeg already made: ffmpeg -n would refuse to write over it', async () => {
    const files = new RecordingFiles(directory);
    const first = files.nextName('talker-sam', 'raw.ogg');
    writeFileSync(path.join(directory, first), '');
    await files.releaseIfUnwritten(first);
    expect(files.nextName('talker-sam', 'raw.ogg')).toBe('talker-sam-2.raw.ogg');
  });
});
