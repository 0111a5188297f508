import { execFile } from 'node:child_process';
import { readdir, stat } from 'node:fs/promises';
import path from 'node:path';
import { promisify } from 'node:util';
import {
  describeFoundTrack,
  RECORDING_CRASHED_MESSAGE,
  trackFileSchema,
  type OrphanedRecording,
  type RecordingTrack,
} from '@riffroom/protocol';
import type { RecorderSettings } from './room-recording.js';

const run = promisify(execFile);
const PROBE_TIMEOUT_MS = 10_000;

/** ffprobe beside FFMPEG_BIN (Debian's ffmpeg package ships both), or on the PATH. */
function ffprobeBin(ffmpegBin: string): string {
  return ffmpegBin.includes('/') ? path.join(path.dirname(ffmpegBin), 'ffprobe') : 'ffprobe';
}

/**
 * How long a file plays, from its container (ms), or null when ffprobe cannot tell cheaply: a
 * killed ffmpeg leaves Ogg's last page granule (cheap) but no duration in a WebM's header.
 */
export async function probeDurationMs(ffmpegBin: string, file: string): Promise<number | null> {
  try {
    const { stdout } = await run(
      ffprobeBin(ffmpegBin),
      ['-v', 'error', '-show_entries', 'format=duration', '-of', 'default=nw=1:nk=1', file],
      { timeout: PROBE_TIMEOUT_MS },
    );
    const seconds = Number(stdout.trim());
    return Number.isFinite(seconds) && seconds > 0 ? Math.round(seconds * 1000) : null;
  } catch {
    return null;
  }
}

/**
 * One recording a crash left 'recording': every non-empty track file in its directory, with what
 * its last report said of it (label, talker, offset), its size and, where cheap, its duration.
 * The raw talker segments stay as they are: the stems were never aligned.
 */
export async function tracksOnDisk(
  settings: Pick<RecorderSettings, 'dir' | 'ffmpegBin'>,
  recording: OrphanedRecording,
): Promise<{ tracks: RecordingTrack[]; lastWriteMs: number | null }> {
  const dir = path.join(settings.dir, recording.id);
  const names = await readdir(dir).catch(() => [] as string[]);
  const tracks: RecordingTrack[] = [];
  let lastWriteMs: number | null = null;
  for (const file of names.sort()) {
    if (!trackFileSchema.safeParse(file).success) continue;
    const found = await stat(path.join(dir, file)).catch(() => null);
    if (!found?.isFile() || found.size === 0) continue;
    lastWriteMs = Math.max(lastWriteMs ?? 0, found.mtimeMs);
    tracks.push({
      file,
      ...describeFoundTrack(file, recording.tracks),
      bytes: found.size,
      durationMs: await probeDurationMs(settings.ffmpegBin, path.join(dir, file)),
    });
  }
  return { tracks, lastWriteMs };
}

/**
 * At a node's start, before it records anything: the recordings it (or, on a single box, any
 * node) left 'recording' when it died are marked interrupted with what is on disk, or failed when
 * nothing is. Returns how many it marked.
 */
export async function recoverInterruptedRecordings(settings: RecorderSettings): Promise<number> {
  const orphans = await settings.catalog.orphaned(settings.nodeId);
  for (const recording of orphans) {
    const { tracks, lastWriteMs } = await tracksOnDisk(settings, recording);
    const startedMs = Date.parse(recording.startedAt);
    // The last write is when the crash came, near enough (Ogg pages of 200 ms, WebM clusters of 1 s).
    const endedMs = Math.max(lastWriteMs ?? startedMs, startedMs + recording.durationMs);
    await settings.catalog.updated(recording.id, {
      status: tracks.length > 0 ? 'interrupted' : 'failed',
      endedAt: new Date(endedMs).toISOString(),
      durationMs: Math.round(endedMs - startedMs),
      tracks,
      message: RECORDING_CRASHED_MESSAGE,
    });
    settings.logger.warn(
      { recordingId: recording.id, tracks: tracks.length },
      'a recording left running by a crash is marked interrupted',
    );
  }
  return orphans.length;
}
