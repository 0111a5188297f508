import type { RoomState } from '../../services/media/roomState';

/**
 * Spec part 2: the guest's warning while the host screen comes over the server relay. A guest
 * shows it as its own element (GuestRoomPage), beside the banner, so host states never replace it;
 * the host, whose own media may go over the relay, sees it in its banner.
 */
export const RELAY_WARNING = 'Using server relay mode (lower quality)...';

export type BannerTone = 'connected' | 'connecting' | 'fallback' | 'error';

/** Spec part 2: green connected, yellow connecting, orange fallback (and guest warnings), red error. */
export function bannerFor(state: RoomState, role: 'host' | 'guest'): { tone: BannerTone; text: string } {
  switch (state.status) {
    case 'initializing':
      return { tone: 'connecting', text: 'Initializing...' };
    case 'connecting':
      return { tone: 'connecting', text: 'Connecting...' };
    case 'error':
      return { tone: 'error', text: state.error ?? 'Unable to connect. Please try again.' };
    case 'connected':
    case 'connected-fallback': {
      if (role === 'guest' && state.hostPresence !== 'online') {
        return { tone: 'fallback', text: HOST_PRESENCE_TEXT[state.hostPresence] };
      }
      if (state.status === 'connected') return { tone: 'connected', text: 'Connected (High Performance)' };
      if (role === 'host' && state.tier === 'relay') return { tone: 'fallback', text: RELAY_WARNING };
      return { tone: 'fallback', text: 'Connected (Cloud Backup)' };
    }
  }
}

const HOST_PRESENCE_TEXT = {
  waiting: 'Waiting for host...',
  disconnected: 'Host has disconnected',
  left: 'Host has left the room',
} as const;
