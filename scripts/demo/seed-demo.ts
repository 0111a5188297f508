/**
 * `npm run demo`: puts the made-up network of people.ts on a box through its own API (signup,
 * profiles, follows, messages, sessions, bookings, and offers.ts's offers and working hours), so every rule and count is the one real use
 * makes, then records each demo account and event in demo_rows for `--remove`.
 */
import { randomBytes } from 'node:crypto';
import type { Knex } from 'knex';
import { eventsRepository } from '../../server/src/repositories/events.js';
import { recordDemoRow, ensureDemoRowsTable } from './demo-rows.js';
import { DEMO_HOURS, DEMO_OFFERS } from './offers.js';
import { DEMO_REVIEWS } from './reviews.js';
import {
  DEMO_BOOKINGS,
  DEMO_CONVERSATIONS,
  DEMO_EMAIL_DOMAIN,
  DEMO_EVENTS,
  DEMO_FOLLOWS,
  DEMO_PEOPLE,
  DEMO_SESSIONS,
} from './people.js';

export type ApiCall = (method: string, route: string, body: unknown, token?: string) => Promise<unknown>;

/** fetch against the API at `baseUrl`; any answer but 2xx stops the seeding with its body. */
export function apiCaller(baseUrl: string): ApiCall {
  return async (method, route, body, token) => {
    const headers: Record<string, string> = {};
    if (body !== undefined) headers['content-type'] = 'application/json';
    if (token) headers.authorization = `Bearer ${token}`;
    const response = await fetch(baseUrl + route, {
      method,
      headers,
      body: body === undefined ? undefined : JSON.stringify(body),
    });
    const text = await response.text();
    if (!response.ok) throw new Error(`${method} ${route}: ${response.status} ${text}`);
    return text ? JSON.parse(text) : undefined;
  };
}

export interface SeededDemo {
  password: string;
  emails: string[];
  people: number;
  follows: number;
  messages: number;
  sessions: number;
  bookings: number;
  offers: number;
  reviews: number;
  events: number;
}

/** A password for every demo account, new each run, printed by the command. */
export function demoPassword(): string {
  return `demo-${randomBytes(6).toString('base64url')}`;
}

export const demoEmail = (username: string) => `${username}@${DEMO_EMAIL_DOMAIN}`;

export async function seedDemo(db: Knex, call: ApiCall, password: string, now = Date.now()): Promise<SeededDemo> {
  await ensureDemoRowsTable(db);
  const hours = (n: number) => new Date(now + n * 3_600_000);
  // Whole hours, so the calendar reads 14:00 and not 14:37.
  const at = (n: number) => new Date(Math.ceil(hours(n).getTime() / 3_600_000) * 3_600_000).toISOString();

  const tokens = new Map<string, { uid: string; token: string }>();
  for (const person of DEMO_PEOPLE) {
    const email = demoEmail(person.username);
    const auth = (await call('POST', '/api/auth/signup', { email, password, username: person.username })) as {
      idToken: string;
      user: { uid: string };
    };
    const { uid } = auth.user;
    await recordDemoRow(db, 'local_accounts', uid);
    await call(
      'POST',
      '/api/user/public-save-profile',
      { user_name: person.name, user_email: email, user_username: person.username, firebase_uid: uid },
      auth.idToken,
    );
    await recordDemoRow(db, 'users', uid);
    await call(
      'POST',
      '/api/user/save-profile',
      {
        user_role: person.role,
        user_artist_type: person.artistType,
        user_location: person.location,
        user_style: person.genres,
        user_experience: person.experience,
        user_recording: person.recording,
        user_bio: person.bio,
      },
      auth.idToken,
    );
    tokens.set(person.username, { uid, token: auth.idToken });
  }
  const who = (username: string) => {
    const found = tokens.get(username);
    if (!found) throw new Error(`demo data names an unknown person: ${username}`);
    return found;
  };

  for (const [follower, followee] of DEMO_FOLLOWS) {
    await call('POST', `/api/user/follow/${who(followee).uid}`, undefined, who(follower).token);
  }

  let messages = 0;
  for (const { between, lines } of DEMO_CONVERSATIONS) {
    for (const [index, content] of lines.entries()) {
      const from = who(between[index % 2]!);
      const to = who(between[(index + 1) % 2]!);
      await call('POST', '/api/messages/send', { to_uid: to.uid, content }, from.token);
      messages += 1;
    }
  }

  for (const session of DEMO_SESSIONS) {
    await call(
      'POST',
      '/sessions/create',
      {
        title: session.title,
        description: session.description,
        startTime: at(session.inHours),
        endTime: at(session.inHours + session.hours),
        visibility: session.visibility,
        type: session.type,
        location: session.location,
        genre: session.genre,
      },
      who(session.host).token,
    );
  }

  for (const booking of DEMO_BOOKINGS) {
    const asked = (await call(
      'POST',
      '/sessions/request-booking',
      {
        targetUser: who(booking.to).uid,
        title: booking.title,
        message: booking.message,
        startTime: at(booking.inHours),
        endTime: at(booking.inHours + booking.hours),
      },
      who(booking.from).token,
    )) as { booking: { _id: string } };
    const action = booking.accept ? 'accept' : 'decline';
    await call('PATCH', `/sessions/respond-booking/${asked.booking._id}`, { action }, who(booking.to).token);
  }

  // Offers and working hours hang off their owners: --remove takes them with the accounts.
  for (const [username, hours] of Object.entries(DEMO_HOURS)) {
    await call('PUT', '/api/availability/mine', hours, who(username).token);
  }
  const firstOffer = new Map<string, { id: string; typicalMinutes: number }>();
  for (const { owner, offer } of DEMO_OFFERS) {
    const made = (await call('POST', '/api/offers/create', offer, who(owner).token)) as { offer: { id: string } };
    if (!firstOffer.has(owner)) firstOffer.set(owner, { id: made.offer.id, typicalMinutes: offer.typicalMinutes });
  }
  for (const review of DEMO_REVIEWS) await seedReview(db, call, who, firstOffer, review, now);

  const events = eventsRepository(db);
  for (const event of DEMO_EVENTS) {
    const day = new Date(now + event.inDays * 86_400_000);
    day.setUTCHours(19, 0, 0, 0);
    const added = await events.insert(
      { title: event.title, dateTime: day.toISOString(), duration: event.minutes },
      now,
    );
    await recordDemoRow(db, 'events', added._id);
  }

  return {
    password,
    emails: DEMO_PEOPLE.map((person) => demoEmail(person.username)),
    people: DEMO_PEOPLE.length,
    follows: DEMO_FOLLOWS.length,
    messages,
    sessions: DEMO_SESSIONS.length + DEMO_BOOKINGS.filter((booking) => booking.accept).length,
    bookings: DEMO_BOOKINGS.length,
    offers: DEMO_OFFERS.length,
    reviews: DEMO_REVIEWS.length,
    events: DEMO_EVENTS.length,
  };
}

