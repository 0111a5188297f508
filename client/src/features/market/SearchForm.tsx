import { GENRES, OFFER_KINDS } from '@riffroom/protocol';
import { useState, type FormEvent } from 'react';
import { SelectField, TextField } from '../../components/fields';
import type { MarketSearchInput } from '../../services/api';
import { KIND_LABELS, viewerZone } from './marketLabels';

const DAY = 86_400_000;

/** Text, kind, genre, a budget and "free next week": what someone hiring asks first. */
export function SearchForm({ onSearch }: { onSearch: (input: MarketSearchInput) => void }) {
  const [q, setQ] = useState('');
  const [kind, setKind] = useState('');
  const [genre, setGenre] = useState('');
  const [maxRate, setMaxRate] = useState('');
  const [nextWeek, setNextWeek] = useState(false);

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const now = Date.now();
    onSearch({
      q,
      kind: kind || undefined,
      genre: genre || undefined,
      maxRate: maxRate || undefined,
      ...(nextWeek
        ? {
            freeFrom: new Date(now + 7 * DAY).toISOString(),
            freeTo: new Date(now + 14 * DAY).toISOString(),
            sort: 'soonest',
          }
        : {}),
      zone: viewerZone(),
    });
  };

  return (
    <form className="market-search" onSubmit={submit} role="search">
      <TextField label="Search" value={q} onChange={setQ} placeholder="Name, service, gear..." />
      <SelectField
        label="Service"
        value={kind}
        options={[{ value: '', label: 'Any' }, ...OFFER_KINDS.map((value) => ({ value, label: KIND_LABELS[value] }))]}
        onChange={setKind}
      />
      <SelectField
        label="Genre"
        value={genre}
        options={[{ value: '', label: 'Any' }, ...GENRES.map((value) => ({ value, label: value }))]}
        onChange={setGenre}
      />
      <TextField label="Max rate" type="number" min={0} value={maxRate} onChange={setMaxRate} />
      <label className="checkbox">
        <input type="checkbox" checked={nextWeek} onChange={(event) => setNextWeek(event.target.checked)} /> Free next
        week
      </label>
      <button type="submit" className="btn btn--primary">
        Search
      </button>
    </form>
  );
}
