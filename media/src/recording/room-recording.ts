import { randomBytes } from 'node:crypto';
import { mkdir, rm } from 'node:fs/promises';
import path from 'node:path';
import {
  RECORDING_INTERRUPTED_MESSAGE,
  RECORDING_NO_SPACE_MESSAGE,
  refuse,
  type RecordingStatus,
} from '@riffroom/protocol';
import type { types } from 'mediasoup';
import type { Logger } from 'pino';
import type { SfuRoom } from '../sfu/sfu-room.js';
import type { CaptureBudget } from './capture-budget.js';
import type { RecordingCatalog } from './recording-catalog.js';
import { finalTracks } from './final-tracks.js';
import { RAW_SEGMENT_EXTENSION, RecordingFiles } from './recording-files.js';
import { freeBytes, RecordingGuards } from './recording-guards.js';
import { RecordingTimeline } from './recording-timeline.js';
import { rtpFlows } from './rtp-flow.js';
import { TrackCapture } from './track-capture.js';
import { talkerIdentity } from './track-names.js';

export { freeBytes } from './recording-guards.js';

/**
 * How long Record waits for where the program audio's file begins, to set t=0 there (first-packet.ts
 * knows it about 0.4 s after the first packet, which flows within ~20 ms of the capture's start).
 */
const PROGRAM_FIRST_PACKET_WAIT_MS = 1500;

export interface RecorderSettings {
  /** DATA_DIR/recordings: each recording gets `<dir>/<id>/`. */
  dir: string;
  ffmpegBin: string;
  /** RECORDINGS_MIN_FREE_MB in bytes: no recording starts below it, and one running stops. */
  minFreeBytes: number;
  /** How often the free space is checked while recording. */
  diskCheckMs: number;
  /** How often a running recording weighs its files against the host's recording space. */
  quotaCheckMs: number;
  /** How often a producer that carries nothing yet (or waits for a free capture) is looked at again. */
  flowCheckMs: number;
  /** The node's ffmpeg captures, over every recording (RECORDING_MAX_CAPTURES). */
  captures: CaptureBudget;
  /** Record presses per host (RECORDING_STARTS_BURST, RECORDING_STARTS_PER_MINUTE). */
  starts: { burst: number; perMinute: number };
  catalog: RecordingCatalog;
  /** This node's NODE_ID, kept with each recording's row (crash-recovery.ts). */
  nodeId: string;
  logger: Logger;
}

export interface RecordingEnd {
  status: RecordingStatus;
  message: string | null;
}

type TrackKind = 'program' | 'screen' | 'talker';

/** A capture that fails this often for one producer (ffmpeg keeps dying) is not started again. */
const MAX_FAILURES_PER_PRODUCER = 3;

/**
 * One room's recording, from Record to Stop: the program and screen are copied as sent
 * (program.ogg, screen.webm), every talker's microphone into raw segments that Stop turns into one
 * stem per talker on the recording's timeline, then a rough mix. Producers that appear while it
 * runs are picked up. Limits (issue 34): one capture at a time per source (the program, the
 * screen, each talker), each only once RTP flows on its producer and the node has a free capture
 * (RECORDING_MAX_CAPTURES). A track that fails or whose producer closes ends alone; its file
 * stays and the recording goes on. Only the room's media going away interrupts the recording.
 * The catalog lists it from its first capture: one that captured nothing leaves no row or folder.
 */
export class RoomRecording {
  readonly id = randomBytes(12).toString('base64url');
  /** t=0 is set once the sources present at Record are captured. */
  private readonly timeline = new RecordingTimeline();
  private readonly files: RecordingFiles;
  private readonly guards: RecordingGuards;
  /** The catalog row exists (made with the first capture; the end's report waits for it). */
  private listed: Promise<void> | null = null;
  /** Settles once every capture has stopped: the room is no longer being recorded. */
  readonly captured: Promise<RecordingEnd>;
  /** Settles once the stems and the mix are made and the catalog lists the final tracks. */
  readonly finished: Promise<RecordingEnd>;
  private resolveCaptured!: (end: RecordingEnd) => void;
  private resolveFinished!: (end: RecordingEnd) => void;
  private state: 'recording' | 'stopping' | 'done' = 'recording';
  private captures = new Set<TrackCapture>();
  /** Where the program copies' files begin, in the order they started (programBegins). */
  private programFirstPackets: Promise<number | null>[] = [];
  /** Capture attempts under way: the end waits for them. */
  private pending = new Set<Promise<void>>();
  /** Sources with a capture running or starting: 'program', 'screen', 'talker:<key>'. */
  private busySources = new Set<string>();
  /** Producers this recording follows (each followed once, however often it is announced). */
  private followed = new Set<string>();
  private unsubscribe: () => void = () => {};
  /** t=0 is set: captures from now on list the recording themselves. */
  private begun = false;

