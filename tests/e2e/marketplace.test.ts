import Database from 'better-sqlite3';
import path from 'node:path';
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { jsonCaller } from '../../server/src/testing/test-api.js';
import { signedInPage, type SignedIn } from '../support/accounts.js';
import { startBox, type Box } from '../support/box.js';
import { launchChromium } from '../support/browser.js';
import { untilVideoShows } from '../support/room-pages.js';
import { startTestSmtpServer, type TestSmtpServer } from '../support/smtp-server.js';
import { installStudioCapture, QUADRANT_COLOURS } from '../support/studio-capture.js';
import { until } from '../support/until.js';

// Issue 35's whole flow in Chromium on the real box, as two people in two time zones meet it: a
// producer in Berlin offers Latin mixing; an artist in New York finds it by genre, budget and
// "free next week", requests a time; the producer hears of it (bell and email), proposes another
// time, the artist accepts, both calendars hold it. A second, short booking starting now is met in
// its own room from the calendar, with the producer's screen; once over, both review, and the
// rating shows on the producer's profile and on the search card.
let smtp: TestSmtpServer;
let box: Box;
let browser: Browser;
beforeAll(async () => {
  smtp = await startTestSmtpServer();
  [box, browser] = await Promise.all([
    startBox({ SMTP_URL: smtp.url, MAIL_FROM: 'Riffroom <studio@example.test>' }),
    launchChromium(),
  ]);
}, 120_000);
afterAll(async () => {
  await browser?.close();
  await box?.stop();
  await smtp?.stop();
});

const MINUTE = 60_000;
const DAY = 24 * 60 * MINUTE;

/** 'YYYY-MM-DDT15:00' eight days from now in Berlin: what the producer types for another start. */
function berlinAfternoonNextWeek(): string {
  const date = new Intl.DateTimeFormat('en-CA', { timeZone: 'Europe/Berlin', dateStyle: 'short' }).format(
    Date.now() + 8 * DAY,
  );
  return `${date}T15:00`;
}

