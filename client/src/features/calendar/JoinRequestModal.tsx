import type { Session } from '@riffroom/protocol';
import { format } from 'date-fns';
import { useState, type FormEvent } from 'react';
import { useServices } from '../../app/ServicesContext';
import { TextAreaField } from '../../components/fields';
import { Modal, ModalActions } from '../../components/Modal';
import { useAlertingAction } from '../../components/useAlertingAction';

interface JoinRequestModalProps {
  session: Session;
  hostName: string;
  onClose: () => void;
}

const when = (session: Session) =>
  `${format(new Date(session.startTime), 'EEE d MMM yyyy, HH:mm')} – ${format(new Date(session.endTime), 'HH:mm')}`;

/** Opened by selecting a public or followers-visible session on a followed user's calendar. */
export function JoinRequestModal({ session, hostName, onClose }: JoinRequestModalProps) {
  const { api } = useServices();
  const [message, setMessage] = useState('');
  const { busy: sending, attempt } = useAlertingAction();

  async function submit(event: FormEvent) {
    event.preventDefault();
    const sent = await attempt('Failed to send join request.', () =>
      api.sessions.requestToJoin(session._id, message.trim()),
    );
    if (!sent) return;
    window.alert('Join request sent!');
    onClose();
  }

  return (
    <Modal title="Request to Join Session" onClose={onClose}>
      <dl className="session-summary">
        <dt>Session</dt>
        <dd>{session.title}</dd>
        <dt>Host</dt>
        <dd>{hostName}</dd>
        <dt>When</dt>
        <dd>{when(session)}</dd>
        <dt>Type</dt>
        <dd>{session.type}</dd>
        {session.location && (
          <>
            <dt>Location</dt>
            <dd>{session.location}</dd>
          </>
        )}
        {session.description && (
          <>
            <dt>About</dt>
            <dd>{session.description}</dd>
          </>
        )}
      </dl>
      <form onSubmit={submit}>
        <TextAreaField label="Message" rows={3} value={message} onChange={setMessage} disabled={sending} />
        <ModalActions submit="Send Join Request" busy={sending} onClose={onClose} />
      </form>
    </Modal>
  );
}
