import { describe, expect, it } from 'vitest';
import { offerBodySchema, type NotificationKind } from '@riffroom/protocol';
import type { NotificationInput } from '../../server/src/notifications/notifier.js';
import { availabilityRepository } from '../../server/src/repositories/availability.js';
import { followsRepository } from '../../server/src/repositories/follows.js';
import { offersRepository } from '../../server/src/repositories/offers.js';
import { usersRepository } from '../../server/src/repositories/users.js';
import { AvailabilityService } from '../../server/src/services/market/availability.js';
import { MarketBookingService } from '../../server/src/services/market/bookings.js';
import { usePostgresDatabase } from '../support/postgres-database.js';

// The scaled setup: API processes share one PostgreSQL with a pool of connections, so confirms of
// one provider really run at once; the provider's working-hours row lock must let exactly one win.
const fans = Array.from({ length: 10 }, (_, i) => `fan${i}`);
const pg = usePostgresDatabase('market-bookings', ['provider', ...fans]);
const HOUR = 3_600_000;

describe('marketplace bookings on PostgreSQL', () => {
  it('confirms exactly one of 10 overlapping requests confirmed at once', async () => {
    const db = pg.db;
    const told: NotificationInput[] = [];
    const users = usersRepository(db);
    const availability = new AvailabilityService(availabilityRepository(db), users);
    const service = new MarketBookingService(
      db,
      offersRepository(db),
      users,
      followsRepository(db),
      availability,
      { notify: async (input) => void told.push(input) },
      { maxOpenRequests: 10 },
    );
    const offer = await offersRepository(db).insert(
      'provider',
      offerBodySchema.parse({
        kind: 'mixing',
        title: 'Mixing',
        remote: true,
        rate: { amount: 50, currency: 'EUR', per: 'song' },
        typicalMinutes: 60,
      }),
      1,
    );
    await availabilityRepository(db).save(
      'provider',
      {
        timeZone: 'America/New_York',
        weeklyHours: [1, 2, 3, 4, 5, 6, 7].map((day) => ({ day, start: '00:00', end: '24:00' })),
        blockedDays: [],
        bufferMinutes: 0,
      },
      1,
    );
    const base = Math.floor(Date.now() / HOUR) * HOUR + 72 * HOUR;
    const ids: number[] = [];
    for (const [i, fan] of fans.entries()) {
      const start = base + i * 5 * 60_000;
      const booking = await service.request(fan, {
        offerId: String(offer.id),
        startTime: new Date(start).toISOString(),
        endTime: new Date(start + HOUR).toISOString(),
        message: '',
      });
      ids.push(Number(booking.id));
    }
    const results = await Promise.allSettled(ids.map((id) => service.act('provider', id, { action: 'accept' })));
    expect(results.filter((result) => result.status === 'fulfilled')).toHaveLength(1);
    const statuses = await db('market_bookings').whereIn('id', ids).pluck('status');
    expect(statuses.filter((status) => status === 'confirmed')).toHaveLength(1);
    expect(statuses.filter((status) => status === 'declined')).toHaveLength(9);
    expect(await db('sessions').where({ host_uid: 'provider' }).count({ n: '*' })).toEqual([{ n: '1' }]);
    const answered = told.filter((item) => item.kind === ('booking-answered' satisfies NotificationKind));
    expect(new Set(answered.map((item) => item.userId)).size).toBe(10);
  });
});
