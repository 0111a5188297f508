import { SERVER_DRAINING_MESSAGE } from '@riffroom/protocol';
import type { RoomState } from '../../services/media/roomState';
import { bannerFor } from './banner';

/**
 * Spec part 2's top status banner. On an error the connection is over (spec part 4's 'Unable to
 * connect. Please try again.'): Retry opens a new one to the same room.
 */
export function StatusBanner({
  state,
  role,
  onRetry,
}: {
  state: RoomState;
  role: 'host' | 'guest';
  onRetry?: () => void;
}) {
  const { tone, text } = bannerFor(state, role);
  const retryable = state.status === 'error' && !state.joinRefused && !state.ended && onRetry;
  const banner = (
    <div className={`room-banner room-banner--${tone}`} role="status" data-tone={tone}>
      {text}
    </div>
  );
  // A restart is coming, but nothing is wrong with this room: a calm note, not a warning colour.
  const draining = state.draining && (
    <div className="room-notice" role="status" data-testid="server-draining">
      {SERVER_DRAINING_MESSAGE}
    </div>
  );
  if (!retryable) {
    return (
      <>
        {banner}
        {draining}
      </>
    );
  }
  return (
    <>
      <div className="room-banner-row">
        {banner}
        <button type="button" className="btn btn--primary room-banner-row__retry" onClick={onRetry}>
          Retry
        </button>
      </div>
      {draining}
    </>
  );
}
