import type { Message } from '@riffroom/protocol';
import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { useRealtimeEvent } from '../../app/RealtimeContext';
import { useServices } from '../../app/ServicesContext';
import { useToast } from '../../components/toast/ToastContext';
import { displayName } from '../../components/userLabels';

export interface Inbox {
  /** Unread messages per sender uid. */
  unread: Readonly<Record<string, number>>;
  total: number;
  /** The conversation with `uid` was read: its badge goes away. */
  markedRead(uid: string): void;
}

interface InboxOptions {
  /** The conversation on screen, if any: its messages are read as they arrive, so no toast. */
  openConversation: string | null;
  openConversationWith(uid: string): void;
}

/**
 * The signed-in user's unread counts, kept live by `new-message`, and the toast that announces a
 * message (spec parts 2 and 9: type message, 6 s) unless its conversation is already open.
 */
export function useInbox({ openConversation, openConversationWith }: InboxOptions): Inbox {
  const { api } = useServices();
  const toast = useToast();
  const [unread, setUnread] = useState<Record<string, number>>({});
  const open = useRef(openConversation);
  useEffect(() => {
    open.current = openConversation;
  });

  useEffect(() => {
    let current = true;
    api.messages.unreadCounts().then(
      (counts) => {
        if (!current) return;
        // Replaces what live events added meanwhile: the server's answer already counts them.
        setUnread(Object.fromEntries(counts.map((entry) => [entry._id, entry.count])));
      },
      // Spec part 8: unread load failures are only logged.
      (error: unknown) => console.error('Failed to load unread counts', error),
    );
    return () => {
      current = false;
    };
  }, [api]);

  async function announce(from: string) {
    let sender = 'someone';
    try {
      sender = displayName(await api.users.getByUid(from));
    } catch (error) {
      console.error('Failed to load the sender of a message', error);
    }
    toast.show({
      // One toast per sender: a burst of messages updates it instead of stacking.
      id: `message-from-${from}`,
      type: 'message',
      message: `New message from ${sender}`,
      action: { label: 'Open', onClick: () => openConversationWith(from) },
    });
  }

  useRealtimeEvent('new-message', (message: Message) => {
    const from = message.from_uid;
    if (from === open.current) return;
    setUnread((counts) => ({ ...counts, [from]: (counts[from] ?? 0) + 1 }));
    void announce(from);
  });

  const markedRead = useCallback((uid: string) => {
    setUnread((counts) => {
      if (!counts[uid]) return counts;
      const { [uid]: _read, ...rest } = counts;
      return rest;
    });
  }, []);

  const total = useMemo(() => Object.values(unread).reduce((sum, count) => sum + count, 0), [unread]);
  return { unread, total, markedRead };
}
