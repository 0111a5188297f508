import { afterEach, describe, expect, it } from 'vitest';
import type { IncomingBooking, OutgoingBooking } from '@riffroom/protocol';
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

  it("tells every socket of the requester when the host accepts or declines, and nobody else's", async () => {
    const host = await signUpUser(box);
    const booker = await signUpUser(box);
    await box.call('POST', `/api/user/follow/${host.user.uid}`, { token: booker.idToken });
    const bookerTabs = [connect(booker.idToken), connect(booker.idToken)];
    const hostSocket = connect(host.idToken);
    await Promise.all([...bookerTabs, hostSocket].map(connected));
    const heard: OutgoingBooking[][] = [[], []];
    bookerTabs.forEach((tab, i) => tab.on('booking-answered', (booking: OutgoingBooking) => heard[i]!.push(booking)));
    const hostHeard: OutgoingBooking[] = [];
    hostSocket.on('booking-answered', (booking: OutgoingBooking) => hostHeard.push(booking));

    const request = async (hour: number) => {
      const sent = await box.call('POST', '/sessions/request-booking', {
        token: booker.idToken,
        body: {
          targetUser: host.user.uid,
          startTime: `2030-06-02T${hour}:00:00.000Z`,
          endTime: `2030-06-02T${hour + 1}:00:00.000Z`,
          message: 'Mix?',
        },
      });
      expect(sent.status).toBe(201);
      return String(sent.body.booking._id);
    };
    const accepted = await request(10);
    const declined = await request(14);
    const answer = async (id: string, action: 'accept' | 'decline') =>
      expect(
        (await box.call('PATCH', `/sessions/respond-booking/${id}`, { token: host.idToken, body: { action } })).status,
      ).toBe(200);
    await answer(accepted, 'accept');
    await answer(declined, 'decline');

    await until(() => heard.every((list) => list.length === 2), { what: 'both tabs heard both answers' });
    const outgoing: OutgoingBooking[] = (await box.call('GET', '/sessions/my-bookings', { token: booker.idToken })).body
      .outgoing;
    for (const list of heard) {
      expect(list.map((booking) => [booking._id, booking.status])).toEqual([
        [accepted, 'accepted'],
        [declined, 'declined'],
      ]);
      for (const booking of list) expect(booking).toEqual(outgoing.find((known) => known._id === booking._id));
    }
    expect(heard[0]![0]).toMatchObject({ host: { firebase_uid: host.user.uid, user_username: host.username } });
    expect(heard[0]![0]!.sessionId).not.toBeNull();
    expect(hostHeard).toEqual([]);
  });
});
