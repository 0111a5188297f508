import { randomBytes } from 'node:crypto';
import { mkdir, statfs } from 'node:fs/promises';
import path from 'node:path';
import {
  RECORDING_DISK_FULL_MESSAGE,
  RECORDING_INTERRUPTED_MESSAGE,
  RECORDING_NO_SPACE_MESSAGE,
  refuse,
  type RecordingStatus,
} from '@riffroom/protocol';
import type { types } from 'mediasoup';
import type { Logger } from 'pino';
import type { SfuRoom } from '../sfu/sfu-room.js';
import type { RecordingCatalog } from './recording-catalog.js';
import { finalTracks } from './final-tracks.js';
import { RecordingFiles } from './recording-files.js';
import { RecordingTimeline } from './recording-timeline.js';
import { TrackCapture } from './track-capture.js';

export interface RecorderSettings {
  /** DATA_DIR/recordings: each recording gets `<dir>/<id>/`. */
  dir: string;
  ffmpegBin: string;
  /** RECORDINGS_MIN_FREE_MB in bytes: no recording starts below it, and one running stops. */
  minFreeBytes: number;
  /** How often the free space is checked while recording. */
  diskCheckMs: number;
  catalog: RecordingCatalog;
  /** This node's NODE_ID, kept with each recording's row (crash-recovery.ts). */
  nodeId: string;
  logger: Logger;
}

export interface RecordingEnd {
  status: RecordingStatus;
  message: string | null;
}

export async function freeBytes(dir: string): Promise<number> {
  const fs = await statfs(dir);
  return fs.bavail * fs.bsize;
}

/**
 * One room's recording, from Record to Stop: every program and screen producer is copied as sent
 * (program.ogg, screen.webm), every talker's microphone into raw segments that Stop turns into one
 * stem per talker on the recording's timeline, then a rough mix. Producers that appear while it
 * runs are picked up. A capture that fails (ffmpeg or the worker died) interrupts the whole
 * recording: every file written so far stays, and the catalog hears 'interrupted'.
 */
export class RoomRecording {
  readonly id = randomBytes(12).toString('base64url');
  /** t=0 is set once the sources present at Record are captured. */
  private readonly timeline = new RecordingTimeline();
  private readonly files: RecordingFiles;
  /** The catalog row exists (the end's report waits for it). */
  private listed: Promise<void> = Promise.resolve();
  /** Settles once every capture has stopped: the room is no longer being recorded. */
  readonly captured: Promise<RecordingEnd>;
  /** Settles once the stems and the mix are made and the catalog lists the final tracks. */
  readonly finished: Promise<RecordingEnd>;
  private resolveCaptured!: (end: RecordingEnd) => void;
  private resolveFinished!: (end: RecordingEnd) => void;
  private state: 'recording' | 'stopping' | 'done' = 'recording';
  private captures = new Set<TrackCapture>();
  private pending = new Set<Promise<void>>();
  private diskTimer: NodeJS.Timeout | undefined;
  private unsubscribe: () => void = () => {};

  private constructor(
    private readonly room: SfuRoom,
    readonly hostUid: string,
    private readonly settings: RecorderSettings,
  ) {
    this.captured = new Promise((resolve) => (this.resolveCaptured = resolve));
    this.finished = new Promise((resolve) => (this.resolveFinished = resolve));
    this.files = new RecordingFiles(path.join(settings.dir, this.id));
  }

  get startedAtMs(): number {
    return this.timeline.t0;
  }

  get directory(): string {
    return this.files.directory;
  }

  get isRecording(): boolean {
    return this.state === 'recording';
  }

  /** ffmpeg processes capturing now (tests kill one; the benchmark measures them). */
  capturePids(): number[] {
    return [...this.captures].flatMap((capture) => (capture.pid === undefined ? [] : [capture.pid]));
  }

  static async start(room: SfuRoom, hostUid: string, settings: RecorderSettings): Promise<RoomRecording> {
    await mkdir(settings.dir, { recursive: true });
    if ((await freeBytes(settings.dir)) < settings.minFreeBytes) {
      throw refuse('recording/no-space', RECORDING_NO_SPACE_MESSAGE);
    }
    const recording = new RoomRecording(room, hostUid, settings);
    // Owner-only, like everything in DATA_DIR (README "What is in DATA_DIR").
    await mkdir(recording.directory, { recursive: true, mode: 0o700 });
    recording.follow();
    // t=0 is when the sources already there are being captured, so program and screen (copies,
    // never padded) last as long as the recording even when ffmpeg is slow to start.
    await Promise.allSettled([...recording.pending]);
    recording.timeline.rebase(Date.now());
    recording.listed = settings.catalog.started({
      id: recording.id,
      roomId: room.roomId,
      hostUid,
      startedAt: new Date(recording.timeline.t0).toISOString(),
      nodeId: settings.nodeId,
    });
    await recording.listed;
    // The captures of the sources already there reported before the row existed: the row lists
    // them now, so a crash from here on leaves their labels, talkers and offsets (crash-recovery.ts).
    await recording.report('recording', null);
    return recording;
  }

  /**
   * The host's Stop (or the room ending): resolves once every file is closed. Aligning the stems
   * and mixing take a few seconds more (`finished`); the list shows 'recording' meanwhile.
   */
  stop(): Promise<RecordingEnd> {
    return this.end('complete', null);
  }

