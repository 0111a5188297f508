import { randomBytes } from 'node:crypto';
import { chmod, mkdir, rm, stat, statfs } from 'node:fs/promises';
import path from 'node:path';
import {
  RECORDING_DISK_FULL_MESSAGE,
  RECORDING_INTERRUPTED_MESSAGE,
  RECORDING_NO_SPACE_MESSAGE,
  refuse,
  type RecordingStatus,
  type RecordingTrack,
} from '@riffroom/protocol';
import type { types } from 'mediasoup';
import type { Logger } from 'pino';
import type { SfuRoom } from '../sfu/sfu-room.js';
import type { RecordingCatalog } from './recording-catalog.js';
import { alignStem, roughMix, type TimedFile } from './stem-alignment.js';
import { TrackCapture } from './track-capture.js';
import { talkerIdentity, trackLabel } from './track-names.js';

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

interface CopiedTrack {
  kind: 'program' | 'screen';
  file: string;
  offsetMs: number;
}

interface Talker {
  label: string;
  userId: string | null;
  slug: string;
  segments: { file: string; offsetMs: number }[];
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
  /** The recording's t=0 (ms since the epoch): set once the sources present at Record are captured. */
  private t0 = Date.now();
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
  private copied: CopiedTrack[] = [];
  private talkers = new Map<string, Talker>();
  private counters = new Map<string, number>();
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
  }

  get startedAtMs(): number {
    return this.t0;
  }

  get directory(): string {
    return path.join(this.settings.dir, this.id);
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
    recording.rebase(Date.now());
    recording.listed = settings.catalog.started({
      id: recording.id,
      roomId: room.roomId,
      hostUid,
      startedAt: new Date(recording.t0).toISOString(),
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

  /** Moves t=0 to `t0`: the offsets taken so far follow (one that started earlier goes negative). */
  private rebase(t0: number): void {
    const shift = t0 - this.t0;
    this.t0 = t0;
    for (const copy of this.copied) copy.offsetMs -= shift;
    for (const talker of this.talkers.values()) for (const segment of talker.segments) segment.offsetMs -= shift;
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
    const file = this.nextName(kind, kind === 'screen' ? 'webm' : 'ogg');
    this.capture(producer, file, (offsetMs) => this.copied.push({ kind, file, offsetMs }));
  }

  private talk(producer: types.Producer): void {
    const { key, label, slug } = talkerIdentity(producer.appData, producer.id);
    let talker = this.talkers.get(key);
    if (!talker) {
      talker = { label, userId: key === producer.id ? null : key, slug: this.uniqueSlug(slug), segments: [] };
      this.talkers.set(key, talker);
    }
    const file = this.nextName(`${talker.slug}-raw`, 'ogg');
    const segments = talker.segments;
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
        started(capture.startedAtMs - this.t0);
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
    const durationMs = Date.now() - this.t0;
    await Promise.allSettled([...this.pending]);
    await Promise.allSettled([...this.captures].map((capture) => capture.stop()));
    this.resolveCaptured({ status, message });
    void this.finish(status, message, durationMs);
    return this.captured;
  }

  private async finish(status: RecordingStatus, message: string | null, durationMs: number): Promise<void> {
    await this.listed.catch(() => {});
    const tracks = await this.finalTracks(durationMs).catch((error: unknown) => {
      this.settings.logger.error({ err: error, recordingId: this.id }, 'could not finish the recording’s tracks');
      return [];
    });
    const finalStatus: RecordingStatus = tracks.length > 0 || status === 'complete' ? status : 'failed';
    try {
      await this.settings.catalog.updated(this.id, {
        status: finalStatus,
        endedAt: new Date(this.t0 + durationMs).toISOString(),
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

  /** Stems on the timeline and the rough mix (a failure keeps the raw segments instead), with sizes. */
  private async finalTracks(durationMs: number): Promise<RecordingTrack[]> {
    const { ffmpegBin, logger } = this.settings;
    const tracks: RecordingTrack[] = [];
    for (const copy of this.copied) {
      tracks.push(await this.describe(copy.file, copy.kind, trackLabel(copy.kind, copy.file), null, copy.offsetMs));
    }
    const mixInputs: TimedFile[] = this.copied
      .filter((copy) => copy.kind === 'program')
      .map((copy) => ({ file: path.join(this.directory, copy.file), offsetMs: copy.offsetMs }));
    for (const talker of this.talkers.values()) {
      const segments = await this.existing(talker.segments);
      const stem = `${talker.slug}.ogg`;
      try {
        await alignStem(ffmpegBin, segments, durationMs, path.join(this.directory, stem));
        for (const segment of segments) await rm(segment.file, { force: true });
        tracks.push(await this.describe(stem, 'talker', talker.label, talker.userId, 0));
        mixInputs.push({ file: path.join(this.directory, stem), offsetMs: 0 });
      } catch (error) {
        logger.error({ err: error, recordingId: this.id, stem }, 'could not align a stem; its raw segments stay');
        for (const segment of talker.segments) {
          tracks.push(await this.describe(segment.file, 'talker', talker.label, talker.userId, segment.offsetMs));
        }
      }
    }
    const mixable = await this.existing(mixInputs.map((input) => ({ ...input, file: path.basename(input.file) })));
    if (mixable.length > 0) {
      try {
        await roughMix(ffmpegBin, mixable, durationMs, path.join(this.directory, 'mix.ogg'));
        tracks.push(await this.describe('mix.ogg', 'mix', 'Rough mix', null, 0));
      } catch (error) {
        logger.error({ err: error, recordingId: this.id }, 'could not make the rough mix');
      }
    }
    return tracks.filter((track) => track.bytes > 0);
  }

  /** The segments whose file exists and holds something, as absolute paths. */
  private async existing(files: { file: string; offsetMs: number }[]): Promise<TimedFile[]> {
    const found: TimedFile[] = [];
    for (const entry of files) {
      const file = path.join(this.directory, entry.file);
      const size = await stat(file).then(
        (s) => s.size,
        () => 0,
      );
      if (size > 0) found.push({ file, offsetMs: entry.offsetMs });
    }
    return found;
  }

  private async describe(
    file: string,
    kind: RecordingTrack['kind'],
    label: string,
    userId: string | null,
    offsetMs: number,
  ): Promise<RecordingTrack> {
    const full = path.join(this.directory, path.basename(file));
    const bytes = await stat(full).then(
      (s) => s.size,
      () => 0,
    );
    if (bytes > 0) await chmod(full, 0o600).catch(() => {});
    return { file: path.basename(file), kind, label, userId, offsetMs: Math.max(0, Math.round(offsetMs)), bytes };
  }

  private async report(status: RecordingStatus, message: string | null): Promise<void> {
    const tracks = [
      ...this.copied.map((copy) => ({ ...copy, label: trackLabel(copy.kind, copy.file), userId: null })),
      ...[...this.talkers.values()].flatMap((talker) =>
        talker.segments.map((segment) => ({ ...segment, kind: 'talker' as const, ...talker })),
      ),
    ];
    const described = await Promise.all(
      tracks.map((track) => this.describe(track.file, track.kind, track.label, track.userId, track.offsetMs)),
    );
    await this.settings.catalog
      .updated(this.id, {
        status,
        endedAt: null,
        durationMs: Date.now() - this.t0,
        tracks: described,
        message,
      })
      .catch((error: unknown) => this.settings.logger.warn({ err: error }, 'could not report recording progress'));
  }

  private nextName(base: string, extension: string): string {
    const n = (this.counters.get(base) ?? 0) + 1;
    this.counters.set(base, n);
    return n === 1 ? `${base}.${extension}` : `${base}-${n}.${extension}`;
  }

  private uniqueSlug(slug: string): string {
    const taken = new Set([...this.talkers.values()].map((talker) => talker.slug));
    if (!taken.has(slug)) return slug;
    let n = 2;
    while (taken.has(`${slug}-${n}`)) n += 1;
    return `${slug}-${n}`;
  }
}
