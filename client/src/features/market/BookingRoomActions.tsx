import type { MarketBooking } from '@riffroom/protocol';
import { useState, type FormEvent } from 'react';
import { useNavigate } from 'react-router-dom';
import { useAuth } from '../../app/AuthContext';
import { useServices } from '../../app/ServicesContext';
import { TextAreaField } from '../../components/fields';
import { describeError } from '../../services/api';
import { BookingPeople } from './BookingPeople';
import { cancellable, roomWindowState, useNow } from './bookingRoomWindow';

/**
 * A booking's Join room and Cancel booking (issue 35 item 5), wherever the booking is shown (the
 * session's modal on the calendar, the booking lists). Join room shows from the room's opening
 * until the end: the provider lands on the host page of the booking's room, the requester and the
 * people the provider added join it as collaborators. Cancel, for the two parties only, asks for
 * the reason the other side is told. The provider adds and removes people (BookingPeople).
 */
export function BookingRoomActions({
  booking,
  onChanged,
}: {
  booking: MarketBooking;
  onChanged?: (booking: MarketBooking) => void;
}) {
  const { api } = useServices();
  const { state: auth } = useAuth();
  const viewerUid = auth.status === 'signed-in' ? auth.user.uid : undefined;
  const isParty = viewerUid === booking.provider.uid || viewerUid === booking.requester.uid;
  const navigate = useNavigate();
  const now = useNow();
  const [problem, setProblem] = useState('');
  const [busy, setBusy] = useState(false);
  const [cancelling, setCancelling] = useState(false);
  const [reason, setReason] = useState('');
  const windowState = roomWindowState(booking, now);

  const join = async () => {
    setBusy(true);
    setProblem('');
    try {
      const { roomId, role } = await api.bookingRoom.open(booking.id);
      if (role === 'host') navigate('/host-collaboration', { state: { roomId } });
      else navigate(`/join-collaboration/${encodeURIComponent(roomId)}`);
    } catch (error) {
      setProblem(describeError(error).message || 'Could not open the room.');
    } finally {
      setBusy(false);
    }
  };

  const cancel = async (event: FormEvent) => {
    event.preventDefault();
    if (!reason.trim()) return setProblem('Please give a reason.');
    setBusy(true);
    setProblem('');
    try {
      const cancelled = await api.bookingRoom.cancel(booking.id, reason.trim());
      setCancelling(false);
      onChanged?.(cancelled);
    } catch (error) {
      setProblem(describeError(error).message || 'Could not cancel the booking.');
    } finally {
      setBusy(false);
    }
  };

  return (
    <div className="booking-room-actions">
      {windowState === 'open' && (
        <button type="button" className="btn btn--primary" disabled={busy} onClick={() => void join()}>
          Join room
        </button>
      )}
      {windowState === 'before' && booking.roomOpensAt && (
        <p className="muted">The room opens at {new Date(booking.roomOpensAt).toLocaleString()}.</p>
      )}
      {booking.status === 'cancelled' && (
        <p className="muted">Cancelled{booking.reason ? `: ${booking.reason}` : ''}</p>
      )}
      <BookingPeople
        booking={booking}
        viewerUid={viewerUid}
        open={booking.status === 'confirmed' && now < Date.parse(booking.endTime)}
        onChanged={(changed) => onChanged?.(changed)}
      />
      {isParty &&
        cancellable(booking, now) &&
        (cancelling ? (
          <form onSubmit={(event) => void cancel(event)}>
            <TextAreaField label="Reason for cancelling" value={reason} maxLength={1000} onChange={setReason} />
            <div className="form-actions">
              <button type="submit" className="btn btn--danger" disabled={busy}>
                Cancel booking
              </button>
              <button type="button" className="btn btn--ghost" onClick={() => setCancelling(false)}>
                Keep it
              </button>
            </div>
          </form>
        ) : (
          <button type="button" className="btn btn--ghost" onClick={() => setCancelling(true)}>
            Cancel booking
          </button>
        ))}
      {problem && (
        <p className="muted" role="alert">
          {problem}
        </p>
      )}
    </div>
  );
}
