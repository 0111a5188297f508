import { statSync } from 'node:fs';
import path from 'node:path';
import Database from 'better-sqlite3';
import { BACKUP_RECORDING_NAME, recordingTrackSchema, type RecordingTrack } from '@riffroom/protocol';
import { z } from 'zod';

/** A track file that goes into the archive, under `name` (recordings/<id>/<file>). */
export interface RecordingFile {
  name: string;
  file: string;
}

export interface RecordingsCopy {
  files: RecordingFile[];
  /** How many recordings the archive holds, and their bytes. */
  recordings: number;
  bytes: number;
  /** What was left out, and why (the command prints them; the manifest keeps them). */
  notes: string[];
}

interface Row {
  recording_id: string;
  status: string;
  tracks: string;
}

const tracksSchema = z.array(recordingTrackSchema);

function sizeOf(file: string): number | null {
  try {
    const found = statSync(file);
    return found.isFile() ? found.size : null;
  } catch {
    return null;
  }
}

/**
 * Makes the recordings in the database copy `copyFile` agree with the files in `recordingsDir` that
 * the archive will hold: a recording still being recorded (or finished off) is left out, row and
 * files, since its files are still being written; a track whose file is gone is struck from its
 * row, and a row left with no file goes. Files no row lists are never copied. With
 * `include: false` every recording is left out (`npm run backup -- --without-recordings`).
 */
export function planRecordingsCopy(copyFile: string, recordingsDir: string, include: boolean): RecordingsCopy {
  const copy: RecordingsCopy = { files: [], recordings: 0, bytes: 0, notes: [] };
  const db = new Database(copyFile);
  try {
    const rows = db.prepare('SELECT recording_id, status, tracks FROM recordings ORDER BY started_at').all() as Row[];
    const remove = db.prepare('DELETE FROM recordings WHERE recording_id = ?');
    const unshare = db.prepare('DELETE FROM recording_shares WHERE recording_id = ?');
    const rewrite = db.prepare('UPDATE recordings SET tracks = ?, size_bytes = ? WHERE recording_id = ?');
    const drop = (id: string) => (unshare.run(id), remove.run(id));
    db.transaction(() => {
      if (!include) {
        for (const row of rows) drop(row.recording_id);
        if (rows.length > 0) copy.notes.push(`Recordings left out (--without-recordings): ${rows.length}.`);
        return;
      }
      for (const row of rows) {
        const id = row.recording_id;
        if (row.status === 'recording') {
          drop(id);
          copy.notes.push(`Recording ${id} skipped: it was still being recorded. Back up again once it has stopped.`);
          continue;
        }
        const listed = tracksSchema.safeParse(JSON.parse(row.tracks)).data ?? [];
        const kept: { track: RecordingTrack; bytes: number; name: string }[] = [];
        for (const track of listed) {
          const name = `recordings/${id}/${track.file}`;
          const bytes = BACKUP_RECORDING_NAME.test(name) ? sizeOf(path.join(recordingsDir, id, track.file)) : null;
          if (bytes !== null && bytes > 0) kept.push({ track: { ...track, bytes }, bytes, name });
        }
        if (kept.length === 0) {
          drop(id);
          copy.notes.push(`Recording ${id} left out: none of its files is on disk.`);
          continue;
        }
        if (kept.length < listed.length) {
          copy.notes.push(`Recording ${id}: ${listed.length - kept.length} track(s) whose file is gone left out.`);
        }
        const size = kept.reduce((sum, entry) => sum + entry.bytes, 0);
        rewrite.run(JSON.stringify(kept.map((entry) => entry.track)), size, id);
        copy.files.push(...kept.map(({ name, track }) => ({ name, file: path.join(recordingsDir, id, track.file) })));
        copy.recordings += 1;
        copy.bytes += size;
      }
    })();
  } finally {
    db.close();
  }
  return copy;
}
