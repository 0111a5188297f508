import type { Session } from '@riffroom/protocol';
import { useState, type FormEvent } from 'react';
import { useServices } from '../../app/ServicesContext';
import { Modal, ModalActions } from '../../components/Modal';
import { SessionBookingRoom } from './SessionBookingRoom';
import { useAlertingAction } from '../../components/useAlertingAction';
import { SessionFields } from './SessionFields';
import { sessionBodyFrom, sessionFormFrom, validateSessionForm } from './sessionForm';

interface EditSessionModalProps {
  session: Session;
  onClose: () => void;
  /** After a save or a cancellation: the calendar reloads. */
  onChanged: () => void;
}

/** Opened by selecting one of your sessions: Save, or Cancel Session after a confirmation. */
export function EditSessionModal({ session, onClose, onChanged }: EditSessionModalProps) {
  const { api } = useServices();
  const [values, setValues] = useState(() => sessionFormFrom(session));
  const { busy, attempt } = useAlertingAction();

  async function save(event: FormEvent) {
    event.preventDefault();
    const problem = validateSessionForm(values);
    if (problem) return window.alert(problem);
    await attempt('Failed to update session.', async () => {
      await api.sessions.update(session._id, sessionBodyFrom(values));
      onChanged();
    });
  }

  async function cancelSession() {
    if (!window.confirm('Are you sure you want to cancel this session?')) return;
    await attempt('Failed to cancel session.', async () => {
      await api.sessions.cancel(session._id);
      onChanged();
    });
  }

  return (
    <Modal title="Edit Session" onClose={onClose}>
      <form onSubmit={save} noValidate>
        <SessionFields values={values} onChange={setValues} disabled={busy} />
        <ModalActions submit="Save" busy={busy} onClose={onClose}>
          <button type="button" className="btn btn--danger" disabled={busy} onClick={() => void cancelSession()}>
            Cancel Session
          </button>
        </ModalActions>
      </form>
      {/* A marketplace booking's session: its room and its cancel with a reason (the other side is told). */}
      <SessionBookingRoom sessionId={session._id} onChanged={onChanged} />
    </Modal>
  );
}
