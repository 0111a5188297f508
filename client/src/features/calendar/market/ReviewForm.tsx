import { REVIEW_EDIT_DAYS, type MarketBooking } from '@riffroom/protocol';
import { useState } from 'react';
import { useServices } from '../../../app/ServicesContext';
import { SelectField, TextAreaField } from '../../../components/fields';
import { describeError } from '../../../services/api';

const RATINGS = (['5', '4', '3', '2', '1'] as const).map((value) => ({ value, label: `${value} ★` }));
type RatingValue = (typeof RATINGS)[number]['value'];

/**
 * After a confirmed booking's end, each side rates the other 1-5 with a written review. Saving
 * again within REVIEW_EDIT_DAYS changes it (the server keeps one per side per booking).
 */
export function ReviewForm({ booking, viewerUid }: { booking: MarketBooking; viewerUid: string }) {
  const { api } = useServices();
  const other = booking.provider.uid === viewerUid ? booking.requester : booking.provider;
  const [open, setOpen] = useState(false);
  const [rating, setRating] = useState<RatingValue>('5');
  const [text, setText] = useState('');
  const [busy, setBusy] = useState(false);
  const [result, setResult] = useState<{ ok: boolean; text: string } | null>(null);

  async function save() {
    setBusy(true);
    try {
      await api.market.review(booking.id, { rating: Number(rating), text: text.trim() });
      setResult({ ok: true, text: `Review saved. You can change it for ${REVIEW_EDIT_DAYS} days.` });
    } catch (error) {
      console.error('Failed to save review', error);
      setResult({ ok: false, text: `Failed to save review. ${describeError(error).message}` });
    } finally {
      setBusy(false);
    }
  }

  if (!open) {
    return (
      <button type="button" className="btn btn--small" onClick={() => setOpen(true)}>
        Review @{other.username}
      </button>
    );
  }
  return (
    <div className="booking__review" aria-label={`Review of @${other.username}`} role="group">
      <SelectField label="Rating" value={rating} options={RATINGS} onChange={setRating} />
      <TextAreaField label="Review" rows={3} value={text} onChange={setText} maxLength={2000} />
      <button
        type="button"
        className="btn btn--primary btn--small"
        disabled={busy || text.trim() === ''}
        onClick={() => void save()}
      >
        Save review
      </button>
      {result && <p role={result.ok ? 'status' : 'alert'}>{result.text}</p>}
    </div>
  );
}
