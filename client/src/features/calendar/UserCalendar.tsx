import type { CalendarEntry, OutgoingBooking, PublicUser, Session } from '@riffroom/protocol';
import { useEffect, useMemo, useState } from 'react';
import { useServices } from '../../app/ServicesContext';
import { displayName } from '../../components/userLabels';
import { BookTimeModal } from './BookTimeModal';
import { itemsFromEntries, itemsFromPendingBookings, type CalendarItem } from './calendarItems';
import { JoinRequestModal } from './JoinRequestModal';
import { ReadOnlySessionModal } from './ReadOnlySessionModal';
import { SessionCalendar } from './SessionCalendar';
import { nextHour } from './sessionForm';

interface UserCalendarProps {
  viewerUid: string;
  user: PublicUser;
  /** The viewer's own requests (Outgoing): those to this user still waiting show here, yellow. */
  outgoing: OutgoingBooking[];
  onBack: () => void;
  /** After a booking request: the viewer's own calendar shows it pending. */
  onBooked: () => void;
  /** Selecting a request still waiting opens Booking Requests, as on My Calendar. */
  onShowBookings: () => void;
}

type Open =
  | { modal: 'book'; start: Date; end: Date }
  | { modal: 'join'; session: Session }
  | { modal: 'booked'; session: Session }
  | null;

/**
 * A followed user's calendar: book a free slot (select it, or Book time for the form), ask to join
 * a session, 'Busy' for private time; the viewer's requests to them wait here in yellow.
 */
export function UserCalendar({ viewerUid, user, outgoing, onBack, onBooked, onShowBookings }: UserCalendarProps) {
  const { api } = useServices();
  const [entries, setEntries] = useState<CalendarEntry[]>([]);
  const [open, setOpen] = useState<Open>(null);
  const items = useMemo(
    () => [
      ...itemsFromEntries(entries),
      ...itemsFromPendingBookings(outgoing.filter((booking) => booking.host?.firebase_uid === user.firebase_uid)),
    ],
    [entries, outgoing, user.firebase_uid],
  );
  const name = displayName(user);

  useEffect(() => {
    let current = true;
    api.sessions.ofUser(user.firebase_uid).then(
      (list) => current && setEntries(list),
      (error: unknown) => console.error('Failed to load sessions', error),
    );
    return () => {
      current = false;
    };
  }, [api, user.firebase_uid]);

  function select(item: CalendarItem) {
    if (item.kind === 'busy') return window.alert('This time is private.');
    if (item.kind === 'booking') return onShowBookings();
    if (item.kind !== 'session') return;
    const { session } = item;
    // One you booked has nothing to join, but opens read-only, as on your own calendar.
    if (session.bookedBy === viewerUid) return setOpen({ modal: 'booked', session });
    if (session.host === viewerUid) return;
    setOpen({ modal: 'join', session });
  }

  return (
    <div className="user-calendar">
      <div className="user-calendar__header">
        <button type="button" className="btn btn--ghost btn--small" onClick={onBack}>
          Back
        </button>
        <h2>{name}&apos;s Calendar</h2>
        <button type="button" className="btn btn--primary" onClick={() => setOpen({ modal: 'book', ...nextHour() })}>
          Book time
        </button>
      </div>
      <SessionCalendar
        label={`${name}'s calendar`}
        items={items}
        onSelectSlot={(start, end) => setOpen({ modal: 'book', start, end })}
        onSelectItem={select}
      />
      {open?.modal === 'book' && (
        <BookTimeModal
          host={user}
          start={open.start}
          end={open.end}
          onClose={() => setOpen(null)}
          onSent={() => {
            setOpen(null);
            onBooked();
          }}
        />
      )}
      {open?.modal === 'booked' && (
        <ReadOnlySessionModal source={{ bookedSession: open.session }} onClose={() => setOpen(null)} />
      )}
      {open?.modal === 'join' && (
        <JoinRequestModal session={open.session} hostName={name} onClose={() => setOpen(null)} />
      )}
    </div>
  );
}
