import { readdir, stat } from 'node:fs/promises';
import path from 'node:path';
import {
  describeFoundTrack,
  RECORDING_CRASHED_MESSAGE,
  trackFileSchema,
  type RecordingTrack,
} from '@riffroom/protocol';
import type { Logger } from '../logger.js';
import type { RecordingRecord, RecordingsRepository } from '../repositories/recordings.js';

/** The recordings column holds at most this much of a message. */
const MESSAGE_MAX = 500;

/**
 * Why a recording whose media node never came back is interrupted: the crash message every
 * interrupted-by-a-crash recording carries, that its node did not return, and which of the tracks
 * it reported could not be found here (they are on that node's own disk, which this API cannot see).
 */
export function lostNodeMessage(nodeId: string, missing: readonly RecordingTrack[]): string {
  const gone = `${RECORDING_CRASHED_MESSAGE} Its media server (${nodeId}) did not come back`;
  if (missing.length === 0) return `${gone}.`;
  const count = missing.length === 1 ? 'one track' : `${missing.length} tracks`;
  const text = `${gone}; ${count} it recorded could not be found here and may still be on that server's disk: ${missing
    .map((track) => track.label)
    .join(', ')}.`;
  return text.length <= MESSAGE_MAX ? text : `${text.slice(0, MESSAGE_MAX - 1)}…`;
}

/**
 * What this API can see of a recording in its own DATA_DIR/recordings (shared with the media nodes
 * when they run on one volume): every non-empty track file, described as the row's last report
 * said; the reported tracks with no file here at all; and when a file was last written.
 */
export async function tracksSeenHere(
  dir: string,
  record: RecordingRecord,
): Promise<{ tracks: RecordingTrack[]; missing: RecordingTrack[]; lastWriteMs: number | null }> {
  const names = await readdir(path.join(dir, record.id)).catch(() => [] as string[]);
  const tracks: RecordingTrack[] = [];
  const present = new Set<string>();
  let lastWriteMs: number | null = null;
  for (const file of names.sort()) {
    if (!trackFileSchema.safeParse(file).success) continue;
    const found = await stat(path.join(dir, record.id, file)).catch(() => null);
    if (!found?.isFile()) continue;
    present.add(file);
    if (found.size === 0) continue;
    lastWriteMs = Math.max(lastWriteMs ?? 0, found.mtimeMs);
    // No duration: the API has no ffprobe of its own to read one with.
    tracks.push({ file, ...describeFoundTrack(file, record.tracks), bytes: found.size, durationMs: null });
  }
  const missing = record.tracks.filter((track) => !present.has(track.file));
  return { tracks, missing, lastWriteMs };
}

export interface LostNodeSweepOptions {
  /** RECORDING_NODE_GRACE_S in ms: how long a node may be gone before its rows are swept. */
  graceMs: number;
  /** When each node the registry remembers last beat (NodeRegistry.lastBeats). */
  lastBeats: () => Promise<ReadonlyMap<string, number>>;
  now?: () => number;
}

/**
 * Scaled out, a media node that dies marks its recordings interrupted when it starts again
 * (media's crash-recovery.ts). One that never starts again (a replaced machine, a retired
 * NODE_ID) would leave them 'recording' for ever, so the API, which owns the rows and reads the
 * node registry for placement anyway, sweeps them: a row whose node has not beaten for the grace
 * is marked interrupted with what this API can see of its files. The grace is longer than the
 * registry's expiry so that a node restarting marks its own rows first, with its fuller view (its
 * own disk, ffprobe's durations). Every API process sweeps; a row is marked only while it still
 * says 'recording', so never twice.
 */
export class LostNodeRecordingSweep {
  /** Nodes the registry no longer remembers, from when this process first found them missing. */
  private missingSince = new Map<string, number>();
  private timer: NodeJS.Timeout | undefined;
  private running: Promise<string[]> | null = null;
  private readonly now: () => number;

  constructor(
    private readonly repo: RecordingsRepository,
    /** DATA_DIR/recordings. */
    private readonly dir: string,
    private readonly options: LostNodeSweepOptions,
    private readonly logger: Logger,
  ) {
    this.now = options.now ?? Date.now;
  }

  /** Sweeps every fifth of the grace (1 s to 1 min), so a row waits at most a fifth past it. */
  start(): void {
    const everyMs = Math.min(60_000, Math.max(1000, Math.round(this.options.graceMs / 5)));
    this.timer = setInterval(() => {
      this.sweep().catch((error: unknown) => this.logger.error({ err: error }, 'recording sweep failed'));
    }, everyMs);
    this.timer.unref();
  }

  close(): void {
    clearInterval(this.timer);
  }

  /** One pass (never two at once): the ids of the recordings it marked. */
  sweep(): Promise<string[]> {
    this.running ??= this.sweepOnce().finally(() => (this.running = null));
    return this.running;
  }

  private async sweepOnce(): Promise<string[]> {
    const running = await this.repo.recordingOnNodes();
    if (running.length === 0) {
      this.missingSince.clear();
      return [];
    }
    const beats = await this.options.lastBeats();
    const now = this.now();
    const marked: string[] = [];
    for (const { nodeId, record } of running) {
      const lastSeen = this.lastSeen(nodeId, beats, now);
      if (now - lastSeen < this.options.graceMs) continue;
      if (await this.markInterrupted(nodeId, record, lastSeen)) marked.push(record.id);
    }
    for (const nodeId of this.missingSince.keys()) {
      if (beats.has(nodeId) || !running.some((row) => row.nodeId === nodeId)) this.missingSince.delete(nodeId);
    }
    return marked;
  }

  /** Its last beat; for a node the registry has forgotten, when this process first missed it. */
  private lastSeen(nodeId: string, beats: ReadonlyMap<string, number>, now: number): number {
    const beat = beats.get(nodeId);
    if (beat !== undefined) return beat;
    const since = this.missingSince.get(nodeId) ?? now;
    this.missingSince.set(nodeId, since);
    return since;
  }

  private async markInterrupted(nodeId: string, record: RecordingRecord, lastSeenMs: number): Promise<boolean> {
    const { tracks, missing, lastWriteMs } = await tracksSeenHere(this.dir, record);
    const startedMs = Date.parse(record.startedAt);
    // Its last write, else its node's last beat: when it stopped, near enough. Whole ms: mtimes
    // have fractions, and PostgreSQL's bigint takes none.
    const endedMs = Math.round(Math.max(lastWriteMs ?? lastSeenMs, startedMs + record.durationMs));
    const marked = await this.repo.updateIfRecording(record.id, {
      status: tracks.length > 0 || missing.length > 0 ? 'interrupted' : 'failed',
      endedAt: endedMs,
      durationMs: Math.max(0, endedMs - startedMs),
      tracks,
      message: lostNodeMessage(nodeId, missing),
    });
    if (marked) {
      this.logger.warn(
        { recordingId: record.id, nodeId, tracks: tracks.length, missing: missing.length },
        'a recording whose media node never came back is marked interrupted',
      );
    }
    return marked;
  }
}
