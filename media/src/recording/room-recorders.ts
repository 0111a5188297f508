import { EventEmitter } from 'node:events';
import { refuse, type LiveRecording, type RecordingState } from '@riffroom/protocol';
import type { SfuRoom } from '../sfu/sfu-room.js';
import { recoverInterruptedRecordings } from './crash-recovery.js';
import { RoomRecording, type RecorderSettings } from './room-recording.js';

export interface RoomRecordersEvents {
  /** A room's recording started or stopped; `message` says why when it stopped on its own. */
  state: [roomId: string, state: RecordingState];
}

/** The recording of each room on this node: at most one per room. */
export class RoomRecorders extends EventEmitter<RoomRecordersEvents> {
  private recordings = new Map<string, RoomRecording>();
  private starting = new Set<string>();
  /** Stopped, still making stems and the mix. */
  private finishing = new Set<RoomRecording>();

  /**
   * Settles once the recordings a crash left 'recording' are marked interrupted (this node runs
   * none of them: it has only just started).
   */
  readonly recovered: Promise<void>;

  constructor(readonly settings: RecorderSettings) {
    super();
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
    this.starting.add(roomId);
    let recording: RoomRecording;
    try {
      recording = await RoomRecording.start(room, hostUid, this.settings);
    } finally {
      this.starting.delete(roomId);
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

function describe(recording: RoomRecording): LiveRecording {
  return { recordingId: recording.id, startedAt: new Date(recording.startedAtMs).toISOString() };
}
export type { RecorderSettings } from './room-recording.js';
