import type { ListedJoinRequest } from '@riffroom/protocol';
import { useState } from 'react';
import { useServices } from '../../app/ServicesContext';
import { describeError, type BookingAction } from '../../services/api';
import { spanText } from './market/marketBookingText';

interface JoinRequestItemProps {
  request: ListedJoinRequest;
  /** Incoming: someone asks to join the viewer's session; outgoing: the viewer asked. */
  side: 'incoming' | 'outgoing';
  onAnswered: () => void;
}

/**
 * A request to join a session (issue 35, item 7) in the Booking Requests lists. The host accepts
 * (the requester becomes a participant and is notified) or declines; the requester sees the answer.
 */
export function JoinRequestItem({ request, side, onAnswered }: JoinRequestItemProps) {
  const { api } = useServices();
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState('');
  const who = side === 'incoming' ? `From @${request.requester.username}` : `To @${request.host.username}`;

  async function answer(action: BookingAction) {
    setBusy(true);
    setError('');
    try {
      await api.sessions.answerJoinRequest(request._id, action);
      onAnswered();
    } catch (failure) {
      console.error('Failed to answer join request', failure);
      setError(`Failed to update booking request. ${describeError(failure).message}`.trim());
    } finally {
      setBusy(false);
    }
  }

  return (
    <li className="booking booking--market" data-testid={`join-${side}`}>
      <div className="booking__body">
        <strong>Join request: {request.session.title}</strong> <span className="muted">{who}</span>
        <div>{spanText(request.session.startTime, request.session.endTime)}</div>
        {request.message && <div className="booking__message">{request.message}</div>}
        <span className={`booking__status booking__status--${request.status}`}>{request.status}</span>
      </div>
      {side === 'incoming' && request.status === 'pending' && (
        <div className="booking__actions">
          <button
            type="button"
            className="btn btn--primary btn--small"
            disabled={busy}
            onClick={() => void answer('accept')}
          >
            Accept
          </button>
          <button
            type="button"
            className="btn btn--ghost btn--small"
            disabled={busy}
            onClick={() => void answer('decline')}
          >
            Decline
          </button>
        </div>
      )}
      {error && (
        <p role="alert" className="booking__error">
          {error}
        </p>
      )}
    </li>
  );
}
