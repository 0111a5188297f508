import type { RoomState } from '../../services/media/roomState';
import { bannerFor } from './banner';

export function StatusBanner({ state, role }: { state: RoomState; role: 'host' | 'guest' }) {
  const { tone, text } = bannerFor(state, role);
  return (
    <div className={`room-banner room-banner--${tone}`} role="status" data-tone={tone}>
      {text}
    </div>
  );
}
