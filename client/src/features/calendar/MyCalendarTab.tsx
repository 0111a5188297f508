import type { Session } from '@riffroom/protocol';
import { useState } from 'react';
import type { CalendarItem } from './calendarItems';
import { CreateSessionModal } from './CreateSessionModal';
import { EditSessionModal } from './EditSessionModal';
import { ReadOnlySessionModal } from './ReadOnlySessionModal';
import { SessionCalendar } from './SessionCalendar';
import { nextHour } from './sessionForm';

interface MyCalendarTabProps {
  uid: string;
  items: CalendarItem[];
  onChanged: () => void;
  onShowBookings: () => void;
}

type Open =
  | { modal: 'create'; start: Date; end: Date }
  | { modal: 'edit'; session: Session }
  | { modal: 'booked'; session: Session }
  | { modal: 'joined'; session: Session }
  | null;

/**
 * Select a slot (click, drag, or tap) to create a session, or New session for the form with start
 * and end to type: the keyboard's way. Select one of yours to edit or cancel it.
 */
export function MyCalendarTab({ uid, items, onChanged, onShowBookings }: MyCalendarTabProps) {
  const [open, setOpen] = useState<Open>(null);
  const close = () => setOpen(null);
  const changed = () => {
    setOpen(null);
    onChanged();
  };

  function select(item: CalendarItem) {
    if (item.kind === 'booking') return onShowBookings();
    if (item.kind !== 'session') return;
    // Yours open Edit Session; one you booked, or take part in, opens read-only: it is the host's.
    const { session } = item;
    setOpen({ modal: session.host === uid ? 'edit' : session.bookedBy === uid ? 'booked' : 'joined', session });
  }

  return (
    <>
      <div className="calendar-actions">
        <button type="button" className="btn btn--primary" onClick={() => setOpen({ modal: 'create', ...nextHour() })}>
          New session
        </button>
      </div>
      <SessionCalendar
        label="My Calendar"
        items={items}
        onSelectSlot={(start, end) => setOpen({ modal: 'create', start, end })}
        onSelectItem={select}
      />
      {open?.modal === 'create' && (
        <CreateSessionModal start={open.start} end={open.end} onClose={close} onCreated={changed} />
      )}
      {open?.modal === 'edit' && <EditSessionModal session={open.session} onClose={close} onChanged={changed} />}
      {open?.modal === 'booked' && <ReadOnlySessionModal source={{ bookedSession: open.session }} onClose={close} />}
      {open?.modal === 'joined' && <ReadOnlySessionModal source={{ joinedSession: open.session }} onClose={close} />}
    </>
  );
}
