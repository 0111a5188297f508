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

/**
 * What the viewer may open but not change, in the session form's fields, read-only, with the reason,
 * and Close instead of Save, since the server would refuse a save: an MVP Event (the operators'
 * own), titled Edit Session as spec part 2 says, or a session they booked with someone (the host's),
 * titled Booked Session for what it is.
 */
export function ReadOnlySessionModal({
  source,
  onClose,
}: {
  source: { event: CalendarEvent } | { bookedSession: Session };
  onClose: () => void;
}) {
  const [values, note, title] =
    'event' in source
      ? [sessionFormFromEvent(source.event), EVENT_NOTE, 'Edit Session']
      : [sessionFormFrom(source.bookedSession), BOOKED_NOTE, BOOKED_TITLE];
  return (
    <Modal title={title} onClose={onClose}>
      <SessionFields values={values} onChange={() => {}} disabled />
      <p className="muted">{note}</p>
      {'bookedSession' in source && <SessionBookingRoom sessionId={source.bookedSession._id} />}
      <ModalActions onClose={onClose} />
    </Modal>
  );
}
