import type { Logger } from '../logger.js';
import type { ProjectFilesRepository } from '../repositories/project-files.js';
import { prepareAudio } from './audio-prepare.js';
import type { FilePaths } from './file-paths.js';

/** ffmpeg gets this long per minute of audio (at least 2 minutes): a stuck decode is killed, not waited on forever. */
const TIMEOUT_MS_PER_AUDIO_MINUTE = 60_000;
const MIN_TIMEOUT_MS = 120_000;

export interface PrepareJob {
  projectId: string;
  fileId: string;
}

/**
 * The bounded background queue (FILE_PREPARE_JOBS at once) that measures loudness and makes each
 * upload's preview and waveform. Jobs wait in order; the files' rows say 'preparing' until done,
 * so an API that restarts picks up what it had not finished (resume()).
 */
export class PrepareQueue {
  private running = 0;
  private readonly waiting: PrepareJob[] = [];
  private readonly idleWaiters: (() => void)[] = [];
  private closed = false;

  constructor(
    private readonly deps: {
      files: ProjectFilesRepository;
      paths: FilePaths;
      ffmpegBin: string;
      concurrency: number;
      logger: Logger;
      /** Told when a file is ready or failed, so the pages showing it update. */
      onDone: (job: PrepareJob) => void;
    },
  ) {}

  add(job: PrepareJob): void {
    if (this.closed) return;
    this.waiting.push(job);
    this.pump();
  }

  /** Jobs waiting, not counting those running. */
  get queued(): number {
    return this.waiting.length;
  }

  /** Files left 'preparing' by a process that stopped. */
  async resume(): Promise<void> {
    for (const job of await this.deps.files.preparing()) this.add(job);
  }

  /** Resolves when nothing runs or waits (tests, shutdown). */
  idle(): Promise<void> {
    if (this.running === 0 && this.waiting.length === 0) return Promise.resolve();
    return new Promise((resolve) => this.idleWaiters.push(resolve));
  }

  close(): void {
    this.closed = true;
    this.waiting.length = 0;
  }

  private pump(): void {
    while (this.running < this.deps.concurrency && this.waiting.length > 0) {
      const job = this.waiting.shift()!;
      this.running += 1;
      void this.run(job).finally(() => {
        this.running -= 1;
        this.pump();
        if (this.running === 0 && this.waiting.length === 0)
          for (const resolve of this.idleWaiters.splice(0)) resolve();
      });
    }
  }

  private async run(job: PrepareJob): Promise<void> {
    const { files, paths, logger } = this.deps;
    const file = await files.find(job.fileId);
    if (!file) return;
    try {
      const prepared = await prepareAudio(
        this.deps.ffmpegBin,
        { original: paths.original(job.projectId, job.fileId), durationMs: file.audio.durationMs },
        { preview: paths.preview(job.projectId, job.fileId), peaks: paths.peaks(job.projectId, job.fileId) },
        Math.max(MIN_TIMEOUT_MS, (file.audio.durationMs / 60_000) * TIMEOUT_MS_PER_AUDIO_MINUTE),
      );
      await files.markPrepared(job.fileId, prepared);
    } catch (error) {
      logger.warn({ err: error, fileId: job.fileId }, 'preparing an upload failed');
      // The project may have been deleted meanwhile; marking a missing row changes nothing.
      await files.markFailed(job.fileId, error instanceof Error ? error.message : String(error)).catch(() => {});
    }
    this.deps.onDone(job);
  }
}
