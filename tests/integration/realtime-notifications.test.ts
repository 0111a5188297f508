import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { NotificationItem } from '@riffroom/protocol';
import { signUpUser } from '../../server/src/testing/test-api.js';
import { useInProcessBox } from '../support/in-process-box.js';
import { startTestSmtpServer, type TestSmtpServer } from '../support/smtp-server.js';
import { connected, socketOpener } from '../support/sockets.js';
import { until } from '../support/until.js';

// One booking request, seen the three ways the centre delivers it: the item in the bell's list,
// the notification event on the target's sockets (the media node's user channel, through the
// bus), and the email a real SMTP server receives. Nobody else hears any of it.
let smtp: TestSmtpServer;
beforeAll(async () => {
  smtp = await startTestSmtpServer();
});
afterAll(() => smtp?.stop());

const box = useInProcessBox({}, () => ({
  publicUrl: 'http://studio.example.test',
  notifications: { smtpUrl: smtp.url, mailFrom: 'Riffroom <studio@example.test>' },
}));
const { connect, closeAll } = socketOpener(() => box.baseUrl);
afterEach(closeAll);

describe('the notification centre on a box', () => {
  it('puts a booking request in the bell, on every socket of its target and in their inbox', async () => {
    const host = await signUpUser(box, { email: 'host-inbox@example.test' });
    const booker = await signUpUser(box);
    await box.call('POST', `/api/user/follow/${host.user.uid}`, { token: booker.idToken });
    const tabs = [connect(host.idToken), connect(host.idToken)];
    const bookerSocket = connect(booker.idToken);
    await Promise.all([...tabs, bookerSocket].map(connected));
    const heard: NotificationItem[][] = [[], []];
    tabs.forEach((tab, i) => tab.on('notification', (item: NotificationItem) => heard[i]!.push(item)));
    const bookerHeard: NotificationItem[] = [];
    bookerSocket.on('notification', (item: NotificationItem) => bookerHeard.push(item));

    const sent = await box.call('POST', '/sessions/request-booking', {
      token: booker.idToken,
      body: { targetUser: host.user.uid, startTime: '2031-06-01T10:00:00.000Z', endTime: '2031-06-01T11:00:00.000Z' },
    });
    expect(sent.status).toBe(201);

    await until(() => heard.every((list) => list.length === 1), { what: 'both tabs heard the notification' });
    const listed = (await box.call('GET', '/api/notifications', { token: host.idToken })).body.notifications;
    expect(heard[0]![0]).toEqual(listed[0]);
    expect(listed[0]).toMatchObject({
      kind: 'booking-requested',
      title: `New booking request from @${booker.username}`,
      data: { bookingId: sent.body.booking._id },
    });
    expect((await box.call('GET', '/api/notifications/unread', { token: host.idToken })).body.unread).toBe(1);

    const [mail] = await smtp.waitFor(1);
    expect(mail).toMatchObject({ to: ['host-inbox@example.test'], subject: listed[0].title });
    expect(mail!.text).toMatch(/http:\/\/studio\.example\.test\/email-answer\?token=[A-Za-z0-9_-]{43}/);
    expect(bookerHeard).toEqual([]);
  });
});
