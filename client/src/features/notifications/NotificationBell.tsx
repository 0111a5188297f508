import { useEffect, useId, useRef, useState } from 'react';
import { useNavigate } from 'react-router-dom';
import { useNotifications } from './useNotifications';

const when = (iso: string) => new Date(iso).toLocaleString(undefined, { dateStyle: 'medium', timeStyle: 'short' });

/**
 * The header's bell (issue 35): the unread count, live, and the list of notifications newest first,
 * each leading to its place in the app. A real button; Escape or a click elsewhere closes the list
 * and gives the focus back to the bell.
 */
export function NotificationBell() {
  const navigate = useNavigate();
  const [open, setOpen] = useState(false);
  const state = useNotifications((link) => void navigate(link));
  const buttonRef = useRef<HTMLButtonElement>(null);
  const panelRef = useRef<HTMLDivElement>(null);
  const panelId = useId();
  const { unread, items, load } = state;

  useEffect(() => {
    if (!open) return;
    load().catch((error: unknown) => console.error('Failed to load notifications', error));
    const close = (returnFocus: boolean) => {
      setOpen(false);
      if (returnFocus) buttonRef.current?.focus();
    };
    const onKey = (event: KeyboardEvent) => event.key === 'Escape' && close(true);
    const onPointer = (event: PointerEvent) => {
      const target = event.target as Node;
      if (!panelRef.current?.contains(target) && !buttonRef.current?.contains(target)) close(false);
    };
    document.addEventListener('keydown', onKey);
    document.addEventListener('pointerdown', onPointer);
    return () => {
      document.removeEventListener('keydown', onKey);
      document.removeEventListener('pointerdown', onPointer);
    };
  }, [open, load]);

  function follow(id: string, link: string) {
    setOpen(false);
    state.markRead(id).catch((error: unknown) => console.error('Failed to mark the notification read', error));
    void navigate(link);
  }

  const label = unread === 0 ? 'Notifications, none unread' : `Notifications, ${unread} unread`;
  return (
    <div className="bell">
      <button
        ref={buttonRef}
        type="button"
        className="bell__button"
        aria-label={label}
        aria-expanded={open}
        aria-controls={panelId}
        onClick={() => setOpen((value) => !value)}
      >
        <svg aria-hidden="true" viewBox="0 0 24 24" width="20" height="20" fill="currentColor">
          <path d="M12 22a2.5 2.5 0 0 0 2.45-2h-4.9A2.5 2.5 0 0 0 12 22Zm7-6V11a7 7 0 0 0-5.5-6.84V3a1.5 1.5 0 0 0-3 0v1.16A7 7 0 0 0 5 11v5l-2 2v1h18v-1l-2-2Z" />
        </svg>
        {unread > 0 && (
          <span className="badge bell__count" data-testid="notification-count" aria-hidden="true">
            {unread > 99 ? '99+' : unread}
          </span>
        )}
      </button>
      {open && (
        <div ref={panelRef} id={panelId} className="bell__panel" role="region" aria-label="Notifications">
          <div className="bell__head">
            <h2>Notifications</h2>
            <button
              type="button"
              className="btn btn--ghost btn--small"
              disabled={unread === 0}
              onClick={() => void state.markAllRead()}
            >
              Mark all read
            </button>
          </div>
          {items === null && <p className="bell__empty">Loading...</p>}
          {items?.length === 0 && <p className="bell__empty">No notifications yet.</p>}
          {items && items.length > 0 && (
            <ul className="bell__list">
              {items.map((item) => (
                <li key={item._id} className={item.readAt ? 'bell__item' : 'bell__item bell__item--unread'}>
                  <a
                    href={item.link}
                    onClick={(event) => {
                      event.preventDefault();
                      follow(item._id, item.link);
                    }}
                  >
                    <span className="bell__title">{item.title}</span>
                    <span className="bell__time">{when(item.createdAt)}</span>
                  </a>
                  {!item.readAt && (
                    <button
                      type="button"
                      className="bell__mark"
                      aria-label={`Mark read: ${item.title}`}
                      onClick={() => void state.markRead(item._id)}
                    >
                      ✓
                    </button>
                  )}
                </li>
              ))}
            </ul>
          )}
          {state.hasMore && (
            <button type="button" className="btn btn--ghost btn--small" onClick={() => void state.loadMore()}>
              Show older
            </button>
          )}
        </div>
      )}
    </div>
  );
}
