import type { Message } from '@riffroom/protocol';
import { useCallback, useEffect, useState } from 'react';
import { useRealtimeEvent } from '../../app/RealtimeContext';
import { useServices } from '../../app/ServicesContext';

export type ConversationState =
  { status: 'loading' } | { status: 'ready'; messages: Message[]; nextBefore: string | null; loadingOlder: boolean };

/**
 * The open conversation with `otherUid`: its messages (spec part 4: load, then mark read), older
 * pages on demand, what the user sends, and what arrives live while it is open.
 */
export function useConversation(otherUid: string, onRead: (uid: string) => void) {
  const { api } = useServices();
  const [state, setState] = useState<ConversationState>({ status: 'loading' });

  const markRead = useCallback(() => {
    api.messages.markRead(otherUid).then(
      () => onRead(otherUid),
      (error: unknown) => console.error('Failed to mark messages read', error),
    );
  }, [api, otherUid, onRead]);

  useEffect(() => {
    // ChatPanel is keyed by the other user, so this runs once per conversation, from 'loading'.
    let current = true;
    api.messages.conversation(otherUid).then(
      (page) => {
        if (!current) return;
        setState({ status: 'ready', messages: page.messages, nextBefore: page.nextBefore, loadingOlder: false });
        markRead();
      },
      (error: unknown) => {
        // Spec part 8: message load failures are only logged; the chat shows as empty.
        console.error('Failed to load messages', error);
        if (current) setState({ status: 'ready', messages: [], nextBefore: null, loadingOlder: false });
      },
    );
    return () => {
      current = false;
    };
    // markRead changes with onRead's identity; reloading the history for that would be wasteful.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [api, otherUid]);

  const append = useCallback((message: Message) => {
    setState((previous) => {
      if (previous.status !== 'ready' || previous.messages.some((m) => m._id === message._id)) return previous;
      return { ...previous, messages: [...previous.messages, message] };
    });
  }, []);

  useRealtimeEvent('new-message', (message: Message) => {
    if (message.from_uid !== otherUid) return;
    append(message);
    markRead();
  });

  async function loadOlder() {
    if (state.status !== 'ready' || !state.nextBefore || state.loadingOlder) return;
    setState({ ...state, loadingOlder: true });
    try {
      const page = await api.messages.conversation(otherUid, state.nextBefore);
      setState((previous) =>
        previous.status === 'ready'
          ? {
              status: 'ready',
              messages: [...page.messages, ...previous.messages],
              nextBefore: page.nextBefore,
              loadingOlder: false,
            }
          : previous,
      );
    } catch (error) {
      console.error('Failed to load older messages', error);
      setState((previous) => (previous.status === 'ready' ? { ...previous, loadingOlder: false } : previous));
    }
  }

  /** Resolves once the server stored the message; rejects (and appends nothing) when it did not. */
  async function send(content: string): Promise<void> {
    append(await api.messages.send(otherUid, content));
  }

  return { state, loadOlder, send };
}
