import type { MediaTier } from '../../services/media/roomState';

/** `?tier=sfu|p2p|relay` forces a guest's media tier (operators and tests); anything else lets it choose. */
export function forcedTier(value: string | null): MediaTier | undefined {
  return value === 'sfu' || value === 'p2p' || value === 'relay' ? value : undefined;
}
