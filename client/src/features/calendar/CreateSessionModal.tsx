import { useState, type FormEvent } from 'react';
import { useServices } from '../../app/ServicesContext';
import { Modal, ModalActions } from '../../components/Modal';
import { useAlertingAction } from '../../components/useAlertingAction';
import { SessionFields } from './SessionFields';
import { emptySessionForm, sessionBodyFrom, validateSessionForm } from './sessionForm';

interface CreateSessionModalProps {
  start: Date;
  end: Date;
  onClose: () => void;
  onCreated: () => void;
}

/** Opened by selecting a slot on My Calendar. */
export function CreateSessionModal({ start, end, onClose, onCreated }: CreateSessionModalProps) {
  const { api } = useServices();
  const [values, setValues] = useState(() => emptySessionForm(start, end));
  const { busy: saving, attempt } = useAlertingAction();

  async function submit(event: FormEvent) {
    event.preventDefault();
    const problem = validateSessionForm(values);
    if (problem) return window.alert(problem);
    await attempt('Failed to create session.', async () => {
      await api.sessions.create(sessionBodyFrom(values));
      onCreated();
    });
  }

  return (
    <Modal title="Create Session" onClose={onClose}>
      <form onSubmit={submit} noValidate>
        <SessionFields values={values} onChange={setValues} disabled={saving} />
        <ModalActions submit="Create Session" busy={saving} onClose={onClose} />
      </form>
    </Modal>
  );
}
