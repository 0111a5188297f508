import type { Offer, SearchResult, Slot } from '@riffroom/protocol';
import { useEffect, useState } from 'react';
import { useServices } from '../../app/ServicesContext';
import { TextAreaField } from '../../components/fields';
import { PersonLink } from '../../components/PersonLink';
import { formatRate, formatRating, formatSlot, viewerZone } from './marketLabels';
import { ReviewList } from './ReviewList';

const WEEK = 7 * 86_400_000;

/**
 * Whom the panel books: a search card, or a person's profile page (issue 35), which has no rating
 * at hand (its review list shows it) and starts on their first offer.
 */
export type ProviderRef = Pick<SearchResult, 'uid' | 'name'> & {
  offer: Pick<SearchResult['offer'], 'id'>;
  rating?: SearchResult['rating'];
};

/**
 * A provider's offers and a week of their free slots in the viewer's zone; picking a slot opens
 * the request (offer, slot, message). Sending follows the provider (the server does) and says
 * 'Booking request sent!' at once.
 */
export function ProviderPanel({ provider, onClose }: { provider: ProviderRef; onClose: () => void }) {
  const { api } = useServices();
  const [offers, setOffers] = useState<Offer[] | null>(null);
  const [offerId, setOfferId] = useState(provider.offer.id);
  const [slots, setSlots] = useState<Slot[] | null>(null);
  const [picked, setPicked] = useState<Slot | null>(null);
  const [message, setMessage] = useState('');
  const [status, setStatus] = useState('');
  const offer = offers?.find((candidate) => candidate.id === offerId);

  useEffect(() => {
    api.market.offersOf(provider.uid).then(setOffers, (error: unknown) => {
      console.error('Failed to load offers', error);
      setOffers([]);
    });
  }, [api, provider.uid]);

  useEffect(() => {
    if (!offer) return;
    const from = new Date();
    api.market
      .freeSlots(provider.uid, {
        from: from.toISOString(),
        to: new Date(from.getTime() + WEEK).toISOString(),
        minutes: offer.typicalMinutes,
        zone: viewerZone(),
      })
      .then(setSlots, (error: unknown) => {
        console.error('Failed to load free slots', error);
        setSlots([]);
      });
  }, [api, provider.uid, offer]);

  const chooseOffer = (id: string) => {
    setOfferId(id);
    setSlots(null);
    setPicked(null);
  };

  const send = async () => {
    if (!picked || !offer) return;
    try {
      await api.market.requestBooking({ offerId: offer.id, startTime: picked.start, endTime: picked.end, message });
      setStatus('Booking request sent!');
      setPicked(null);
    } catch (error) {
      console.error('Failed to send booking request', error);
      setStatus('Failed to send booking request.');
    }
  };

  return (
    <section className="market-provider" aria-label={`${provider.name}'s offers`}>
      <button type="button" className="btn" onClick={onClose}>
        Back
      </button>
      <h2 className="section__subtitle">
        <PersonLink uid={provider.uid}>{provider.name}</PersonLink>
      </h2>
      {provider.rating && <p>{formatRating(provider.rating)}</p>}
      {offers === null ? (
        <p className="muted">Loading offers...</p>
      ) : (
        <ul className="feature-list">
          {offers.map((candidate) => (
            <li key={candidate.id}>
              <label>
                <input
                  type="radio"
                  name="offer"
                  checked={candidate.id === offerId}
                  onChange={() => chooseOffer(candidate.id)}
                />{' '}
                {candidate.title} · {formatRate(candidate.rate)} · {candidate.typicalMinutes} min
              </label>
              {candidate.description && <p className="muted">{candidate.description}</p>}
              {candidate.equipment.length > 0 && <p className="muted">Equipment: {candidate.equipment.join(', ')}</p>}
            </li>
          ))}
        </ul>
      )}
      <h3>Free this week ({viewerZone()})</h3>
      {slots === null ? (
        <p className="muted">Loading free times...</p>
      ) : slots.length === 0 ? (
        <p className="empty-state">No free times this week.</p>
      ) : (
        <div className="slot-grid">
          {slots.map((slot) => (
            <button
              key={slot.start}
              type="button"
              className="btn"
              aria-pressed={picked?.start === slot.start}
              onClick={() => setPicked(slot)}
            >
              {formatSlot(slot.start)}
            </button>
          ))}
        </div>
      )}
      {picked && offer && (
        <div className="market-request">
          <p>
            Request {offer.title} on {formatSlot(picked.start)}
          </p>
          <TextAreaField label="Message" value={message} onChange={setMessage} maxLength={2000} />
          <button type="button" className="btn btn--primary" onClick={() => void send()}>
            Send request
          </button>
        </div>
      )}
      {status && <p role="status">{status}</p>}
      <ReviewList uid={provider.uid} showSummary={false} />
    </section>
  );
}
