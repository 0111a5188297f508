import type { SearchResult } from '@riffroom/protocol';
import { Avatar } from '../../components/Avatar';
import { PersonLink } from '../../components/PersonLink';
import { formatRate, formatRating, formatSlot, KIND_LABELS } from './marketLabels';

/** One search result: who, what they offer, what it costs, how they are rated, when they are free. */
export function ResultCard({ result, onOpen }: { result: SearchResult; onOpen: (result: SearchResult) => void }) {
  return (
    <article className="user-card" data-testid="market-card">
      <Avatar name={result.name} imageUrl={result.avatarUrl} />
      <h3>
        <PersonLink uid={result.uid}>{result.name}</PersonLink>
      </h3>
      <p className="muted">
        @{result.username} · {result.role}
      </p>
      <p>
        {KIND_LABELS[result.offer.kind]}: {result.offer.title}
      </p>
      <p>{result.genres.join(', ')}</p>
      <p>{formatRating(result.rating)}</p>
      <p>{formatRate(result.rate)}</p>
      <p>
        {result.nextFreeSlot ? `Next free: ${formatSlot(result.nextFreeSlot)}` : 'No free time in the next two weeks'}
      </p>
      <button type="button" className="btn" onClick={() => onOpen(result)}>
        View times
      </button>
    </article>
  );
}