  private follow(): void {
    const room = this.room;
    for (const producer of room.producersOf('program-audio')) this.copy(producer, 'program');
    for (const producer of room.producersOf('screen')) this.copy(producer, 'screen');
    for (const { producer } of room.talkbackProducers()) this.talk(producer);
    const onProducer = ({ producerId, source }: { producerId: string; source: string }) => {
      const producer = room.producerObject(producerId);
      if (!producer) return;
      if (source === 'program-audio') this.copy(producer, 'program');
      else if (source === 'screen') this.copy(producer, 'screen');
    };
    const onTalkback = (producer: types.Producer) => this.talk(producer);
    room.on('new-producer', onProducer);
    room.on('talkback-producer-added', onTalkback);
    this.unsubscribe = () => {
      room.off('new-producer', onProducer);
      room.off('talkback-producer-added', onTalkback);
    };
    this.diskTimer = setInterval(() => void this.checkDisk(), this.settings.diskCheckMs);
    this.diskTimer.unref();
  }

  private copy(producer: types.Producer, kind: 'program' | 'screen'): void {
    const file = this.files.nextName(kind, kind === 'screen' ? 'webm' : 'ogg');
    this.capture(producer, file, (offsetMs) => this.timeline.copied.push({ kind, file, offsetMs }));
  }

  private talk(producer: types.Producer): void {
    const { slug, segments } = this.timeline.talkerOf(producer);
    const file = this.files.nextName(`${slug}-raw`, 'ogg');
    this.capture(producer, file, (offsetMs) => segments.push({ file, offsetMs }));
  }

  private capture(producer: types.Producer, file: string, started: (offsetMs: number) => void): void {
    if (this.state !== 'recording') return;
    let router: types.Router;
    try {
      router = this.room.mediaRouter;
    } catch {
      return void this.end('interrupted', RECORDING_INTERRUPTED_MESSAGE);
    }
    const task = TrackCapture.start(router, producer, path.join(this.directory, file), this.settings.ffmpegBin)
      .then(async (capture) => {
        if (this.state !== 'recording') return capture.stop();
        this.captures.add(capture);
        started(capture.startedAtMs - this.timeline.t0);
        void capture.ended.then((end) => {
          if (end.how !== 'failed') return;
          this.settings.logger.warn({ recordingId: this.id, file, why: end.why }, 'a recording track failed');
          void this.end('interrupted', RECORDING_INTERRUPTED_MESSAGE);
        });
        await this.report('recording', null);
      })
      .catch((error: unknown) => {
        this.settings.logger.error({ err: error, recordingId: this.id, file }, 'could not start capturing a track');
        void this.end('interrupted', RECORDING_INTERRUPTED_MESSAGE);
      });
    this.pending.add(task);
    void task.finally(() => this.pending.delete(task));
  }

  private async checkDisk(): Promise<void> {
    if (this.state !== 'recording') return;
    const free = await freeBytes(this.settings.dir).catch(() => Number.POSITIVE_INFINITY);
    if (free < this.settings.minFreeBytes) {
      this.settings.logger.warn({ recordingId: this.id, free }, 'recording stopped: the disk is nearly full');
      await this.end('interrupted', RECORDING_DISK_FULL_MESSAGE);
    }
  }

  /** Idempotent: the first end decides the status; later calls wait for the captures to stop. */
  private async end(status: RecordingStatus, message: string | null): Promise<RecordingEnd> {
    if (this.state !== 'recording') return this.captured;
    this.state = 'stopping';
    clearInterval(this.diskTimer);
    this.unsubscribe();
    const durationMs = Date.now() - this.timeline.t0;
    await Promise.allSettled([...this.pending]);
    await Promise.allSettled([...this.captures].map((capture) => capture.stop()));
    this.resolveCaptured({ status, message });
    void this.finish(status, message, durationMs);
    return this.captured;
  }

  private async finish(status: RecordingStatus, message: string | null, durationMs: number): Promise<void> {
    await this.listed.catch(() => {});
    const { id: recordingId, files, timeline } = this;
    const { ffmpegBin, logger } = this.settings;
    const tracks = await finalTracks({ recordingId, files, timeline, ffmpegBin, logger }, durationMs).catch(
      (error: unknown) => {
        logger.error({ err: error, recordingId }, 'could not finish the recording’s tracks');
        return [];
      },
    );
    const finalStatus: RecordingStatus = tracks.length > 0 || status === 'complete' ? status : 'failed';
    try {
      await this.settings.catalog.updated(this.id, {
        status: finalStatus,
        endedAt: new Date(this.timeline.t0 + durationMs).toISOString(),
        durationMs,
        tracks,
        message,
      });
    } catch (error) {
      this.settings.logger.error({ err: error, recordingId: this.id }, 'could not report the end of a recording');
    }
    this.state = 'done';
    this.resolveFinished({ status: finalStatus, message });
  }

  private async report(status: RecordingStatus, message: string | null): Promise<void> {
    const described = await Promise.all(
      this.timeline
        .tracksSoFar()
        .map((track) => this.files.describe(track.file, track.kind, track.label, track.userId, track.offsetMs)),
    );
    await this.settings.catalog
      .updated(this.id, {
        status,
        endedAt: null,
        durationMs: Date.now() - this.timeline.t0,
        tracks: described,
        message,
      })
      .catch((error: unknown) => this.settings.logger.warn({ err: error }, 'could not report recording progress'));
  }
}
