import { RECORDING_INDICATOR } from '@riffroom/protocol';
import type { RoomState } from '../../services/media/roomState';

/** '● Recording' for every member while the room is recorded; the host also reads why one stopped on its own. */
export function RecordingIndicator({ state, role }: { state: RoomState; role: 'host' | 'guest' }) {
  if (state.recording) {
    return (
      <div className="room-recording" role="status" data-testid="recording-indicator">
        {RECORDING_INDICATOR}
      </div>
    );
  }
  if (role === 'host' && state.recordingMessage) {
    return (
      <div className="room-banner room-banner--error" role="alert" data-testid="recording-message">
        {state.recordingMessage}
      </div>
    );
  }
  return null;
}
