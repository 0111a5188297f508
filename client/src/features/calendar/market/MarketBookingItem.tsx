import type { MarketBooking, MarketBookingAction, Slot } from '@riffroom/protocol';
import { useState } from 'react';
import { useServices } from '../../../app/ServicesContext';
import { TextAreaField } from '../../../components/fields';
import { describeError } from '../../../services/api';
import { formatRate } from '../../market/marketLabels';
import { canReview, spanText, statusText } from './marketBookingText';
import { ProposeTimeForm } from './ProposeTimeForm';
import { ReviewForm } from './ReviewForm';

interface MarketBookingItemProps {
  booking: MarketBooking;
  /** Incoming: the viewer provides; outgoing: the viewer asked. */
  side: 'incoming' | 'outgoing';
  viewerUid: string;
  onAnswered: () => void;
}

type Open = 'decline' | 'propose' | 'decline-proposal' | null;

/**
 * A booking from an offer in the Booking Requests lists. The provider accepts, declines with a
 * reason, or proposes another time; the requester accepts or declines a proposed time. The API's
 * own message is shown when it refuses (the slot was taken, someone answered first).
 */
export function MarketBookingItem({ booking, side, viewerUid, onAnswered }: MarketBookingItemProps) {
  const { api } = useServices();
  const [open, setOpen] = useState<Open>(null);
  const [reason, setReason] = useState('');
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState('');
  const other = side === 'incoming' ? booking.requester : booking.provider;

  async function act(action: MarketBookingAction) {
    setBusy(true);
    setError('');
    try {
      await api.market.actOnBooking(booking.id, action);
      setOpen(null);
      onAnswered();
    } catch (failure) {
      console.error('Failed to update booking request', failure);
      setError(`Failed to update booking request. ${describeError(failure).message}`.trim());
    } finally {
      setBusy(false);
    }
  }

  const propose = (slot: Slot, message: string) =>
    void act({ action: 'propose', startTime: slot.start, endTime: slot.end, message });

  const reasonForm = (
    label: string,
    submit: string,
    send: (text: string) => MarketBookingAction,
    required: boolean,
  ) => (
    <div className="booking__reason">
      <TextAreaField label={label} rows={2} value={reason} onChange={setReason} maxLength={1000} />
      <div className="booking__actions">
        <button
          type="button"
          className="btn btn--primary btn--small"
          disabled={busy || (required && reason.trim() === '')}
          onClick={() => void act(send(reason.trim()))}
        >
          {submit}
        </button>
        <button type="button" className="btn btn--ghost btn--small" onClick={() => setOpen(null)}>
          Back
        </button>
      </div>
    </div>
  );

  const button = (label: string, onClick: () => void, primary = false) => (
    <button
      type="button"
      className={`btn btn--small ${primary ? 'btn--primary' : 'btn--ghost'}`}
      disabled={busy}
      onClick={onClick}
    >
      {label}
    </button>
  );

  return (
    <li className="booking booking--market" data-testid={`market-${side}`}>
      <div className="booking__body">
        <strong>{booking.offer.title}</strong>{' '}
        <span className="muted">
          {side === 'incoming' ? 'From' : 'To'} @{other.username} · {formatRate(booking.offer.rate)}
        </span>
        <div>{spanText(booking.startTime, booking.endTime)}</div>
        {booking.message && <div className="booking__message">{booking.message}</div>}
        <span
          className={`booking__status booking__status--${booking.status} booking__status--sentence`}
          data-testid="market-status"
        >
          {statusText(booking)}
        </span>
      </div>
      {side === 'incoming' && booking.status === 'pending' && open === null && (
        <div className="booking__actions">
          {button('Accept', () => void act({ action: 'accept' }), true)}
          {button('Decline', () => setOpen('decline'))}
          {button('Propose another time', () => setOpen('propose'))}
        </div>
      )}
      {open === 'decline' &&
        reasonForm('Reason (required)', 'Decline request', (text) => ({ action: 'decline', reason: text }), true)}
      {open === 'propose' && (
        <ProposeTimeForm booking={booking} busy={busy} onPropose={propose} onCancel={() => setOpen(null)} />
      )}
      {side === 'outgoing' && booking.status === 'proposed' && open === null && (
        <div className="booking__actions">
          {button('Accept new time', () => void act({ action: 'accept-proposal' }), true)}
          {button('Decline new time', () => setOpen('decline-proposal'))}
        </div>
      )}
      {open === 'decline-proposal' &&
        reasonForm('Reason', 'Decline new time', (text) => ({ action: 'decline-proposal', reason: text }), false)}
      {canReview(booking) && <ReviewForm booking={booking} viewerUid={viewerUid} />}
      {error && (
        <p role="alert" className="booking__error">
          {error}
        </p>
      )}
    </li>
  );
}