type Who = (username: string) => { uid: string; token: string };

/**
 * One finished booking and its review (reviews.ts): the artist books the provider's first free
 * slot of their first offer and the provider confirms it, through the API; then the booking and
 * its session move `daysAgo` into the past (a review needs a booking that has ended), and the
 * artist reviews it, with the provider's reply when there is one.
 */
async function seedReview(
  db: Knex,
  call: ApiCall,
  who: Who,
  offers: ReadonlyMap<string, { id: string; typicalMinutes: number }>,
  review: (typeof DEMO_REVIEWS)[number],
  now: number,
): Promise<void> {
  const offer = offers.get(review.provider);
  if (!offer) throw new Error(`demo review of ${review.provider}, who has no offer`);
  const provider = who(review.provider);
  const artist = who(review.from);
  const query = new URLSearchParams({
    from: new Date(now).toISOString(),
    to: new Date(now + 14 * 86_400_000).toISOString(),
    minutes: String(offer.typicalMinutes),
    zone: 'UTC',
  });
  const { slots } = (await call(
    'GET',
    `/api/availability/${provider.uid}/slots?${query}`,
    undefined,
    artist.token,
  )) as {
    slots: { start: string; end: string }[];
  };
  const slot = slots[0];
  if (!slot) throw new Error(`demo review: ${review.provider} has no free slot`);
  const asked = (await call(
    'POST',
    '/api/market/bookings/create',
    { offerId: offer.id, startTime: slot.start, endTime: slot.end, message: '' },
    artist.token,
  )) as { booking: { id: string } };
  const booking = asked.booking.id;
  await call('PATCH', `/api/market/bookings/${booking}`, { action: 'accept' }, provider.token);
  const start = now - review.daysAgo * 86_400_000;
  const end = start + (Date.parse(slot.end) - Date.parse(slot.start));
  const row = (await db('market_bookings')
    .where({ id: Number(booking) })
    .first('session_id')) as { session_id: number };
  await db('market_bookings')
    .where({ id: Number(booking) })
    .update({ start_at: start, end_at: end });
  await db('sessions').where({ id: row.session_id }).update({ start_at: start, end_at: end });
  const written = (await call(
    'PUT',
    `/api/market/bookings/${booking}/review`,
    { rating: review.rating, text: review.text },
    artist.token,
  )) as { review: { id: string } };
  if (review.reply) {
    await call('POST', `/api/market/reviews/${written.review.id}/reply`, { text: review.reply }, provider.token);
  }
}
