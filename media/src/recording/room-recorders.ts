import { EventEmitter } from 'node:events';
import {
  RECORDING_HOST_BUSY_MESSAGE,
  RECORDING_NO_QUOTA_MESSAGE,
  RECORDING_NO_RECORDER_MESSAGE,
  RECORDING_SERVER_BUSY_MESSAGE,
  RECORDING_TOO_OFTEN_MESSAGE,
  refuse,
  TokenBuckets,
  type LiveRecording,
  type RecordingState,
} from '@riffroom/protocol';
import type { SfuRoom } from '../sfu/sfu-room.js';
import { recoverInterruptedRecordings } from './crash-recovery.js';
import { FfmpegProbe } from './ffmpeg-check.js';
import { RoomRecording, type RecorderSettings } from './room-recording.js';

export interface RoomRecordersEvents {
  /** A room's recording started or stopped; `message` says why when it stopped on its own. */
  state: [roomId: string, state: RecordingState];
}

/**
 * The recording of each room on this node: at most one per room, one per host, Record at a
 * bounded rate per host, and none while ffmpeg is missing or the node's captures are all taken.
 */
export class RoomRecorders extends EventEmitter<RoomRecordersEvents> {
  private recordings = new Map<string, RoomRecording>();
  private starting = new Set<string>();
  /** Hosts whose Record is under way here. */
  private startingHosts = new Set<string>();
  private readonly starts: TokenBuckets;
  private readonly ffmpeg: FfmpegProbe;
  /** Stopped, still making stems and the mix. */
  private finishing = new Set<RoomRecording>();

  /**
   * Settles once the recordings a crash left 'recording' are marked interrupted (this node runs
   * none of them: it has only just started).
   */
  readonly recovered: Promise<void>;

  constructor(readonly settings: RecorderSettings) {
    super();
    this.starts = new TokenBuckets(settings.starts);
    // Read at each check: a test (or an operator's fix) may change FFMPEG_BIN's file meanwhile.
    this.ffmpeg = new FfmpegProbe(() => settings.ffmpegBin);
    this.recovered = recoverInterruptedRecordings(settings).then(
      () => {},
      (error: unknown) => settings.logger.error({ err: error }, 'could not mark the recordings a crash interrupted'),
    );
  }

  /** What a member is told: the recording running in the room, or null. */
  current(roomId: string): LiveRecording | null {
    const recording = this.recordings.get(roomId);
    return recording?.isRecording ? describe(recording) : null;
  }

  /** The recording object (tests and the benchmark reach its ffmpeg processes). */
  recordingOf(roomId: string): RoomRecording | undefined {
    return this.recordings.get(roomId);
  }

  async start(room: SfuRoom, hostUid: string): Promise<LiveRecording> {
    const roomId = room.roomId;
    if (this.starting.has(roomId) || this.recordings.get(roomId)?.isRecording) {
      throw refuse('recording/already-recording', 'This room is already being recorded.');
    }
    const hostRecords =
      this.startingHosts.has(hostUid) ||
      [...this.recordings.values()].some((running) => running.isRecording && running.hostUid === hostUid);
    if (hostRecords) throw refuse('recording/host-busy', RECORDING_HOST_BUSY_MESSAGE);
    if (!this.starts.take(hostUid).ok) throw refuse('rate/limited', RECORDING_TOO_OFTEN_MESSAGE);
    if (this.settings.captures.full) throw refuse('recording/server-busy', RECORDING_SERVER_BUSY_MESSAGE);
    this.starting.add(roomId);
    this.startingHosts.add(hostUid);
    let recording: RoomRecording;
    try {
      await this.canRecord(hostUid);
      recording = await RoomRecording.start(room, hostUid, this.settings);
    } finally {
      this.starting.delete(roomId);
      this.startingHosts.delete(hostUid);
    }
    this.recordings.set(roomId, recording);
    void recording.captured.then((end) => {
      this.finishing.add(recording);
      void recording.finished.finally(() => this.finishing.delete(recording));
      if (this.recordings.get(roomId) !== recording) return;
      this.recordings.delete(roomId);
      // A stop the host asked for says nothing more; one of its own says why.
      this.emit('state', roomId, end.message ? { recording: null, message: end.message } : { recording: null });
    });
    const live = describe(recording);
    this.emit('state', roomId, { recording: live });
    return live;
  }

  /** Refuses Record up front, as the disk reserve does: no ffmpeg that runs, or no recording space left. */
  private async canRecord(hostUid: string): Promise<void> {
    const ffmpeg = await this.ffmpeg.check();
    if (!ffmpeg.ok) {
      this.settings.logger.error({ why: ffmpeg.why }, 'Record refused: ffmpeg is missing or broken (FFMPEG_BIN)');
      throw refuse('recording/no-recorder', RECORDING_NO_RECORDER_MESSAGE);
    }
    // The id of no recording: every recording of the host counts.
    const allowance = await this.settings.catalog.allowance(hostUid, NO_RECORDING_ID);
    if (allowance !== null && allowance <= 0) throw refuse('recording/no-quota', RECORDING_NO_QUOTA_MESSAGE);
  }

  /** The host's Stop: resolves once every file is closed (the stems and the mix follow). */
  async stop(roomId: string): Promise<void> {
    const recording = this.recordings.get(roomId);
    if (!recording?.isRecording) throw refuse('recording/not-recording', 'This room is not being recorded.');
    await recording.stop();
  }

  /** The room ends or empties: its recording stops cleanly, if it has one. */
  async stopIfRecording(roomId: string): Promise<void> {
    await this.recordings.get(roomId)?.stop();
  }

  /** Shutting down: every recording stops and is finished (stems, mix, listed) before the process goes. */
  async stopAll(): Promise<void> {
    const all = [...this.recordings.values(), ...this.finishing];
    await Promise.allSettled(all.map(async (recording) => (await recording.stop(), recording.finished)));
  }
}

/** A recording id no recording has (ids are 16 base64url characters of random bytes). */
const NO_RECORDING_ID = 'none-none-none-0';

function describe(recording: RoomRecording): LiveRecording {
  return { recordingId: recording.id, startedAt: new Date(recording.startedAtMs).toISOString() };
}
export type { RecorderSettings } from './room-recording.js';
