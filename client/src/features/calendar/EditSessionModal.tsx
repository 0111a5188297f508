import type { Session } from '@riffroom/protocol';
import { useState, type FormEvent } from 'react';
import { useServices } from '../../app/ServicesContext';
import { Modal } from '../../components/Modal';
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
  const [busy, setBusy] = useState(false);

  async function save(event: FormEvent) {
    event.preventDefault();
    const problem = validateSessionForm(values);
    if (problem) return window.alert(problem);
    setBusy(true);
    try {
      await api.sessions.update(session._id, sessionBodyFrom(values));
      onChanged();
    } catch (error) {
      console.error('Failed to update session', error);
      window.alert('Failed to update session.');
      setBusy(false);
    }
  }

  async function cancelSession() {
    if (!window.confirm('Are you sure you want to cancel this session?')) return;
    setBusy(true);
    try {
      await api.sessions.cancel(session._id);
      onChanged();
    } catch (error) {
      console.error('Failed to cancel session', error);
      window.alert('Failed to cancel session.');
      setBusy(false);
    }
  }

  return (
    <Modal title="Edit Session" onClose={onClose}>
      <form onSubmit={save} noValidate>
        <SessionFields values={values} onChange={setValues} disabled={busy} />
        <div className="form-actions">
          <button type="submit" className="btn btn--primary" disabled={busy}>
            Save
          </button>
          <button type="button" className="btn btn--danger" disabled={busy} onClick={() => void cancelSession()}>
            Cancel Session
          </button>
          <button type="button" className="btn btn--ghost" onClick={onClose}>
            Close
          </button>
        </div>
      </form>
    </Modal>
  );
}
