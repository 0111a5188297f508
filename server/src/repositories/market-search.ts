import type { Knex } from 'knex';
import { searchTerms, type SearchQuery } from '@riffroom/protocol';
import type { Db } from '../db/connect.js';
import type { OfferRow } from './offers.js';

/** The filters a search repository applies in SQL; free slots are the service's business. */
export type SearchFilters = Pick<
  SearchQuery,
  'q' | 'kind' | 'role' | 'genre' | 'where' | 'city' | 'currency' | 'minRate' | 'maxRate' | 'minRating'
> & {
  /** relevance falls back to rating when there is no text; soonest is sorted by the service. */
  sort: 'relevance' | 'rating' | 'rate';
};

export interface SearchHit {
  uid: string;
  /** The cheapest matching offer's rate, in cents. */
  minRateCents: number;
  ratingAvg: number | null;
  ratingCount: number;
}

export interface MarketSearchRepository {
  /** People with at least one active offer matching the filters, best first. */
  search(filters: SearchFilters, limit: number, offset: number): Promise<SearchHit[]>;
  /** Each of `uids`' cheapest active offer that matches the filters (one a person, when any). */
  matchingOffers(uids: string[], filters: SearchFilters): Promise<OfferRow[]>;
  /** The full-text match alone, for the benchmark's floor: matching people's uids, best first. */
  textOnly(text: string, limit: number): Promise<string[]>;
}

type Builder = Knex.QueryBuilder;

/** The offer filters, on alias `o`, shared by both engines. */
function offerConditions(query: Builder, filters: SearchFilters): Builder {
  query.where('o.paused', false);
  if (filters.kind) query.andWhere('o.kind', filters.kind);
  // Genres are a JSON list of names from a fixed list, so the quoted name is an exact element.
  if (filters.genre) query.andWhere('o.genres', 'like', `%"${filters.genre}"%`);
  if (filters.where === 'remote') query.andWhere('o.remote', true);
  if (filters.where === 'in-person') query.andWhere('o.remote', false);
  if (filters.city) query.andWhereRaw('lower(o.city) = ?', [filters.city.toLowerCase()]);
  if (filters.currency) query.andWhere('o.currency', filters.currency);
  if (filters.minRate !== undefined) query.andWhere('o.rate_cents', '>=', Math.round(filters.minRate * 100));
  if (filters.maxRate !== undefined) query.andWhere('o.rate_cents', '<=', Math.round(filters.maxRate * 100));
  return query;
}

interface Dialect {
  /** Adds the text match to `query` (people as `p`); returns the rank ordering, best first. */
  match(query: Builder, terms: string[]): [sql: string, bindings: string[]];
  textOnly(db: Db, terms: string[], limit: number): Promise<string[]>;
}

/** SQLite FTS5: every word a prefix (`"mari"*`), all words required, ranked by bm25 (names weigh most). */
const sqliteDialect: Dialect = {
  match(query, terms) {
    query
      .join('market_search', 'market_search.rowid', 'p.id')
      .whereRaw('market_search MATCH ?', [terms.map((term) => `"${term}"*`).join(' ')]);
    return ['bm25(market_search, 10.0, 10.0, 1.0, 3.0)', []];
  },
  async textOnly(db, terms, limit) {
    const rows: { uid: string }[] = await db('market_search')
      .join('market_people as p', 'p.id', 'market_search.rowid')
      .select('p.uid')
      .whereRaw('market_search MATCH ?', [terms.map((term) => `"${term}"*`).join(' ')])
      .orderByRaw('bm25(market_search, 10.0, 10.0, 1.0, 3.0)')
      .limit(limit);
    return rows.map((row) => row.uid);
  },
};

/** PostgreSQL: `mari:* & mix:*` against the GIN-indexed tsvector, ranked by ts_rank. */
const postgresDialect: Dialect = {
  match(query, terms) {
    const tsquery = terms.map((term) => `${term}:*`).join(' & ');
    query.whereRaw("p.document @@ to_tsquery('simple', ?)", [tsquery]);
    return ["ts_rank(p.document, to_tsquery('simple', ?)) DESC", [tsquery]];
  },
  async textOnly(db, terms, limit) {
    const tsquery = terms.map((term) => `${term}:*`).join(' & ');
    const rows: { uid: string }[] = await db('market_people as p')
      .select('p.uid')
      .whereRaw("p.document @@ to_tsquery('simple', ?)", [tsquery])
      .orderByRaw("ts_rank(p.document, to_tsquery('simple', ?)) DESC", [tsquery])
      .limit(limit);
    return rows.map((row) => row.uid);
  },
};

/**
 * Marketplace search (design.md §9): the database's own full-text engine for the words, plain SQL
 * beside it for the filters. One implementation a dialect of the text part; the rest is shared.
 */
export function marketSearchRepository(db: Db): MarketSearchRepository {
  const dialect = db.client.config.client === 'better-sqlite3' ? sqliteDialect : postgresDialect;
  return {
    async search(filters, limit, offset) {
      const terms = searchTerms(filters.q);
      const matching = (query: Builder) =>
        offerConditions(query.from('offers as o').whereRaw('o.owner_uid = p.uid'), filters);
      const query = db('market_people as p')
        .join('users as u', 'u.firebase_uid', 'p.uid')
        .whereExists((sub) => matching(sub.select(db.raw('1'))))
        .select('p.uid', 'p.rating_avg', 'p.rating_count')
        .select({ min_rate: (sub: Builder) => matching(sub.min('o.rate_cents')) });
      if (filters.role) query.andWhere('u.user_role', filters.role);
      if (filters.minRating !== undefined) query.andWhere('p.rating_avg', '>=', filters.minRating);
      const rank = terms.length > 0 ? dialect.match(query, terms) : null;
      const byRating = () => query.orderByRaw('p.rating_avg IS NULL, p.rating_avg DESC, p.rating_count DESC');
      if (filters.sort === 'rate') query.orderBy('min_rate', 'asc');
      else if (filters.sort === 'rating' || rank === null) byRating();
      else query.orderByRaw(...rank);
      query.orderBy('p.id', 'asc').limit(limit).offset(offset);
      const rows: { uid: string; rating_avg: number | null; rating_count: number; min_rate: number | string }[] =
        await query;
      return rows.map((row) => ({
        uid: row.uid,
        minRateCents: Number(row.min_rate),
        ratingAvg: row.rating_avg === null ? null : Number(row.rating_avg),
        ratingCount: Number(row.rating_count),
      }));
    },
    async matchingOffers(uids, filters) {
      if (uids.length === 0) return [];
      const rows = (await offerConditions(
        db('offers as o').select('o.*').whereIn('o.owner_uid', uids),
        filters,
      ).orderBy([
        { column: 'o.rate_cents', order: 'asc' },
        { column: 'o.id', order: 'asc' },
      ])) as OfferRow[];
      const cheapest = new Map<string, OfferRow>();
      for (const row of rows) if (!cheapest.has(row.owner_uid)) cheapest.set(row.owner_uid, row);
      return [...cheapest.values()];
    },
    async textOnly(text, limit) {
      const terms = searchTerms(text);
      return terms.length === 0 ? [] : dialect.textOnly(db, terms, limit);
    },
  };
}
