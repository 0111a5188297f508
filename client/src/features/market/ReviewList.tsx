import type { Review, ReviewsResponse } from '@riffroom/protocol';
import { format } from 'date-fns';
import { useEffect, useState } from 'react';
import { useServices } from '../../app/ServicesContext';
import { TextAreaField } from '../../components/fields';
import { describeError } from '../../services/api';
import { formatRating } from './marketLabels';
import './reviews.css';

const stars = (rating: number) => '★'.repeat(rating) + '☆'.repeat(5 - rating);

/** The reviewed person answers a review once, publicly. */
function ReplyForm({ review, onReplied }: { review: Review; onReplied: (review: Review) => void }) {
  const { api } = useServices();
  const [text, setText] = useState('');
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState('');

  async function send() {
    setBusy(true);
    setError('');
    try {
      onReplied(await api.market.reply(review.id, text.trim()));
    } catch (failure) {
      console.error('Failed to reply to review', failure);
      setError(`Failed to save reply. ${describeError(failure).message}`.trim());
    } finally {
      setBusy(false);
    }
  }

  return (
    <div className="review__reply-form">
      <TextAreaField label="Your reply" rows={2} value={text} onChange={setText} maxLength={2000} />
      <button
        type="button"
        className="btn btn--small"
        disabled={busy || text.trim() === ''}
        onClick={() => void send()}
      >
        Reply
      </button>
      {error && <p role="alert">{error}</p>}
    </div>
  );
}

/**
 * A person's verified reviews (issue 35, item 6): the average and count, then each review newest
 * first with its reply. `canReply` on the reviewed person's own profile.
 */
export function ReviewList({
  uid,
  canReply = false,
  showSummary = true,
  headingLevel = 3,
}: {
  uid: string;
  canReply?: boolean;
  /** Off where the average and count are already shown above. */
  showSummary?: boolean;
  /** 2 on a person's page, whose name is the h1 (axe's heading order). */
  headingLevel?: 2 | 3;
}) {
  const Heading = headingLevel === 2 ? 'h2' : 'h3';
  const { api } = useServices();
  const [data, setData] = useState<ReviewsResponse | null>(null);

  useEffect(() => {
    let current = true;
    api.market.reviewsOf(uid).then(
      (loaded) => current && setData(loaded),
      // Like the spec's other list loads: only logged.
      (error: unknown) => console.error('Failed to load reviews', error),
    );
    return () => {
      current = false;
    };
  }, [api, uid]);

  if (data === null) return null;
  const replied = (review: Review) =>
    setData((old) => old && { ...old, reviews: old.reviews.map((r) => (r.id === review.id ? review : r)) });

  return (
    <section className="reviews" aria-label="Reviews">
      <Heading>Reviews</Heading>
      {showSummary && <p data-testid="rating-summary">{formatRating(data.rating)}</p>}
      <ul className="reviews__list">
        {data.reviews.map((review) => (
          <li key={review.id} className="review" data-testid="review">
            <div>
              <span aria-label={`${review.rating} of 5`}>{stars(review.rating)}</span>{' '}
              <span className="muted">
                @{review.author.username} · {format(new Date(review.createdAt), 'd MMM yyyy')}
              </span>
            </div>
            <p>{review.text}</p>
            {review.reply !== null ? (
              <p className="review__reply">
                <span className="muted">Reply:</span> {review.reply}
              </p>
            ) : (
              canReply && <ReplyForm review={review} onReplied={replied} />
            )}
          </li>
        ))}
      </ul>
    </section>
  );
}
