import { chmod, stat } from 'node:fs/promises';
import path from 'node:path';
import type { RecordingTrack } from '@riffroom/protocol';
import type { TimedFile } from './stem-alignment.js';

/**
 * One recording's directory: the names its files get, and each file as the catalog lists it.
 * Names are relative to the directory, so a catalog row stays right after the data moves (a backup
 * restored elsewhere).
 */
export class RecordingFiles {
  private counters = new Map<string, number>();

  constructor(readonly directory: string) {}

  /** `program.ogg`, then `program-2.ogg` for the host's second share, and so on. */
  nextName(base: string, extension: string): string {
    const n = (this.counters.get(base) ?? 0) + 1;
    this.counters.set(base, n);
    return n === 1 ? `${base}.${extension}` : `${base}-${n}.${extension}`;
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
    // Owner-only, like everything in DATA_DIR (README "What is in DATA_DIR").
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
