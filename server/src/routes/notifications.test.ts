import type { BusEvent } from '@riffroom/protocol';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestSmtpServer, type TestSmtpServer } from '../../../tests/support/smtp-server.js';
import { until } from '../../../tests/support/until.js';
import { signUpUser, startTestApi, type TestApi } from '../testing/test-api.js';

// The centre through its REST routes, fed by the booking flow, with mail going to a real SMTP
// server in its own process: what the host sees in the bell, in their sockets' bus events and in
// their inbox, and what a stranger cannot see.
let api: TestApi;
let smtp: TestSmtpServer;
const live: Extract<BusEvent, { type: 'notification' }>[] = [];
type User = Awaited<ReturnType<typeof signUpUser>>;
let host: User;
let booker: User;
let stranger: User;
const PUBLIC_URL = 'http://studio.example.test';

beforeAll(async () => {
  smtp = await startTestSmtpServer();
  api = await startTestApi({
    publicUrl: PUBLIC_URL,
    notifications: { smtpUrl: smtp.url, mailFrom: 'Riffroom <studio@example.test>' },
  });
  api.api.bus.subscribe((event) => {
    if (event.type === 'notification') live.push(event);
  });
  host = await signUpUser(api, { username: 'bellhost', email: 'bellhost@example.test' });
  booker = await signUpUser(api, { username: 'bellbooker' });
  stranger = await signUpUser(api, { username: 'bellstranger' });
  await api.call('POST', `/api/user/follow/${host.user.uid}`, { token: booker.idToken });
});

afterAll(async () => {
  await api?.close();
  await smtp?.stop();
});

const at = (hour: number) => new Date(Date.UTC(2031, 2, 3, hour)).toISOString();
const book = (hour: number) =>
  api.call('POST', '/sessions/request-booking', {
    token: booker.idToken,
    body: { targetUser: host.user.uid, startTime: at(hour), endTime: at(hour + 1), message: 'Mix my song?' },
  });
const list = (user: User, query = '') => api.call('GET', `/api/notifications${query}`, { token: user.idToken });
const unread = async (user: User) =>
  (await api.call('GET', '/api/notifications/unread', { token: user.idToken })).body.unread as number;

describe('the notification centre', () => {
  it('holds a booking request for its target, delivers it live and mails it with a single-use answer link', async () => {
    expect(await unread(host)).toBe(0);
    const sent = await book(10);
    expect(sent.status).toBe(201);

    const items = (await list(host)).body.notifications;
    expect(items).toEqual([
      expect.objectContaining({
        kind: 'booking-requested',
        title: 'New booking request from @bellbooker',
        link: '/dashboard?tab=calendar&panel=booking-requests',
        data: expect.objectContaining({ bookingId: sent.body.booking._id }),
        readAt: null,
      }),
    ]);
    expect(await unread(host)).toBe(1);
    expect(live.at(-1)).toEqual({ type: 'notification', toUid: host.user.uid, notification: items[0] });
    expect((await list(booker)).body.notifications).toEqual([]);

    const [mail] = await smtp.waitFor(1);
    expect(mail!.to).toEqual(['bellhost@example.test']);
    expect(mail!.subject).toBe('New booking request from @bellbooker');
    expect(mail!.html).toContain('Accept or decline</a>');
    expect(mail!.text).toContain(`${PUBLIC_URL}/dashboard?tab=calendar&panel=booking-requests`);
    const token = /\/email-answer\?token=([A-Za-z0-9_-]{43})/.exec(mail!.text)?.[1];
    expect(token).toBeDefined();

    // The link answers once, as the host; the requester then hears the answer in their own centre.
    const answered = await api.call('POST', '/api/notifications/email-action', { body: { token, action: 'accept' } });
    expect(answered.status).toBe(200);
    const mine = (await api.call('GET', '/sessions/my-bookings', { token: booker.idToken })).body.outgoing;
    expect(mine[0]).toMatchObject({ _id: sent.body.booking._id, status: 'accepted' });
    const again = await api.call('POST', '/api/notifications/email-action', { body: { token, action: 'decline' } });
    expect(again.status).toBe(404);
    expect(again.body.error.code).toBe('email-link/invalid');
    expect((await list(booker)).body.notifications[0]).toMatchObject({
      kind: 'booking-answered',
      title: 'Booking request accepted by @bellhost',
    });
  });

  it('answers 404 to a stranger marking read, and marks read only its own person', async () => {
    const [item] = (await list(host)).body.notifications;
    const theirs = await api.call('POST', `/api/notifications/${item._id}/read`, { token: stranger.idToken });
    expect(theirs.status).toBe(404);
    expect(theirs.body.error.code).toBe('notification/not-found');
    expect(await unread(host)).toBe(1);
    expect((await api.call('POST', '/api/notifications/999999/read', { token: host.idToken })).status).toBe(404);
    expect((await api.call('POST', '/api/notifications/abc/read', { token: host.idToken })).status).toBe(400);
    expect((await api.call('GET', '/api/notifications', {})).status).toBe(401);

    const marked = await api.call('POST', `/api/notifications/${item._id}/read`, { token: host.idToken });
    expect(marked.body).toEqual({ unread: 0 });
    expect((await list(host)).body.notifications[0].readAt).not.toBeNull();
  });

  it('pages newest first and marks everything read at once', async () => {
    for (const hour of [12, 14, 16]) expect((await book(hour)).status).toBe(201);
    expect(await unread(host)).toBe(3);
    const first = (await list(host, '?limit=2')).body;
    expect(first.notifications).toHaveLength(2);
    expect(first.nextBefore).not.toBeNull();
    const second = (await list(host, `?limit=2&before=${first.nextBefore}`)).body;
    const ids = [...first.notifications, ...second.notifications].map((n: { _id: string }) => Number(n._id));
    expect(ids).toEqual([...ids].sort((a, b) => b - a));
    expect(ids).toHaveLength(4);
    expect((await list(host, '?limit=500')).status).toBe(400);

    expect((await api.call('POST', '/api/notifications/read-all', { token: host.idToken })).body).toEqual({
      unread: 0,
    });
    expect(await unread(host)).toBe(0);
  });

  it('mails only the kinds a person keeps on in their settings', async () => {
    const saved = await api.call('PUT', '/api/notifications/email-preferences', {
      token: host.idToken,
      body: { email: { 'booking-requested': false } },
    });
    expect(saved.status).toBe(200);
    expect(saved.body).toMatchObject({
      mailEnabled: true,
      email: { 'booking-requested': false, 'booking-answered': true },
    });
    const bad = await api.call('PUT', '/api/notifications/email-preferences', {
      token: host.idToken,
      body: { email: { 'no-such-kind': true } },
    });
    expect(bad.status).toBe(400);

    // Every mail so far has arrived: two of the first test (request, answer), three of the last.
    const before = (await smtp.waitFor(5)).length;
    expect((await book(18)).status).toBe(201);
    // The booker's answer mail is on: it arrives, and the host's (off) never does.
    const [item] = (await list(host)).body.notifications;
    await api.call('PATCH', `/sessions/respond-booking/${item.data.bookingId}`, {
      token: host.idToken,
      body: { action: 'decline' },
    });
    const mails = await smtp.waitFor(before + 1);
    await until(async () => (await unread(booker)) >= 1, { what: 'the answer in the booker centre' });
    expect(mails.slice(before).map((m) => m.subject)).toEqual(['Booking request declined by @bellhost']);
  });
});
