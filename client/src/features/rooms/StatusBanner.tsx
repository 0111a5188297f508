import { SERVER_DRAINING_MESSAGE } from '@riffroom/protocol';
import type { RoomState } from '../../services/media/roomState';
import { bannerFor } from './banner';

export function StatusBanner({ state, role }: { state: RoomState; role: 'host' | 'guest' }) {
  const { tone, text } = bannerFor(state, role);
  return (
    <>
      <div className={`room-banner room-banner--${tone}`} role="status" data-tone={tone}>
        {text}
      </div>
      {/* A restart is coming, but nothing is wrong with this room: a calm note, not a warning colour. */}
      {state.draining && (
        <div className="room-notice" role="status" data-testid="server-draining">
          {SERVER_DRAINING_MESSAGE}
        </div>
      )}
    </>
  );
}
