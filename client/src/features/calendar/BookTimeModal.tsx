import type { PublicUser } from '@riffroom/protocol';
import { useState, type FormEvent } from 'react';
import { useServices } from '../../app/ServicesContext';
import { TextAreaField, TextField } from '../../components/fields';
import { Modal, ModalActions } from '../../components/Modal';
import { useAlertingAction } from '../../components/useAlertingAction';
import { displayName } from '../../components/userLabels';
import { MESSAGES, timeOrderError, toLocalInput } from './sessionForm';

interface BookTimeModalProps {
  host: PublicUser;
  start: Date;
  end: Date;
  onClose: () => void;
  onSent: () => void;
}

/** Opened by selecting a slot on a followed user's calendar. */
export function BookTimeModal({ host, start, end, onClose, onSent }: BookTimeModalProps) {
  const { api } = useServices();
  const [values, setValues] = useState({ title: '', start: toLocalInput(start), end: toLocalInput(end), message: '' });
  const { busy: sending, attempt } = useAlertingAction();
  const set = (key: keyof typeof values) => (value: string) => setValues((current) => ({ ...current, [key]: value }));

  async function submit(event: FormEvent) {
    event.preventDefault();
    if (!values.start || !values.end) return window.alert(MESSAGES.bookingTimes);
    const problem = timeOrderError(values.start, values.end);
    if (problem) return window.alert(problem);
    await attempt('Failed to send booking request.', async () => {
      await api.sessions.requestBooking({
        targetUser: host.firebase_uid,
        startTime: new Date(values.start).toISOString(),
        endTime: new Date(values.end).toISOString(),
        message: values.message.trim(),
        title: values.title.trim(),
      });
      onSent();
    });
  }

  return (
    <Modal title={`Book Time with ${displayName(host)}`} onClose={onClose}>
      <form onSubmit={submit} noValidate>
        <fieldset className="form-grid" disabled={sending}>
          <TextField label="Title" placeholder="Booked session" value={values.title} onChange={set('title')} />
          <TextField label="Start Time" type="datetime-local" value={values.start} onChange={set('start')} />
          <TextField label="End Time" type="datetime-local" value={values.end} onChange={set('end')} />
          <TextAreaField label="Message" rows={3} value={values.message} onChange={set('message')} />
        </fieldset>
        <ModalActions submit="Send Booking Request" busy={sending} onClose={onClose} />
      </form>
    </Modal>
  );
}
