import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { loadApiConfig, openDatabase } from '@riffroom/server';
import { addDemo, DemoRefusal, removeDemoData } from './run-demo.js';
import { DEMO_HOURS, DEMO_OFFERS } from './offers.js';
import { DEMO_EMAIL_DOMAIN, DEMO_PEOPLE } from './people.js';
import { DEMO_REVIEWS } from './reviews.js';
import { apiCaller } from './seed-demo.js';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { createApi, createLogger } from '@riffroom/server';

// `npm run demo` then `--remove` on a box of its own: the demo people sign in with the printed
// password and have a network around them; removing leaves the box as it was, a real person kept.
const dataDir = mkdtempSync(path.join(tmpdir(), 'riffroom-demo-'));
const config = loadApiConfig({}, { dataDir, logLevel: 'silent' });
afterAll(() => rmSync(dataDir, { recursive: true, force: true }));

const TABLES = [
  'users',
  'local_accounts',
  'refresh_tokens',
  'login_known_addresses',
  'follows',
  'messages',
  'conversations',
  'sessions',
  'booking_requests',
  'events',
  'notifications',
  'jobs',
  'offers',
  'market_bookings',
  'reviews',
  'availability',
  'market_search',
];

async function counts(): Promise<Record<string, number>> {
  const db = await openDatabase(config);
  try {
    const result: Record<string, number> = {};
    for (const table of TABLES) result[table] = Number((await db(table).count({ n: '*' }))[0]!.n);
    result.demo_rows_table = (await db.schema.hasTable('demo_rows')) ? 1 : 0;
    return result;
  } finally {
    await db.destroy();
  }
}

/** The API on the same data: sign in as someone and read what they see. */
async function asApi<T>(use: (call: ReturnType<typeof apiCaller>) => Promise<T>): Promise<T> {
  const api = await createApi(config, createLogger('silent'));
  const server = http.createServer(api.callback);
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  try {
    return await use(apiCaller(`http://127.0.0.1:${(server.address() as AddressInfo).port}`));
  } finally {
    server.closeAllConnections();
    await new Promise<void>((resolve) => server.close(() => resolve()));
    await api.close();
  }
}

describe('npm run demo', () => {
  it('adds a network the demo people sign in to, and --remove takes exactly it out again', async () => {
    // A real person on the box before the demo, who must survive its removal.
    await asApi((call) =>
      call('POST', '/api/auth/signup', { email: 'owner@studio.test', password: 'owner-pass-1', username: 'owner' }),
    );
    const before = await counts();

    const demo = await addDemo(config);
    expect(demo.people).toBe(12);
    const added = await counts();
    expect(added.users! - before.users!).toBe(12);
    expect(added.follows).toBeGreaterThan(10);
    expect(added.messages).toBeGreaterThan(5);
    expect(added.sessions).toBeGreaterThanOrEqual(5);
    expect(added.events).toBe(3);
    expect(added.offers! - before.offers!).toBe(DEMO_OFFERS.length);
    expect(added.availability! - before.availability!).toBe(Object.keys(DEMO_HOURS).length);
    expect(added.reviews! - before.reviews!).toBe(DEMO_REVIEWS.length);
    expect(new Set(DEMO_PEOPLE.map((person) => person.role))).toEqual(new Set(['artist', 'producer', 'engineer']));

    await asApi(async (call) => {
      const login = (await call('POST', '/api/auth/login', {
        email: `maya.rivers@${DEMO_EMAIL_DOMAIN}`,
        password: demo.password,
      })) as { idToken: string };
      const conversations = (await call('GET', '/api/messages/conversations/list', undefined, login.idToken)) as {
        users: unknown[];
      };
      expect(conversations.users.length).toBeGreaterThan(0);
      const profile = (await call('GET', '/api/user/profile', undefined, login.idToken)) as Record<string, unknown>;
      expect(JSON.stringify(profile)).toContain('Soul');
      // Book Session finds a Latin mixing engineer free within the next two weeks, by text too.
      const from = new Date().toISOString();
      const to = new Date(Date.now() + 14 * 86_400_000).toISOString();
      const found = (await call(
        'GET',
        `/api/market/search?q=mezcla&kind=mixing&genre=Latin&freeFrom=${from}&freeTo=${to}`,
        undefined,
        login.idToken,
      )) as { results: Array<{ username: string; nextFreeSlot: string | null }> };
      expect(found.results.map((result) => result.username)).toEqual(['rosa.delgado']);
      expect(found.results[0]!.nextFreeSlot).not.toBeNull();
      // Her studio's session was reviewed: the card and her profile show it.
      expect(found.results[0]).toMatchObject({ rating: { average: 5, count: 1 } });
      const rosa = found.results[0] as unknown as { uid: string };
      const reviews = (await call('GET', `/api/market/reviews/of/${rosa.uid}`, undefined, login.idToken)) as {
        reviews: Array<{ author: { username: string } }>;
      };
      expect(reviews.reviews.map((review) => review.author.username)).toEqual(['the.lanterns']);
    });

    await expect(addDemo(config)).rejects.toBeInstanceOf(DemoRefusal);

    const removed = await removeDemoData(config);
    expect(removed).toEqual({ people: 12, events: 3 });
    const after = await counts();
    expect(after).toEqual({ ...before, demo_rows_table: 0 });
  });
});
