import type { InternalRecordingUpdate, OrphanedRecording } from '@riffroom/protocol';

/**
 * Where a media node reports its recordings (the API keeps the list): in-process on the single
 * box (scripts/box/compose.ts), the API's /internal/recordings routes when scaled out
 * (scale/http-recording-catalog.ts). The files themselves sit in DATA_DIR/recordings, which the
 * API reads: scaled out, the nodes and the API share that directory (a volume).
 */
export interface RecordingCatalog {
  started(recording: { id: string; roomId: string; hostUid: string; startedAt: string; nodeId: string }): Promise<void>;
  updated(id: string, update: InternalRecordingUpdate): Promise<void>;
  /**
   * How many more bytes this host's recording may write (RECORDINGS_MAX_BYTES, RECORDINGS_HOST_MAX_BYTES),
   * counting every other recording, running or finished; null when there is no limit.
   */
  allowance(hostUid: string, recordingId: string): Promise<number | null>;
  /** The recordings this node left 'recording' (it runs none yet at start); see crash-recovery.ts. */
  orphaned(nodeId: string): Promise<OrphanedRecording[]>;
}
