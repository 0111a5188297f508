import { access, chmod, stat } from 'node:fs/promises';
import path from 'node:path';
import type { RecordingTrack } from '@riffroom/protocol';
import type { TimedFile } from './stem-alignment.js';

/** The rough mix's name; no other file gets it. */
export const MIX_FILE = 'mix.ogg';

/**
 * A talker's raw segment (`talker-sam.raw.ogg`): their mic as captured, until Stop aligns the
 * segments into their stem (`talker-sam.ogg`). The extension keeps the two apart whatever the
 * talkers call themselves: a stem's name is made of [a-z0-9-] and never holds a dot.
 */
export const RAW_SEGMENT_EXTENSION = 'raw.ogg';

/**
 * One recording's directory: the names its files get, and each file as the catalog lists it.
 * Names are relative to the directory, so a catalog row stays right after the data moves (a backup
 * restored elsewhere).
 */
export class RecordingFiles {
  /** Every name given out (and the mix's): no two files of a recording share one (issue 34 item 3). */
  private readonly taken = new Set<string>([MIX_FILE]);

  constructor(readonly directory: string) {}

  /**
   * `program.ogg`, then `program-2.ogg` for the host's second share, and so on: the first of these
   * that no other file of the recording has, whatever it is (a copy, a raw segment, a stem).
   */
  nextName(base: string, extension: string): string {
    let n = 1;
    const named = () => (n === 1 ? `${base}.${extension}` : `${base}-${n}.${extension}`);
    while (this.taken.has(named())) n += 1;
    this.taken.add(named());
    return named();
  }

  /**
   * Gives a name back when its capture never started (ffmpeg slow to listen on a busy node), so the
   * next try is `program.ogg` again rather than `program-2.ogg` beside nothing. A name whose file
   * exists stays taken: ffmpeg runs with `-n` and would refuse it.
   */
  async releaseIfUnwritten(name: string): Promise<void> {
    const written = await access(path.join(this.directory, name)).then(
      () => true,
      () => false,
    );
    if (!written) this.taken.delete(name);
  }

  /** The segments whose file exists and holds something, as absolute paths. */
  async existing(files: TimedFile[]): Promise<TimedFile[]> {
    const found: TimedFile[] = [];
    for (const entry of files) {
      const file = path.join(this.directory, entry.file);
      if ((await sizeOf(file)) > 0) found.push({ file, offsetMs: entry.offsetMs });
    }
    return found;
  }

  /** A track for the catalog, with its size now; a file with something in it becomes owner-only. */
  async describe(
    file: string,
    kind: RecordingTrack['kind'],
    label: string,
    userId: string | null,
    offsetMs: number,
  ): Promise<RecordingTrack> {
    const full = path.join(this.directory, path.basename(file));
    const bytes = await sizeOf(full);
    // Owner-only, like everything in DATA_DIR (docs/operations.md "What is in DATA_DIR").
    if (bytes > 0) await chmod(full, 0o600).catch(() => {});
    return { file: path.basename(file), kind, label, userId, offsetMs: Math.max(0, Math.round(offsetMs)), bytes };
  }
}

/** 0 for a file that is not there (a capture that never wrote, or one removed meanwhile). */
function sizeOf(file: string): Promise<number> {
  return stat(file).then(
    (s) => s.size,
    () => 0,
  );
}
