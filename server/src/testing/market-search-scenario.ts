import { expect, it } from 'vitest';
import { offerBodySchema, type OfferInput } from '@riffroom/protocol';
import type { Db } from '../db/connect.js';
import { marketSearchRepository, type SearchFilters } from '../repositories/market-search.js';
import { offersRepository } from '../repositories/offers.js';
import { usersRepository } from '../repositories/users.js';

/**
 * The search behaviour both engines must share (SQLite FTS5 and PostgreSQL full-text): one
 * scenario, registered by market-search.test.ts on SQLite and by tests/integration on PostgreSQL.
 */
export function marketSearchScenario(database: () => Db): void {
  const base = {
    kind: 'mixing',
    remote: true,
    typicalMinutes: 60,
    rate: { amount: 100, currency: 'EUR', per: 'song' },
  };
  const search = (filters: Partial<SearchFilters>) =>
    marketSearchRepository(database()).search({ q: '', sort: 'relevance', ...filters }, 20, 0);
  const uids = async (filters: Partial<SearchFilters>) => (await search(filters)).map((hit) => hit.uid);
  let offerIds: Record<string, number> = {};

  it('indexes people and offers through the triggers, and finds them by any word of either', async () => {
    const db = database();
    const users = usersRepository(db);
    const offers = offersRepository(db);
    const person = async (uid: string, name: string, role: string, bio: string) => {
      await users.insert(uid, { user_email: `${uid}@example.test`, user_username: uid }, 1);
      await users.update(uid, { user_name: name, user_role: role as 'producer', user_bio: bio }, 2);
    };
    const offer = async (uid: string, input: Partial<OfferInput>) =>
      (await offers.insert(uid, offerBodySchema.parse({ ...base, title: 'Offer', ...input }), 3)).id;
    await person('maria', 'María Fernández', 'engineer', 'Mix engineer for reggaeton and salsa');
    await person('mario', 'Mario Rossi', 'producer', 'Producer of italo disco');
    await person('studio', 'Hansa Tonstudio', 'engineer', 'A room by the wall');
    await person('nobody', 'Maria Nooffer', 'engineer', 'Has no offers at all');
    offerIds = {
      mariaLatin: await offer('maria', {
        title: 'Latin mixing',
        genres: ['Latin'],
        rate: { amount: 80, currency: 'EUR', per: 'song' },
      }),
      mariaMaster: await offer('maria', {
        kind: 'mastering',
        title: 'Loud masters',
        rate: { amount: 40, currency: 'EUR', per: 'song' },
      }),
      mario: await offer('mario', {
        kind: 'production',
        title: 'Disco production',
        genres: ['Funk', 'Electronic'],
        rate: { amount: 300, currency: 'EUR', per: 'project' },
      }),
      studio: await offer('studio', {
        kind: 'studio-time',
        title: 'Studio 2',
        remote: false,
        city: 'Berlin',
        studioAddress: 'Köthener Str. 38',
        equipment: ['Neve 8078 console', 'Fairchild 660'],
        rate: { amount: 60, currency: 'EUR', per: 'hour' },
      }),
    };
    expect(await uids({ q: 'reggaeton' })).toEqual(['maria']);
    expect(await uids({ q: 'fairchild' })).toEqual(['studio']);
    expect(await uids({ q: 'disco' })).toEqual(['mario']);
    // People without an offer are not bookable, so never a result.
    expect(await uids({ q: 'nooffer' })).toEqual([]);
  });

  it('is forgiving with names: accents, case, half-typed words', async () => {
    expect(await uids({ q: 'maria' })).toEqual(['maria']);
    expect(await uids({ q: 'FERNAN' })).toEqual(['maria']);
    expect((await uids({ q: 'mar' })).sort()).toEqual(['maria', 'mario']);
    expect(await uids({ q: 'mar ross' })).toEqual(['mario']);
    // Query syntax of either engine is only text.
    expect(await uids({ q: 'maria" * -- :* & ! (' })).toEqual(['maria']);
  });

  it('filters by kind, role, genre, place, rate and rating', async () => {
    expect(await uids({ kind: 'mastering' })).toEqual(['maria']);
    expect((await uids({ role: 'engineer' })).sort()).toEqual(['maria', 'studio']);
    expect(await uids({ genre: 'Latin' })).toEqual(['maria']);
    expect(await uids({ where: 'in-person', city: 'berlin' })).toEqual(['studio']);
    expect((await uids({ where: 'remote' })).sort()).toEqual(['maria', 'mario']);
    expect((await uids({ minRate: 50, maxRate: 100 })).sort()).toEqual(['maria', 'studio']);
    expect(await uids({ q: 'maria', kind: 'production' })).toEqual([]);
    await database()('market_people').where({ uid: 'mario' }).update({ rating_avg: 4.5, rating_count: 2 });
    expect(await uids({ minRating: 4 })).toEqual(['mario']);
  });

  it('sorts by rating and by the cheapest matching rate', async () => {
    expect((await uids({ sort: 'rating' }))[0]).toBe('mario');
    expect(await uids({ sort: 'rate' })).toEqual(['maria', 'studio', 'mario']);
    const [maria] = await search({ q: 'maria', kind: 'mixing' });
    expect(maria!.minRateCents).toBe(8000);
  });

  it('follows changes: a paused offer drops out, a renamed person is found by the new name', async () => {
    const db = database();
    await offersRepository(db).setPaused(offerIds.mario!, 'mario', true, 4);
    expect(await uids({ q: 'disco' })).toEqual([]);
    await offersRepository(db).setPaused(offerIds.mario!, 'mario', false, 5);
    expect(await uids({ q: 'disco' })).toEqual(['mario']);
    await usersRepository(db).update('studio', { user_name: 'Meistersaal' }, 6);
    expect(await uids({ q: 'meister' })).toEqual(['studio']);
    expect(await uids({ q: 'hansa' })).toEqual([]);
    await offersRepository(db).remove(offerIds.studio!, 'studio');
    expect(await uids({ q: 'meister' })).toEqual([]);
    expect(await marketSearchRepository(db).textOnly('meister', 10)).toEqual(['studio']);
  });
}
