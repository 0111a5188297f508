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

/**
 * Spec part 2's Edit Session modal for what the viewer may open but not change: an MVP Event (the
 * operators' own), or a session they booked with someone (the host's). The same fields, read-only,
 * with the reason, and Close instead of Save, since the server would refuse a save.
 */
export function ReadOnlySessionModal({
  source,
  onClose,
}: {
  source: { event: CalendarEvent } | { bookedSession: Session };
  onClose: () => void;
}) {
  const [values, note] =
    'event' in source
      ? [sessionFormFromEvent(source.event), EVENT_NOTE]
      : [sessionFormFrom(source.bookedSession), BOOKED_NOTE];
  return (
    <Modal title="Edit Session" onClose={onClose}>
      <SessionFields values={values} onChange={() => {}} disabled />
      <p className="muted">{note}</p>
      {'bookedSession' in source && <SessionBookingRoom sessionId={source.bookedSession._id} />}
      <ModalActions onClose={onClose} />
    </Modal>
  );
}
