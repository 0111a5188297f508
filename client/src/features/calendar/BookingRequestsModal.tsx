import type {
  IncomingBooking,
  MarketBookingsResponse,
  MyBookingsResponse,
  MyJoinRequestsResponse,
  OutgoingBooking,
} from '@riffroom/protocol';
import { format } from 'date-fns';
import { useState } from 'react';
import { useServices } from '../../app/ServicesContext';
import { Modal, ModalActions } from '../../components/Modal';
import { useAlertingAction } from '../../components/useAlertingAction';
import type { BookingAction } from '../../services/api';
import { JoinRequestItem } from './JoinRequestItem';
import { MarketBookingItem } from './market/MarketBookingItem';

interface BookingRequestsModalProps {
  viewerUid: string;
  bookings: MyBookingsResponse | null;
  /** Their last load failed (spec part 8: only logged), so Retry stands where 'Loading...' would. */
  failed?: boolean;
  onRetry?: () => void;
  /** Bookings from offers (issue 35), listed beside the spec's session bookings. */
  market: MarketBookingsResponse | null;
  /** Requests to join sessions (issue 35, item 7): the host answers them here. */
  joins: MyJoinRequestsResponse | null;
  onClose: () => void;
  /** After an answer: the lists and the calendars reload. */
  onAnswered: () => void;
}

const when = (booking: IncomingBooking | OutgoingBooking) =>
  `${format(new Date(booking.startTime), 'EEE d MMM yyyy, HH:mm')} – ${format(new Date(booking.endTime), 'HH:mm')}`;

interface BookingLineProps {
  booking: IncomingBooking | OutgoingBooking;
  direction: 'From' | 'To';
  /** '@username', or the spec's 'Unknown User' / 'Unknown Host' fallback. */
  who: string;
}

function BookingLine({ booking, direction, who }: BookingLineProps) {
  return (
    <div className="booking__body">
      <strong>{booking.title}</strong>{' '}
      <span className="muted">
        {direction} <span data-testid="booking-party">{who}</span>
      </span>
      <div>{when(booking)}</div>
      {booking.message && <div className="booking__message">{booking.message}</div>}
      <span className={`booking__status booking__status--${booking.status}`}>{booking.status}</span>
    </div>
  );
}

/** Incoming and Outgoing requests; only incoming ones that still wait have Accept and Decline. */
export function BookingRequestsModal({
  viewerUid,
  bookings,
  failed = false,
  onRetry,
  market,
  joins,
  onClose,
  onAnswered,
}: BookingRequestsModalProps) {
  const { api } = useServices();
  const [answering, setAnswering] = useState<string | null>(null);
  const { attempt } = useAlertingAction();

  async function answer(id: string, action: BookingAction) {
    setAnswering(id);
    await attempt('Failed to update booking request.', async () => {
      await api.sessions.respondBooking(id, action);
      onAnswered();
    });
    setAnswering(null);
  }

  return (
    <Modal title="Booking Requests" onClose={onClose}>
      {bookings === null && failed ? (
        <p>
          <button type="button" className="btn" onClick={onRetry}>
            Retry
          </button>
        </p>
      ) : bookings === null ? (
        <p className="muted">Loading...</p>
      ) : (
        <div className="booking-lists">
          <section aria-labelledby="incoming-heading">
            <h3 id="incoming-heading">Incoming</h3>
            {bookings.incoming.length + (market?.incoming.length ?? 0) + (joins?.incoming.length ?? 0) === 0 && (
              <p className="muted">No incoming requests.</p>
            )}
            <ul className="booking-list">
              {bookings.incoming.map((booking) => (
                <li key={booking._id} className="booking" data-testid="incoming-booking">
                  <BookingLine
                    booking={booking}
                    direction="From"
                    who={booking.requestedBy ? `@${booking.requestedBy.user_username}` : 'Unknown User'}
                  />
                  {booking.status === 'pending' && (
                    <div className="booking__actions">
                      <button
                        type="button"
                        className="btn btn--primary btn--small"
                        disabled={answering !== null}
                        onClick={() => void answer(booking._id, 'accept')}
                      >
                        Accept
                      </button>
                      <button
                        type="button"
                        className="btn btn--ghost btn--small"
                        disabled={answering !== null}
                        onClick={() => void answer(booking._id, 'decline')}
                      >
                        Decline
                      </button>
                    </div>
                  )}
                </li>
              ))}
              {market?.incoming.map((booking) => (
                <MarketBookingItem
                  key={`market-${booking.id}`}
                  booking={booking}
                  side="incoming"
                  viewerUid={viewerUid}
                  onAnswered={onAnswered}
                />
              ))}
              {joins?.incoming.map((request) => (
                <JoinRequestItem
                  key={`join-${request._id}`}
                  request={request}
                  side="incoming"
                  onAnswered={onAnswered}
                />
              ))}
            </ul>
          </section>
          <section aria-labelledby="outgoing-heading">
            <h3 id="outgoing-heading">Outgoing</h3>
            {bookings.outgoing.length + (market?.outgoing.length ?? 0) + (joins?.outgoing.length ?? 0) === 0 && (
              <p className="muted">No outgoing requests.</p>
            )}
            <ul className="booking-list">
              {bookings.outgoing.map((booking) => (
                <li key={booking._id} className="booking" data-testid="outgoing-booking">
                  <BookingLine
                    booking={booking}
                    direction="To"
                    who={booking.host ? `@${booking.host.user_username}` : 'Unknown Host'}
                  />
                </li>
              ))}
              {market?.outgoing.map((booking) => (
                <MarketBookingItem
                  key={`market-${booking.id}`}
                  booking={booking}
                  side="outgoing"
                  viewerUid={viewerUid}
                  onAnswered={onAnswered}
                />
              ))}
              {joins?.outgoing.map((request) => (
                <JoinRequestItem
                  key={`join-${request._id}`}
                  request={request}
                  side="outgoing"
                  onAnswered={onAnswered}
                />
              ))}
            </ul>
          </section>
        </div>
      )}
      <ModalActions onClose={onClose} />
    </Modal>
  );
}
