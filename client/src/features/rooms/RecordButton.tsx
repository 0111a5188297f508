import { useState } from 'react';
import type { HostRoomConnection } from '../../services/media/roomConnection';
import type { RoomState } from '../../services/media/roomState';

/** The host's Record / Stop. Stop waits for the files to be final, which takes a moment. */
export function RecordButton({ connection, state }: { connection: HostRoomConnection | null; state: RoomState }) {
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const recording = state.recording !== null;

  async function toggle() {
    if (!connection) return;
    setBusy(true);
    setError(null);
    try {
      if (recording) await connection.stopRecording();
      else await connection.startRecording();
    } catch (failure) {
      setError(failure instanceof Error ? failure.message : 'Recording failed. Please try again.');
    } finally {
      setBusy(false);
    }
  }

  return (
    <>
      <button
        type="button"
        className={recording ? 'btn btn--danger' : 'btn btn--accent'}
        onClick={() => void toggle()}
        disabled={!connection || busy || state.status === 'error'}
      >
        {recording ? (busy ? 'Stopping...' : 'Stop Recording') : busy ? 'Starting...' : 'Record'}
      </button>
      {error && (
        <span className="muted" role="alert">
          {error}
        </span>
      )}
    </>
  );
}
