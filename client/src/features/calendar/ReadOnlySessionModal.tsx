import type { CalendarEvent, Session } from '@riffroom/protocol';
import { Modal, ModalActions } from '../../components/Modal';
import { SessionBookingRoom } from './SessionBookingRoom';
import { SessionFields } from './SessionFields';
import { emptySessionForm, sessionFormFrom, type SessionFormValues } from './sessionForm';

/** An MVP Event in the session form's shape: its title and its time (the other fields stay empty). */
export function sessionFormFromEvent(event: CalendarEvent): SessionFormValues {
  const start = new Date(event.dateTime);
  return { ...emptySessionForm(start, new Date(start.getTime() + event.duration * 60_000)), title: event.title };
}

export const EVENT_NOTE = 'Events are organised by the Riffroom team and cannot be edited here.';
export const BOOKED_NOTE = 'You booked this session. Only its host can change or cancel it.';
/** The spec has no title for a session the viewer booked; 'Edit Session' would promise a change it refuses. */
export const BOOKED_TITLE = 'Booked Session';
export const JOINED_NOTE = 'You take part in this session. Only its host can change or cancel it.';
/** Nor for one they take part in (a join request accepted, or added to a booking). */
export const JOINED_TITLE = 'Session details';

/**
 * What the viewer may open but not change, in the session form's fields, read-only, with the reason,
 * and Close instead of Save, since the server would refuse a save: an MVP Event (the operators'
 * own), titled Edit Session as spec part 2 says; a session they booked with someone (the host's),
 * titled Booked Session; or one they take part in, titled Session details.
 */
export function ReadOnlySessionModal({
  source,
  onClose,
}: {
  source: { event: CalendarEvent } | { bookedSession: Session } | { joinedSession: Session };
  onClose: () => void;
}) {
  const session =
    'bookedSession' in source ? source.bookedSession : 'joinedSession' in source ? source.joinedSession : null;
  const [values, note, title] =
    'event' in source
      ? [sessionFormFromEvent(source.event), EVENT_NOTE, 'Edit Session']
      : 'bookedSession' in source
        ? [sessionFormFrom(source.bookedSession), BOOKED_NOTE, BOOKED_TITLE]
        : [sessionFormFrom(source.joinedSession), JOINED_NOTE, JOINED_TITLE];
  return (
    <Modal title={title} onClose={onClose}>
      <SessionFields values={values} onChange={() => {}} disabled />
      <p className="muted">{note}</p>
      {session && <SessionBookingRoom sessionId={session._id} />}
      <ModalActions onClose={onClose} />
    </Modal>
  );
}
