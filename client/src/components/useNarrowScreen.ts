import { useSyncExternalStore } from 'react';

/**
 * Phones and narrow windows (issue 37): below 768 px the dashboard's sidebar folds behind a menu
 * button and the host room shows one group of panels at a time. The CSS uses the same width.
 */
export const NARROW_SCREEN_QUERY = '(max-width: 767.98px)';

function subscribe(onChange: () => void): () => void {
  const query = window.matchMedia?.(NARROW_SCREEN_QUERY);
  query?.addEventListener('change', onChange);
  return () => query?.removeEventListener('change', onChange);
}

const isNarrow = () => window.matchMedia?.(NARROW_SCREEN_QUERY).matches ?? false;

/** True while the window is narrower than 768 px; follows rotation and resizing. */
export function useNarrowScreen(): boolean {
  return useSyncExternalStore(subscribe, isNarrow, () => false);
}