describe('the booking marketplace in Chromium', () => {
  let producer: SignedIn;
  let artist: SignedIn;
  const call = () => jsonCaller(box.baseUrl);

  it('an artist in New York finds a producer in Berlin, requests a time; the producer proposes another; both calendars hold it', async () => {
    [producer, artist] = await Promise.all([
      signedInPage(browser, box.baseUrl, 'producer', {
        contextOptions: { timezoneId: 'Europe/Berlin' },
        beforeLogin: (page) => page.addInitScript(installStudioCapture, QUADRANT_COLOURS),
      }),
      signedInPage(browser, box.baseUrl, 'artist', { contextOptions: { timezoneId: 'America/New_York' } }),
    ]);
    const offer = (body: Record<string, unknown>) =>
      call()('POST', '/api/offers/create', { token: producer.idToken, body: { remote: true, ...body } });
    expect(
      (
        await offer({
          kind: 'mixing',
          title: 'Latin mix',
          genres: ['Latin'],
          rate: { amount: 60, currency: 'EUR', per: 'song' },
          typicalMinutes: 60,
        })
      ).status,
    ).toBe(201);
    const everyDay = [1, 2, 3, 4, 5, 6, 7].map((day) => ({ day, start: '00:00', end: '24:00' }));
    const hours = await call()('PUT', '/api/availability/mine', {
      token: producer.idToken,
      body: { timeZone: 'Europe/Berlin', weeklyHours: everyDay, blockedDays: [], bufferMinutes: 0 },
    });
    expect(hours.status).toBe(200);

    // The artist searches by genre, budget and "free next week", and requests the first free time.
    const a = artist.page;
    await a.getByRole('button', { name: 'Book Session' }).click();
    await a.getByLabel('Genre').selectOption('Latin');
    await a.getByLabel('Max rate').fill('100');
    await a.getByLabel('Free next week').check();
    await a.getByRole('button', { name: 'Search' }).click();
    const card = a.getByTestId('market-card').filter({ hasText: 'Latin mix' });
    await card.getByText(/^Next free: /).waitFor();
    await card.getByRole('button', { name: 'View times' }).click();
    await a.getByRole('heading', { name: 'Free this week (America/New_York)' }).waitFor();
    await a.locator('.slot-grid button').first().click();
    await a.getByLabel('Message').fill('A cumbia single, stems ready');
    await a.getByRole('button', { name: 'Send request' }).click();
    await a.getByRole('status').getByText('Booking request sent!').waitFor();

    // The producer: a toast, the bell's count, and the mail at the SMTP server.
    await producer.page.getByText(`${artist.account.name} requested Latin mix`).waitFor({ timeout: 10_000 });
    const bell = producer.page.getByRole('button', { name: /^Notifications, / });
    await expect.poll(() => bell.getAttribute('aria-label'), { timeout: 10_000 }).toBe('Notifications, 1 unread');
    await until(() => smtp.received().some((mail) => mail.to.includes(producer.account.email)), {
      what: "the request's mail to the producer",
    });

    // The producer proposes another time, typed in Berlin's time.
    const p = producer.page;
    await p.getByRole('button', { name: 'Calendar' }).click();
    await p.getByRole('tab', { name: 'Booking Requests' }).click();
    await p.getByRole('button', { name: 'View Booking Requests' }).click();
    const incoming = p.getByTestId('market-incoming').filter({ hasText: 'Latin mix' });
    await incoming.getByRole('button', { name: 'Propose another time' }).click();
    await incoming.getByLabel('Or another start').fill(berlinAfternoonNextWeek());
    await incoming.getByRole('button', { name: 'Send proposal' }).click();
    await expect.poll(() => incoming.getByTestId('market-status').textContent()).toMatch(/propos/i);
    await p.getByRole('button', { name: 'Close dialog' }).click();

    // The artist accepts it; both calendars hold the session.
    await a.getByRole('button', { name: 'Calendar' }).click();
    await a.getByRole('tab', { name: 'Booking Requests' }).click();
    await a.getByRole('button', { name: 'View Booking Requests' }).click();
    const outgoing = a.getByTestId('market-outgoing').filter({ hasText: 'Latin mix' });
    await outgoing.getByRole('button', { name: 'Accept new time' }).click();
    await expect.poll(() => outgoing.getByTestId('market-status').textContent()).toMatch(/confirm/i);
    await a.getByRole('button', { name: 'Close dialog' }).click();
    const mine = await call()('GET', '/api/market/bookings/mine', { token: artist.idToken });
    const confirmed = mine.body.outgoing.find((b: { offer: { title: string } }) => b.offer.title === 'Latin mix');
    expect(confirmed.status).toBe('confirmed');
    for (const who of [producer, artist]) {
      const calendar = await call()('GET', `/sessions/user/${who.uid}`, { token: who.idToken });
      expect(calendar.body).toContainEqual(expect.objectContaining({ _id: confirmed.sessionId, title: 'Latin mix' }));
    }
  }, 90_000);

  let shortBookingId = '';

  it("meets a booking starting now in its own room: the artist joins from the calendar and sees the producer's screen", async () => {
    const quick = await call()('POST', '/api/offers/create', {
      token: producer.idToken,
      body: {
        kind: 'recording',
        title: 'Quick vocal check',
        remote: true,
        genres: ['Pop'],
        rate: { amount: 20, currency: 'EUR', per: 'hour' },
        typicalMinutes: 15,
      },
    });
    const start = Math.ceil((Date.now() + 2 * MINUTE) / MINUTE) * MINUTE;
    const requested = await call()('POST', '/api/market/bookings/create', {
      token: artist.idToken,
      body: {
        offerId: quick.body.offer.id,
        startTime: new Date(start).toISOString(),
        endTime: new Date(start + 15 * MINUTE).toISOString(),
      },
    });
    expect(requested.status).toBe(201);
    shortBookingId = requested.body.booking.id;
    const accepted = await call()('PATCH', `/api/market/bookings/${shortBookingId}`, {
      token: producer.idToken,
      body: { action: 'accept' },
    });
    expect(accepted.body.booking.status).toBe('confirmed');

    const p = producer.page;
    await p.getByRole('button', { name: 'Book Session' }).click();
    const mine = p.getByRole('region', { name: 'Your bookings' }).getByRole('listitem').filter({
      hasText: 'Quick vocal check',
    });
    await mine.getByRole('button', { name: 'Join room' }).click();
    await p.waitForURL('**/host-collaboration');
    await p.getByText('Connected (High Performance)').waitFor({ timeout: 15_000 });
    await p.getByRole('button', { name: 'Start Screen Share' }).click();
    await untilVideoShows(p, 'host-preview', QUADRANT_COLOURS);

    const a = artist.page;
    await a.getByRole('tab', { name: 'My Calendar' }).click();
    await a.getByRole('region', { name: 'My Calendar' }).getByText('Quick vocal check').first().click();
    await a.getByRole('dialog').getByRole('button', { name: 'Join room' }).click();
    await a.waitForURL('**/join-collaboration/**');
    await untilVideoShows(a, 'remote-screen', QUADRANT_COLOURS);
    expect(producer.dialogs).toEqual([]);
    expect(artist.dialogs).toEqual([]);
  }, 90_000);

  it('once it is over, both review; the rating shows on the profile and the search card', async () => {
    // The session took place: its quarter of an hour is moved into the past, in the box's database.
    const db = new Database(path.join(box.dataDir, 'riffroom.sqlite'));
    try {
      db.pragma('busy_timeout = 5000');
      const ended = Date.now() - 5 * MINUTE;
      db.prepare('UPDATE market_bookings SET start_at = ?, end_at = ? WHERE id = ?').run(
        ended - 15 * MINUTE,
        ended,
        Number(shortBookingId),
      );
    } finally {
      db.close();
    }
    const review = async (
      who: SignedIn,
      side: 'incoming' | 'outgoing',
      other: SignedIn,
      rating: string,
      text: string,
    ) => {
      const page = who.page;
      await page.goto('/dashboard?tab=calendar');
      await page.getByRole('tab', { name: 'Booking Requests' }).click();
      await page.getByRole('button', { name: 'View Booking Requests' }).click();
      const item = page.getByTestId(`market-${side}`).filter({ hasText: 'Quick vocal check' });
      await item.getByRole('button', { name: `Review @${other.account.username}` }).click();
      await item.getByLabel('Rating').selectOption(rating);
      await item.getByLabel('Review', { exact: true }).fill(text);
      await item.getByRole('button', { name: 'Save review' }).click();
      await item
        .getByRole('status')
        .getByText(/^Review saved\./)
        .waitFor();
      await page.getByRole('button', { name: 'Close dialog' }).click();
    };
    await review(artist, 'outgoing', producer, '5', 'Warm low end, fast turnaround');
    await review(producer, 'incoming', artist, '4', 'Great takes, came prepared');

    const p = producer.page;
    await p.getByRole('button', { name: 'My Profile' }).click();
    await p.getByText('Warm low end, fast turnaround').waitFor();
    await p.getByText('★ 5.0 (1)').first().waitFor();

    const a = artist.page;
    await a.getByRole('button', { name: 'Book Session' }).click();
    await a.getByLabel('Genre').selectOption('Latin');
    await a.getByRole('button', { name: 'Search' }).click();
    await a.getByTestId('market-card').filter({ hasText: 'Latin mix' }).getByText('★ 5.0 (1)').waitFor();
    await producer.page.context().close();
    await artist.page.context().close();
  }, 60_000);
});