  private constructor(
    private readonly room: SfuRoom,
    readonly hostUid: string,
    private readonly settings: RecorderSettings,
  ) {
    this.captured = new Promise((resolve) => (this.resolveCaptured = resolve));
    this.finished = new Promise((resolve) => (this.resolveFinished = resolve));
    this.files = new RecordingFiles(path.join(settings.dir, this.id));
    this.guards = new RecordingGuards(this, settings);
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

  get isListed(): boolean {
    return this.listed !== null;
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
    // Owner-only, like everything in DATA_DIR (docs/operations.md "What is in DATA_DIR").
    await mkdir(recording.directory, { recursive: true, mode: 0o700 });
    recording.followRoom();
    // t=0 is when the sources already there (and flowing) are being captured, so program and
    // screen (copies, never padded) last as long as the recording even when ffmpeg is slow to start.
    // With program audio there, t=0 is exactly where its file begins, so program.ogg and the stems
    // (placed on this timeline) start at the same instant in a DAW (issue 34 item 15).
    await Promise.allSettled([...recording.pending]);
    recording.timeline.rebase((await recording.programBegins()) ?? Date.now());
    recording.begun = true;
    // Captures that started before t=0 reported nothing yet: the row lists them now.
    if (recording.timeline.tracksSoFar().length > 0) await recording.listedWithProgress();
    return recording;
  }

  /**
   * The host's Stop (or the room ending): resolves once every file is closed. Aligning the stems
   * and mixing take a few seconds more (`finished`); the list shows 'recording' meanwhile.
   */
  stop(): Promise<RecordingEnd> {
    return this.end('complete', null);
  }

  /** A guard's stop (disk full, out of recording space): what was written stays. */
  interrupt(message: string): Promise<RecordingEnd> {
    return this.end('interrupted', message);
  }

  async reportProgress(): Promise<void> {
    if (this.listed) await this.report('recording', null);
  }

  private followRoom(): void {
    const room = this.room;
    for (const producer of room.producersOf('program-audio')) this.follow(producer, 'program');
    for (const producer of room.producersOf('screen')) this.follow(producer, 'screen');
    for (const { producer } of room.talkbackProducers()) this.follow(producer, 'talker');
    const onProducer = ({ producerId, source }: { producerId: string; source: string }) => {
      const producer = room.producerObject(producerId);
      if (!producer) return;
      if (source === 'program-audio') this.follow(producer, 'program');
      else if (source === 'screen') this.follow(producer, 'screen');
    };
    const onTalkback = (producer: types.Producer) => this.follow(producer, 'talker');
    room.on('new-producer', onProducer);
    room.on('talkback-producer-added', onTalkback);
    this.unsubscribe = () => {
      room.off('new-producer', onProducer);
      room.off('talkback-producer-added', onTalkback);
    };
    this.guards.start();
  }

  /**
   * Where the program audio there at Record begins in its file (ms since the epoch), or null
   * without one; waited for at most PROGRAM_FIRST_PACKET_WAIT_MS.
   */
  private async programBegins(): Promise<number | null> {
    const first = this.programFirstPackets[0];
    if (!first) return null;
    let timer: NodeJS.Timeout | undefined;
    const waited = new Promise<null>(
      (resolve) => (timer = setTimeout(() => resolve(null), PROGRAM_FIRST_PACKET_WAIT_MS)),
    );
    try {
      return await Promise.race([first, waited]);
    } finally {
      clearTimeout(timer);
    }
  }

  /**
   * Captures `producer` while the recording runs and the producer is open: once RTP flows, its
   * source is free and the node has a capture to spare. A capture that fails is tried again, a few
   * times at most. The first attempt is made at once (Record's t=0 waits for it).
   */
  private follow(producer: types.Producer, kind: TrackKind): void {
    if (this.followed.has(producer.id) || this.state !== 'recording') return;
    this.followed.add(producer.id);
    void this.keepCapturing(producer, kind).catch((error: unknown) =>
      this.settings.logger.error({ err: error, recordingId: this.id }, 'following a producer failed'),
    );
  }

  private async keepCapturing(producer: types.Producer, kind: TrackKind): Promise<void> {
    let failures = 0;
    while (this.state === 'recording' && !producer.closed) {
      const attempt = this.attempt(producer, kind);
      const settled = attempt.then(
        () => undefined,
        () => undefined,
      );
      this.pending.add(settled);
      const capture = await attempt.finally(() => this.pending.delete(settled));
      if (capture) {
        const end = await capture.ended;
        if (end.how !== 'failed') return;
        failures += 1;
        if (failures >= MAX_FAILURES_PER_PRODUCER) return;
        continue;
      }
      await new Promise((resolve) => setTimeout(resolve, this.settings.flowCheckMs));
    }
  }

  /** One try: a capture started, or null when not now (nothing flows, its source or the node is busy). */
  private async attempt(producer: types.Producer, kind: TrackKind): Promise<TrackCapture | null> {
    const source = kind === 'talker' ? `talker:${talkerIdentity(producer.appData, producer.id).key}` : kind;
    const free = () => this.state === 'recording' && !producer.closed && !this.busySources.has(source);
    if (!free() || !(await rtpFlows(producer)) || !free()) return null;
    if (!this.settings.captures.take()) return null;
    this.busySources.add(source);
    const released = () => {
      this.busySources.delete(source);
      this.settings.captures.give();
    };
    const file =
      kind === 'talker'
        ? this.files.nextName(this.timeline.talkerOf(producer).slug, RAW_SEGMENT_EXTENSION)
        : this.files.nextName(kind, kind === 'screen' ? 'webm' : 'ogg');
    let capture: TrackCapture;
    try {
      const router = this.room.mediaRouter;
      capture = await TrackCapture.start(router, producer, path.join(this.directory, file), this.settings.ffmpegBin);
    } catch (error) {
      released();
      await this.files.releaseIfUnwritten(file);
      if (this.room.isClosed) {
        void this.end('interrupted', RECORDING_INTERRUPTED_MESSAGE);
        return null;
      }
      // A producer that closes while its capture starts ends that capture only (issue 34 item 2).
      const level = producer.closed ? 'info' : 'warn';
      this.settings.logger[level]({ err: error, recordingId: this.id, file }, 'a track was not captured');
      return null;
    }
    if (this.state !== 'recording') {
      await capture.stop();
      released();
      return null;
    }
    this.captures.add(capture);
    const placed = { file, offsetMs: capture.startedAtMs - this.timeline.t0 };
    if (kind === 'talker') this.timeline.talkerOf(producer).segments.push(placed);
    else this.timeline.copied.push(Object.assign(placed, { kind }));
    // Each file is placed where its media begins (first-packet.ts), once that is known.
    this.timeline.placeAtFirstPacket(placed, capture.firstPacketAtMs);
    if (kind === 'program') this.programFirstPackets.push(capture.firstPacketAtMs);
    void capture.ended.then((end) => {
      this.captures.delete(capture);
      released();
      if (end.how === 'router-closed') return void this.end('interrupted', RECORDING_INTERRUPTED_MESSAGE);
      // One track failing never interrupts the recording: its file stays, and it is captured again.
      if (end.how === 'failed')
        this.settings.logger.warn({ recordingId: this.id, file, why: end.why }, 'a track failed');
    });
    // Before t=0 (Record's own start) the row waits for the timeline; start() lists these.
    if (this.begun) await this.listedWithProgress();
    return capture;
  }

  /** The catalog row, made by the first capture, then every file so far. */
  private async listedWithProgress(): Promise<void> {
    this.listed ??= this.settings.catalog.started({
      id: this.id,
      roomId: this.room.roomId,
      hostUid: this.hostUid,
      startedAt: new Date(this.timeline.t0).toISOString(),
      nodeId: this.settings.nodeId,
    });
    await this.listed;
    await this.report('recording', null);
  }

  /** Idempotent: the first end decides the status; later calls wait for the captures to stop. */
  private async end(status: RecordingStatus, message: string | null): Promise<RecordingEnd> {
    if (this.state !== 'recording') return this.captured;
    this.state = 'stopping';
    this.guards.stop();
    this.unsubscribe();
    const durationMs = Date.now() - this.timeline.t0;
    // The host's Stop answers once the running captures are closed. A capture still starting (up to
    // ffmpeg's listen timeout) sees the state, stops itself and is never part of the recording, so
    // only the finishing waits for it: Stop stays prompt on a busy node.
    const starting = Promise.allSettled([...this.pending]);
    await Promise.allSettled([...this.captures].map((capture) => capture.stop()));
    this.resolveCaptured({ status, message });
    void starting.then(() => this.finish(status, message, durationMs));
    return this.captured;
  }

  private async finish(status: RecordingStatus, message: string | null, recordedMs: number): Promise<void> {
    if (!this.listed && this.timeline.tracksSoFar().length > 0) await this.listedWithProgress().catch(() => {});
    if (!this.listed) {
      // Nothing was captured: no row, no folder (issue 34 item 9).
      await rm(this.directory, { recursive: true, force: true });
      this.state = 'done';
      this.resolveFinished({ status, message });
      return;
    }
    await this.listed.catch(() => {});
    const { id: recordingId, files, timeline } = this;
    const { ffmpegBin, logger } = this.settings;
    const { tracks, durationMs } = await finalTracks(
      { recordingId, files, timeline, ffmpegBin, logger },
      recordedMs,
    ).catch((error: unknown) => {
      logger.error({ err: error, recordingId }, 'could not finish the recording’s tracks');
      return { tracks: [], durationMs: recordedMs };
    });
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
