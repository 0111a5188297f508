import { GENRES, OFFER_KINDS } from '@riffroom/protocol';
import type { Db } from '../../server/src/db/connect.js';

export interface SearchBenchSize {
  people: number;
  offers: number;
  sessions: number;
}

/** A small deterministic generator, so both engines and every run search the same data. */
function random(seed: number) {
  let state = seed >>> 0;
  const next = () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
  const pick = <T>(list: readonly T[]): T => list[Math.floor(next() * list.length)]!;
  return { next, pick };
}

const FIRST = ['Maria', 'Mario', 'Jonas', 'Lena', 'Kofi', 'Aiko', 'Diego', 'Priya', 'Sven', 'Chloe', 'Omar', 'Ines'];
const LAST = ['Fernández', 'Rossi', 'Müller', 'Okafor', 'Tanaka', 'Silva', 'Nguyen', 'Berg', 'Dubois', 'Haddad'];
const WORDS = [
  'warm',
  'punchy',
  'analog',
  'vintage',
  'tape',
  'vocal',
  'drums',
  'radio',
  'loud',
  'clean',
  'live',
  'band',
];
const GEAR = ['Neve 1073', 'SSL 4000', 'U87', 'Fairchild 660', 'LA-2A', 'Steinway D', 'Studer A800', 'Pultec EQP-1A'];
const CITIES = ['Berlin', 'New York', 'London', 'Lagos', 'Tokyo', 'Madrid', 'Paris'];
const ZONES = ['Europe/Berlin', 'America/New_York', 'Europe/London', 'Africa/Lagos', 'Asia/Tokyo'];
const ROLES = ['artist', 'producer', 'engineer'] as const;
const DAY = 86_400_000;

const words = (r: ReturnType<typeof random>, n: number, extra: readonly string[] = []) =>
  Array.from({ length: n }, () => r.pick([...WORDS, ...extra])).join(' ');

/**
 * People (every one with working hours), offers (two a person on average) and sessions (spread
 * over two months around now), inserted in batches; the search documents are built by the
 * migration's triggers as rows go in (SQLite) or once at the end (PostgreSQL, see seedSearch).
 */
export async function seedMarket(db: Db, size: SearchBenchSize, now: number, batch = 500): Promise<void> {
  const r = random(35);
  const uid = (i: number) => `bench-${i}`;
  for (let start = 0; start < size.people; start += batch) {
    const users = [];
    const hours = [];
    for (let i = start; i < Math.min(size.people, start + batch); i += 1) {
      const first = r.pick(FIRST);
      users.push({
        firebase_uid: uid(i),
        user_email: `${uid(i)}@example.test`,
        user_name: `${first} ${r.pick(LAST)}`,
        user_username: `${first.toLowerCase()}${i}`,
        user_username_key: `${first.toLowerCase()}${i}`,
        user_role: r.pick(ROLES),
        user_bio: `${words(r, 8, GENRES)}`,
        user_style: JSON.stringify([r.pick(GENRES)]),
        created_at: now,
        updated_at: now,
      });
      hours.push({
        uid: uid(i),
        time_zone: r.pick(ZONES),
        weekly_hours: JSON.stringify([1, 2, 3, 4, 5].map((day) => ({ day, start: '10:00', end: '18:00' }))),
        blocked_days: '[]',
        buffer_minutes: 15,
        updated_at: now,
      });
    }
    await db.batchInsert('users', users, batch);
    await db.batchInsert('availability', hours, batch);
  }
  for (let start = 0; start < size.offers; start += batch) {
    const offers = [];
    for (let i = start; i < Math.min(size.offers, start + batch); i += 1) {
      const kind = r.pick(OFFER_KINDS);
      const genre = r.pick(GENRES);
      const inPerson = kind === 'studio-time' || r.next() < 0.2;
      offers.push({
        owner_uid: uid(Math.floor(r.next() * size.people)),
        kind,
        title: `${genre} ${kind.replace('-', ' ')} ${r.pick(WORDS)}`,
        description: words(r, 20, GENRES),
        genres: JSON.stringify([genre, r.pick(GENRES)]),
        remote: !inPerson,
        city: inPerson ? r.pick(CITIES) : '',
        studio_address: '',
        rate_cents: Math.round(r.next() * 500) * 100,
        currency: 'USD',
        rate_per: 'song',
        typical_minutes: r.pick([60, 120, 180]),
        equipment: JSON.stringify(kind === 'studio-time' ? [r.pick(GEAR), r.pick(GEAR)] : []),
        paused: r.next() < 0.05,
        created_at: now,
        updated_at: now,
      });
    }
    await db.batchInsert('offers', offers, batch);
  }
  for (let start = 0; start < size.sessions; start += batch) {
    const sessions = [];
    for (let i = start; i < Math.min(size.sessions, start + batch); i += 1) {
      const begins = now + Math.floor(((r.next() * 60 - 30) * DAY) / 1_800_000) * 1_800_000;
      sessions.push({
        host_uid: uid(Math.floor(r.next() * size.people)),
        title: 'Session',
        start_at: begins,
        end_at: begins + r.pick([1, 2, 3]) * 3_600_000,
        visibility: 'private',
        type: 'recording',
        status: 'confirmed',
        created_at: now,
        updated_at: now,
      });
    }
    await db.batchInsert('sessions', sessions, batch);
  }
  // A third of the people have been reviewed.
  const rated = [];
  for (let i = 0; i < size.people; i += 3) rated.push(uid(i));
  for (let start = 0; start < rated.length; start += batch) {
    await db('market_people')
      .whereIn('uid', rated.slice(start, start + batch))
      .update({ rating_avg: db.raw(`1 + (id % 40) / 10.0`), rating_count: db.raw('1 + id % 17') });
  }
}
