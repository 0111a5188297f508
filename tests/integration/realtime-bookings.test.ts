import { afterEach, describe, expect, it } from 'vitest';
import type { IncomingBooking } from '@riffroom/protocol';
import { signUpUser } from '../../server/src/testing/test-api.js';
import { useInProcessBox } from '../support/in-process-box.js';
import { connected, socketOpener } from '../support/sockets.js';
import { until } from '../support/until.js';

const box = useInProcessBox();
const { connect, closeAll } = socketOpener(() => box.baseUrl);

afterEach(closeAll);

describe('booking request notifications', () => {
  it("reaches every socket of the target as new-booking-request, and nobody else's", async () => {
    const host = await signUpUser(box);
    const booker = await signUpUser(box);
    await box.call('POST', `/api/user/follow/${host.user.uid}`, { token: booker.idToken });
    const tabs = [connect(host.idToken), connect(host.idToken)];
    const bookerSocket = connect(booker.idToken);
    await Promise.all([...tabs, bookerSocket].map(connected));
    const received: IncomingBooking[][] = [[], []];
    tabs.forEach((tab, i) => tab.on('new-booking-request', (request: IncomingBooking) => received[i]!.push(request)));
    const bookerHeard: IncomingBooking[] = [];
    bookerSocket.on('new-booking-request', (request: IncomingBooking) => bookerHeard.push(request));

    const sent = await box.call('POST', '/sessions/request-booking', {
      token: booker.idToken,
      body: {
        targetUser: host.user.uid,
        startTime: '2030-06-01T10:00:00.000Z',
        endTime: '2030-06-01T11:00:00.000Z',
        message: 'Can you track drums?',
      },
    });
    expect(sent.status).toBe(201);

    await until(() => received.every((list) => list.length === 1), { what: 'both tabs heard the booking request' });
    const incoming = (await box.call('GET', '/sessions/my-bookings', { token: host.idToken })).body.incoming;
    for (const list of received) expect(list[0]).toEqual(incoming[0]);
    expect(received[0]![0]).toMatchObject({
      message: 'Can you track drums?',
      status: 'pending',
      requestedBy: { firebase_uid: booker.user.uid, user_username: booker.username },
    });
    expect(bookerHeard).toEqual([]);
  });
});
