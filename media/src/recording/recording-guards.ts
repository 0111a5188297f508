import { readdir, stat, statfs } from 'node:fs/promises';
import path from 'node:path';
import { RECORDING_DISK_FULL_MESSAGE, RECORDING_QUOTA_MESSAGE } from '@riffroom/protocol';
import type { Logger } from 'pino';
import type { RecordingCatalog } from './recording-catalog.js';

export async function freeBytes(dir: string): Promise<number> {
  const fs = await statfs(dir);
  return fs.bavail * fs.bsize;
}

/** What a recording's files take now (its track files; the SDP folder is a few bytes). */
export async function directoryBytes(dir: string): Promise<number> {
  const names = await readdir(dir).catch(() => [] as string[]);
  const sizes = await Promise.all(
    names.map((name) =>
      stat(path.join(dir, name)).then(
        (found) => (found.isFile() ? found.size : 0),
        () => 0,
      ),
    ),
  );
  return sizes.reduce((sum, size) => sum + size, 0);
}

export interface GuardedRecording {
  readonly id: string;
  readonly hostUid: string;
  readonly directory: string;
  readonly isRecording: boolean;
  /** Whether the catalog lists it yet (the quota counts it only then). */
  readonly isListed: boolean;
  interrupt(message: string): Promise<unknown>;
  /** Tells the catalog its files' sizes now, so other hosts' allowances count them. */
  reportProgress(): Promise<void>;
}

/**
 * What stops a running recording on its own, each with a message to the host: the free disk
 * falling below RECORDINGS_MIN_FREE_MB, and its files reaching what the host may still write
 * (RECORDINGS_MAX_BYTES, RECORDINGS_HOST_MAX_BYTES, asked of the API, which counts every other
 * recording, running or finished).
 */
export class RecordingGuards {
  private timers: NodeJS.Timeout[] = [];

  constructor(
    private readonly recording: GuardedRecording,
    private readonly settings: {
      dir: string;
      minFreeBytes: number;
      diskCheckMs: number;
      quotaCheckMs: number;
      catalog: RecordingCatalog;
      logger: Logger;
    },
  ) {}

  start(): void {
    this.timers = [
      setInterval(() => void this.checkDisk(), this.settings.diskCheckMs),
      setInterval(() => void this.checkQuota(), this.settings.quotaCheckMs),
    ];
    for (const timer of this.timers) timer.unref();
  }

  stop(): void {
    for (const timer of this.timers) clearInterval(timer);
  }

  private async checkDisk(): Promise<void> {
    if (!this.recording.isRecording) return;
    const free = await freeBytes(this.settings.dir).catch(() => Number.POSITIVE_INFINITY);
    if (free < this.settings.minFreeBytes) {
      this.settings.logger.warn({ recordingId: this.recording.id, free }, 'recording stopped: the disk is nearly full');
      await this.recording.interrupt(RECORDING_DISK_FULL_MESSAGE);
    }
  }

  private async checkQuota(): Promise<void> {
    const { recording } = this;
    if (!recording.isRecording || !recording.isListed) return;
    await recording.reportProgress();
    const allowance = await this.settings.catalog.allowance(recording.hostUid, recording.id).catch((error: unknown) => {
      this.settings.logger.warn({ err: error, recordingId: recording.id }, 'could not ask the recording space left');
      return null;
    });
    if (allowance === null) return;
    const written = await directoryBytes(recording.directory);
    if (written >= allowance) {
      this.settings.logger.warn(
        { recordingId: recording.id, written, allowance },
        'recording stopped: the host reached its recording space',
      );
      await recording.interrupt(RECORDING_QUOTA_MESSAGE);
    }
  }
}
