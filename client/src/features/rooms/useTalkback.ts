import { useEffect, useSyncExternalStore } from 'react';
import type { TalkbackClient, TalkbackView } from '../../services/media/talkback';

const noSubscription = () => () => {};

/** The talkback view of a room screen's connection, or null where it has none (no WebRTC). */
export function useTalkback(client: TalkbackClient | null | undefined): TalkbackView | null {
  return useSyncExternalStore(client ? client.subscribe : noSubscription, () => (client ? client.getState() : null));
}

/** Whether a key press belongs to something the person is typing in (chat), not to push-to-talk. */
function isTyping(target: EventTarget | null): boolean {
  if (!(target instanceof HTMLElement)) return false;
  return target.isContentEditable || ['INPUT', 'TEXTAREA', 'SELECT', 'BUTTON'].includes(target.tagName);
}

/**
 * Push-to-talk on the space bar, held anywhere on the page except where the person types (chat)
 * or presses a focused control. Leaving the window lets go, so a talker never stays open by accident.
 */
export function useSpaceToTalk(enabled: boolean, onChange: (held: boolean) => void): void {
  useEffect(() => {
    if (!enabled) return;
    let held = false;
    const set = (next: boolean) => {
      if (next === held) return;
      held = next;
      onChange(next);
    };
    const down = (event: KeyboardEvent) => {
      if (event.code !== 'Space' || event.repeat || isTyping(event.target)) return;
      event.preventDefault();
      set(true);
    };
    const up = (event: KeyboardEvent) => {
      if (event.code === 'Space') set(false);
    };
    const release = () => set(false);
    window.addEventListener('keydown', down);
    window.addEventListener('keyup', up);
    window.addEventListener('blur', release);
    return () => {
      window.removeEventListener('keydown', down);
      window.removeEventListener('keyup', up);
      window.removeEventListener('blur', release);
      release();
    };
  }, [enabled, onChange]);
}
