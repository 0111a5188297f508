import type { MarketBooking, Slot } from '@riffroom/protocol';
import { useEffect, useState } from 'react';
import { useServices } from '../../../app/ServicesContext';
import { TextAreaField, TextField } from '../../../components/fields';
import { formatSlot, viewerZone } from '../../market/marketLabels';
import { lengthMinutes } from './marketBookingText';

const WEEK = 7 * 86_400_000;

interface ProposeTimeFormProps {
  booking: MarketBooking;
  busy: boolean;
  onPropose: (slot: Slot, message: string) => void;
  onCancel: () => void;
}

/**
 * The provider proposes another time: one of their own free slots of the booking's length in the
 * coming week, or any start typed in (the server still checks it is free).
 */
export function ProposeTimeForm({ booking, busy, onPropose, onCancel }: ProposeTimeFormProps) {
  const { api } = useServices();
  const minutes = lengthMinutes(booking);
  const [slots, setSlots] = useState<Slot[] | null>(null);
  const [picked, setPicked] = useState<Slot | null>(null);
  const [typed, setTyped] = useState('');
  const [message, setMessage] = useState('');

  useEffect(() => {
    const from = new Date();
    api.market
      .freeSlots(booking.provider.uid, {
        from: from.toISOString(),
        to: new Date(from.getTime() + WEEK).toISOString(),
        minutes,
        zone: viewerZone(),
      })
      .then(setSlots, (error: unknown) => {
        console.error('Failed to load free slots', error);
        setSlots([]);
      });
  }, [api, booking.provider.uid, minutes]);

  const typedSlot = (): Slot | null => {
    const start = new Date(typed);
    if (!typed || Number.isNaN(start.getTime())) return null;
    return { start: start.toISOString(), end: new Date(start.getTime() + minutes * 60_000).toISOString() };
  };
  const chosen = typedSlot() ?? picked;

  return (
    <div className="booking__propose">
      <p className="muted">Your free times this week ({minutes} min)</p>
      {slots === null ? (
        <p className="muted">Loading free times...</p>
      ) : slots.length === 0 ? (
        <p className="muted">No free times this week.</p>
      ) : (
        <div className="slot-grid">
          {slots.slice(0, 12).map((slot) => (
            <button
              key={slot.start}
              type="button"
              className="btn btn--small"
              aria-pressed={picked?.start === slot.start && !typed}
              onClick={() => {
                setTyped('');
                setPicked(slot);
              }}
            >
              {formatSlot(slot.start)}
            </button>
          ))}
        </div>
      )}
      <TextField label="Or another start" type="datetime-local" value={typed} onChange={setTyped} />
      <TextAreaField label="Note to the requester" rows={2} value={message} onChange={setMessage} maxLength={1000} />
      <div className="booking__actions">
        <button
          type="button"
          className="btn btn--primary btn--small"
          disabled={busy || !chosen}
          onClick={() => chosen && onPropose(chosen, message.trim())}
        >
          Send proposal
        </button>
        <button type="button" className="btn btn--ghost btn--small" onClick={onCancel}>
          Back
        </button>
      </div>
    </div>
  );
}
