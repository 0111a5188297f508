import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { offerBodySchema } from '@riffroom/protocol';
import { loadApiConfig } from '../../config/load.js';
import { openDatabase } from '../../db/connect.js';
import type { Db } from '../../db/connect.js';
import { JobWorker } from '../../jobs/job-worker.js';
import { createLogger } from '../../logger.js';
import type { NotificationInput } from '../../notifications/notifier.js';
import { availabilityRepository } from '../../repositories/availability.js';
import { followsRepository } from '../../repositories/follows.js';
import { jobsRepository } from '../../repositories/jobs.js';
import { offersRepository } from '../../repositories/offers.js';
import { usersRepository } from '../../repositories/users.js';
import { AvailabilityService } from './availability.js';
import { BOOKING_REMINDER_JOB, BookingReminders } from './booking-reminders.js';
import { MarketBookingService } from './bookings.js';

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;
// Noon UTC, three days ahead: inside the provider's all-day hours, far from midnight.
const noon = (days: number) => Math.floor(Date.now() / (24 * HOUR)) * 24 * HOUR + days * 24 * HOUR + 12 * HOUR;

let dataDir: string;
let db: Db;
let clock = Date.now();
let offerId: string;
const told: NotificationInput[] = [];
let service: MarketBookingService;
let workers: JobWorker[];

beforeAll(async () => {
  dataDir = mkdtempSync(path.join(tmpdir(), 'riffroom-reminders-'));
  db = await openDatabase(loadApiConfig({}, { dataDir, logLevel: 'silent' }));
  const users = usersRepository(db);
  for (const uid of ['provider', 'artist']) {
    await users.insert(uid, { user_email: `${uid}@example.test`, user_username: uid }, 0);
  }
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
  offerId = String(offer.id);
  await availabilityRepository(db).save(
    'provider',
    {
      timeZone: 'UTC',
      weeklyHours: [1, 2, 3, 4, 5, 6, 7].map((day) => ({ day, start: '00:00', end: '24:00' })),
      blockedDays: [],
      bufferMinutes: 0,
    },
    1,
  );
  const notifier = { notify: async (input: NotificationInput) => void told.push(input) };
  service = new MarketBookingService(
    db,
    offersRepository(db),
    users,
    followsRepository(db),
    new AvailabilityService(availabilityRepository(db), users),
    notifier,
    { maxOpenRequests: 10 },
    () => clock,
  );
  // Two API processes' workers on one database, sharing the test's clock.
  const reminders = new BookingReminders(db, notifier, () => clock);
  workers = [0, 1].map((i) =>
    new JobWorker(
      jobsRepository(db),
      { pollMs: HOUR, leaseMs: 2 * MINUTE, maxAttempts: 3, backoffMs: MINUTE, now: () => clock },
      createLogger('silent', `worker${i}`),
    ).handle(BOOKING_REMINDER_JOB, reminders.send),
  );
});
afterAll(async () => {
  await Promise.all(workers.map((worker) => worker.close()));
  await db.destroy();
  rmSync(dataDir, { recursive: true, force: true });
});

/** A booking confirmed at `at` for [start, start + 30 min). */
async function confirmedAt(at: number, start: number) {
  clock = at;
  const booking = await service.request('artist', {
    offerId,
    startTime: new Date(start).toISOString(),
    endTime: new Date(start + 30 * MINUTE).toISOString(),
    message: '',
  });
  await service.act('provider', Number(booking.id), { action: 'accept' });
  return booking.id;
}

/** Both workers look for due jobs at once, at `at`; the reminders they sent for `bookingId`. */
async function runAt(at: number, bookingId: string) {
  clock = at;
  const before = told.length;
  await Promise.all(workers.map((worker) => worker.drain()));
  return told
    .slice(before)
    .filter((item) => item.kind === 'booking-reminder' && item.data?.bookingId === bookingId)
    .map((item) => `${item.userId}: ${item.title}`);
}

describe('booking reminders', () => {
  it('go 24 h and 15 min before the start, each once to each party, with two workers running', async () => {
    const start = noon(3);
    const id = await confirmedAt(Date.now(), start);
    expect(await runAt(start - 24 * HOUR - MINUTE, id)).toEqual([]);
    expect((await runAt(start - 24 * HOUR, id)).sort()).toEqual([
      'artist: Reminder: Mixing starts within 24 hours',
      'provider: Reminder: Mixing starts within 24 hours',
    ]);
    expect(await runAt(start - 24 * HOUR + MINUTE, id)).toEqual([]);
    expect(await runAt(start - 16 * MINUTE, id)).toEqual([]);
    expect((await runAt(start - 15 * MINUTE, id)).sort()).toEqual([
      'artist: Reminder: Mixing starts in 15 minutes',
      'provider: Reminder: Mixing starts in 15 minutes',
    ]);
    expect(await runAt(start, id)).toEqual([]);
  });

  it('send nothing for a cancelled booking', async () => {
    const start = noon(4);
    const id = await confirmedAt(Date.now(), start);
    await service.act('artist', Number(id), { action: 'cancel', reason: 'Changed my plans' });
    expect(await runAt(start - 24 * HOUR, id)).toEqual([]);
    expect(await runAt(start - 15 * MINUTE, id)).toEqual([]);
  });

  it('send nothing stale for a booking moved to another time', async () => {
    const start = noon(5);
    const id = await confirmedAt(Date.now(), start);
    await db('market_bookings')
      .where({ id: Number(id) })
      .update({ start_at: start + 2 * HOUR, end_at: start + 2 * HOUR + 30 * MINUTE });
    expect(await runAt(start - 24 * HOUR, id)).toEqual([]);
    expect(await runAt(start - 15 * MINUTE, id)).toEqual([]);
  });

  it('give a booking confirmed less than 15 min ahead no 24 h reminder, only the 15 min one at once', async () => {
    const start = noon(6);
    const id = await confirmedAt(start - 10 * MINUTE, start);
    expect(await runAt(start - 10 * MINUTE, id)).toEqual([
      'provider: Reminder: Mixing starts in 15 minutes',
      'artist: Reminder: Mixing starts in 15 minutes',
    ]);
    expect(await runAt(start - 5 * MINUTE, id)).toEqual([]);
  });

  it('give a booking confirmed 3 h ahead its 24 h reminder at once, then the 15 min one', async () => {
    const start = noon(7);
    const id = await confirmedAt(start - 3 * HOUR, start);
    expect(await runAt(start - 3 * HOUR, id)).toHaveLength(2);
    expect(await runAt(start - 15 * MINUTE, id)).toHaveLength(2);
  });

  it('send nothing when the worker was down past the start', async () => {
    const start = noon(8);
    const id = await confirmedAt(Date.now(), start);
    expect(await runAt(start + MINUTE, id)).toEqual([]);
  });
});
