import type { SearchResponse, SearchResult } from '@riffroom/protocol';
import { useState } from 'react';
import { useServices } from '../../app/ServicesContext';
import type { MarketSearchInput } from '../../services/api';
import { MyBookings } from '../market/MyBookings';
import { ProviderPanel } from '../market/ProviderPanel';
import { ResultCard } from '../market/ResultCard';
import { SearchForm } from '../market/SearchForm';

/**
 * Book a Session (issue 35): search engineers, producers and studios by text, service, genre,
 * budget and free time; open one to see a week of their free slots and request one.
 */
export function BookSession() {
  const { api } = useServices();
  const [found, setFound] = useState<SearchResponse | null>(null);
  const [searching, setSearching] = useState(false);
  const [open, setOpen] = useState<SearchResult | null>(null);

  const search = (input: MarketSearchInput) => {
    setSearching(true);
    setOpen(null);
    api.market
      .search(input)
      .then(setFound, (error: unknown) => {
        console.error('Search failed', error);
        setFound({ results: [], page: 1, hasMore: false });
      })
      .finally(() => setSearching(false));
  };

  return (
    <section className="section" aria-labelledby="book-session-heading">
      <h1 id="book-session-heading" className="section__title">
        Book a Session
      </h1>
      {open ? (
        <ProviderPanel provider={open} onClose={() => setOpen(null)} />
      ) : (
        <>
          <MyBookings />
          <SearchForm onSearch={search} />
          {searching && <p className="muted">Searching...</p>}
          {found && !searching && found.results.length === 0 && (
            <p className="empty-state">Nobody matches yet. Try fewer filters.</p>
          )}
          <div className="card-grid">
            {found?.results.map((result) => (
              <ResultCard key={result.uid} result={result} onOpen={setOpen} />
            ))}
          </div>
        </>
      )}
    </section>
  );
}
