import type { NotificationItem, NotificationKind } from '@riffroom/protocol';
import { useCallback, useEffect, useState } from 'react';
import { useRealtimeEvent } from '../../app/RealtimeContext';
import { useServices } from '../../app/ServicesContext';
import { useToast } from '../../components/toast/ToastContext';
import type { ToastType } from '../../components/toast/types';

/**
 * Kinds another part of the app already toasts from its own realtime event (spec part 3's booking
 * toast, the message toast of a join request): the centre records them without a second toast.
 */
const TOASTED_ELSEWHERE: ReadonlySet<NotificationKind> = new Set([
  'booking-requested',
  'booking-answered',
  'join-requested',
]);

/** The spec's toast types: bookings are 'booking', everything else 'info'. */
const toastTypeOf = (kind: NotificationKind): ToastType => (kind.startsWith('booking-') ? 'booking' : 'info');

export interface NotificationsState {
  unread: number;
  /** Newest first; null until the list is first opened. */
  items: NotificationItem[] | null;
  hasMore: boolean;
  load(): Promise<void>;
  loadMore(): Promise<void>;
  markRead(id: string): Promise<void>;
  markAllRead(): Promise<void>;
}

/**
 * The bell's state: the unread count from the start, the list once opened, and both kept live by
 * the `notification` socket event (new items arrive on every tab of the person).
 */
export function useNotifications(onOpen: (link: string) => void): NotificationsState {
  const { api } = useServices();
  const toast = useToast();
  const [unread, setUnread] = useState(0);
  const [items, setItems] = useState<NotificationItem[] | null>(null);
  const [nextBefore, setNextBefore] = useState<string | null>(null);

  useEffect(() => {
    let live = true;
    api.notifications
      .unread()
      .then((count) => live && setUnread(count))
      .catch((error: unknown) => console.error('Failed to load the unread notifications', error));
    return () => {
      live = false;
    };
  }, [api]);

  useRealtimeEvent('notification', (item) => {
    setUnread((count) => count + 1);
    setItems((list) => (list ? [item, ...list.filter((other) => other._id !== item._id)] : list));
    // A booking from an offer (data.source 'market') has no realtime event of its own: toast it here.
    if (!TOASTED_ELSEWHERE.has(item.kind) || item.data.source === 'market') {
      toast.show({
        type: toastTypeOf(item.kind),
        message: item.title,
        action: { label: 'View', onClick: () => onOpen(item.link) },
      });
    }
  });

  const load = useCallback(async () => {
    const page = await api.notifications.list();
    setItems(page.notifications);
    setNextBefore(page.nextBefore);
    setUnread(await api.notifications.unread());
  }, [api]);

  const loadMore = useCallback(async () => {
    if (!nextBefore) return;
    const page = await api.notifications.list(nextBefore);
    setItems((list) => [...(list ?? []), ...page.notifications]);
    setNextBefore(page.nextBefore);
  }, [api, nextBefore]);

  const markRead = useCallback(
    async (id: string) => {
      const now = new Date().toISOString();
      setItems(
        (list) => list?.map((item) => (item._id === id && !item.readAt ? { ...item, readAt: now } : item)) ?? null,
      );
      setUnread(await api.notifications.markRead(id));
    },
    [api],
  );

  const markAllRead = useCallback(async () => {
    const now = new Date().toISOString();
    setItems((list) => list?.map((item) => (item.readAt ? item : { ...item, readAt: now })) ?? null);
    setUnread(await api.notifications.markAllRead());
  }, [api]);

  return { unread, items, hasMore: nextBefore !== null, load, loadMore, markRead, markAllRead };
}
