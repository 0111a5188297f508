import { describe, expect, it } from 'vitest';
import { offerBodySchema, sessionBodySchema, type NotificationKind } from '@riffroom/protocol';
import type { NotificationInput } from '../../server/src/notifications/notifier.js';
import { availabilityRepository } from '../../server/src/repositories/availability.js';
import { followsRepository } from '../../server/src/repositories/follows.js';
import { offersRepository } from '../../server/src/repositories/offers.js';
import { sessionsRepository } from '../../server/src/repositories/sessions.js';
import { usersRepository } from '../../server/src/repositories/users.js';
import { AvailabilityService } from '../../server/src/services/market/availability.js';
import { MarketBookingService } from '../../server/src/services/market/bookings.js';
import { BOOKING_REMINDER_JOB, BookingReminders } from '../../server/src/services/market/booking-reminders.js';
import { BookingRoomService, bookingRoomAdmission } from '../../server/src/services/market/booking-room.js';
import { RoomService } from '../../server/src/services/rooms.js';
import { roomsRepository } from '../../server/src/repositories/rooms.js';
import { jobsRepository } from '../../server/src/repositories/jobs.js';
import { JobWorker } from '../../server/src/jobs/job-worker.js';
import { createLogger } from '../../server/src/logger.js';
import { JoinAnswerService } from '../../server/src/services/join-answers.js';
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

  it('opens one room for a booking that both parties open at once, and sends each reminder once', async () => {
    const db = pg.db;
    const users = usersRepository(db);
    const told: NotificationInput[] = [];
    const notifier = { notify: async (input: NotificationInput) => void told.push(input) };
    let clock = Date.now();
    const service = new MarketBookingService(
      db,
      offersRepository(db),
      users,
      followsRepository(db),
      new AvailabilityService(availabilityRepository(db), users),
      notifier,
      { maxOpenRequests: 10 },
      () => clock,
    );
    const [offer] = await offersRepository(db).ofOwner('provider', true);
    const start = Math.floor(Date.now() / HOUR) * HOUR + 10 * 24 * HOUR;
    const booking = await service.request('fan1', {
      offerId: String(offer!.id),
      startTime: new Date(start).toISOString(),
      endTime: new Date(start + HOUR).toISOString(),
      message: '',
    });
    await service.act('provider', Number(booking.id), { action: 'accept' });

    // Both parties open the room at the same moment: the partial unique index leaves one live room.
    clock = start - 5 * 60_000;
    const bus = { publish() {}, subscribe: () => () => {}, close: async () => {} };
    const rooms = new RoomService(
      roomsRepository(db),
      users,
      followsRepository(db),
      bus,
      bookingRoomAdmission(db, 10 * 60_000, () => clock),
    );
    const bookingRooms = new BookingRoomService(db, rooms, 10 * 60_000, () => clock);
    const opened = await Promise.all(
      ['provider', 'fan1', 'provider', 'fan1'].map((uid) => bookingRooms.open(uid, Number(booking.id))),
    );
    expect(new Set(opened.map((room) => room.roomId)).size).toBe(1);
    expect(await rooms.admits(opened[0]!.roomId, 'fan1')).toBe(true);
    expect(await rooms.admits(opened[0]!.roomId, 'fan2')).toBe(false);

    // Two workers with the same clock: the 24 h reminder goes once to each party.
    const reminders = new BookingReminders(db, notifier, () => clock);
    const workers = [0, 1].map(() =>
      new JobWorker(
        jobsRepository(db),
        { pollMs: HOUR, leaseMs: 60_000, maxAttempts: 3, backoffMs: 60_000, now: () => clock },
        createLogger('silent'),
      ).handle(BOOKING_REMINDER_JOB, reminders.send),
    );
    clock = start - 24 * HOUR;
    await Promise.all(workers.map((worker) => worker.drain()));
    await Promise.all(workers.map((worker) => worker.drain()));
    const reminded = told.filter((item) => item.kind === 'booking-reminder').map((item) => item.userId);
    expect(reminded.sort()).toEqual(['fan1', 'provider']);
    await Promise.all(workers.map((worker) => worker.close()));
  });
});

// Join answers (issue 35, item 7) on the same server: migration 0045 applies on PostgreSQL, and of
// two answers sent at once through the pool exactly one moves the request.
describe('join answers on PostgreSQL', () => {
  it('adds the requester once when the host accepts twice at once, and lists it on both sides', async () => {
    const db = pg.db;
    const told: NotificationInput[] = [];
    const session = await sessionsRepository(db).insert(
      {
        hostUid: 'provider',
        bookedByUid: null,
        status: 'confirmed',
        body: sessionBodySchema.parse({
          title: 'Open jam',
          startTime: '2031-03-03T18:00:00.000Z',
          endTime: '2031-03-03T20:00:00.000Z',
          visibility: 'public',
          maxParticipants: 4,
        }),
      },
      1,
    );
    const [row] = await db('join_requests')
      .insert({
        session_id: Number(session._id),
        requester_uid: 'fan9',
        message: 'hi',
        status: 'pending',
        created_at: 2,
      })
      .returning('id');
    const id = Number((row as { id: number }).id);
    const service = new JoinAnswerService(db, usersRepository(db), { notify: async (input) => void told.push(input) });

    const answers = await Promise.all([
      service.answer('provider', id, { action: 'accept' }),
      service.answer('provider', id, { action: 'accept' }),
    ]);
    expect(answers.map((answer) => answer.status)).toEqual(['accepted', 'accepted']);
    expect(told).toHaveLength(1);
    expect(await db('session_participants').where({ session_id: Number(session._id) })).toHaveLength(1);
    // fan9 may also hold the confirmed booking of the test above: look for this session only.
    const joined = (await sessionsRepository(db).onCalendarOf('fan9')).filter((s) => s._id === session._id);
    expect(joined.map((s) => s.title)).toEqual(['Open jam']);
    const [hostSide, joinerSide] = await Promise.all([service.mine('provider'), service.mine('fan9')]);
    expect(hostSide.incoming).toEqual(joinerSide.outgoing);
    expect(hostSide.incoming[0]).toMatchObject({ status: 'accepted', session: { title: 'Open jam' } });
  });
});
