import { describe, expect, it } from 'vitest';
import { signUpUser } from '../../server/src/testing/test-api.js';
import { useInProcessBox } from '../support/in-process-box.js';

// Issue 35 item 7: only a session's host answers a request to join it. Someone else (a stranger,
// the requester, another host) is told it does not exist and changes nothing; a second answer
// changes nothing either: no second participant, no second notification, no flip of the answer.
const box = useInProcessBox();
type Person = Awaited<ReturnType<typeof signUpUser>>;

const when = (hour: number) => new Date(Date.UTC(2031, 2, 3, hour)).toISOString();
const answer = (who: Person, id: string, action: unknown) =>
  box.call('PATCH', `/sessions/join-requests/${id}`, { token: who.idToken, body: { action } });
const joinAnswers = async (who: Person) =>
  (
    (await box.call('GET', '/api/notifications', { token: who.idToken })).body.notifications as { kind: string }[]
  ).filter((item) => item.kind === 'join-answered').length;
const calendar = async (who: Person) =>
  (await box.call('GET', `/sessions/user/${who.user.uid}`, { token: who.idToken })).body as unknown[];

describe('answering a join request', () => {
  it('is the host’s alone, once', async () => {
    const host = await signUpUser(box, { name: 'Hana Host' });
    const requester = await signUpUser(box, { name: 'Rita Requester' });
    const mallory = await signUpUser(box, { name: 'Mallory' });
    await box.call('POST', `/api/user/follow/${host.user.uid}`, { token: requester.idToken });
    const session = await box.call('POST', '/sessions/create', {
      token: host.idToken,
      body: { title: 'Open jam', startTime: when(18), endTime: when(20), visibility: 'public' },
    });
    const asked = await box.call('POST', `/sessions/${session.body.session._id}/join-request`, {
      token: requester.idToken,
      body: { message: 'Can I sit in?' },
    });
    const id = asked.body.joinRequest._id as string;
    // Mallory hosts a session of her own: hosting something is not hosting this.
    await box.call('POST', '/sessions/create', {
      token: mallory.idToken,
      body: { title: 'Decoy', startTime: when(8), endTime: when(9) },
    });

    for (const who of [mallory, requester]) {
      const refused = await answer(who, id, 'accept');
      expect(refused.status).toBe(404);
      expect(refused.body.error.code).toBe('join/not-found');
    }
    expect((await answer(mallory, '999999', 'accept')).status).toBe(404);
    expect((await answer(host, id, 'let-me-in')).status).toBe(400);
    expect((await answer(host, 'abc', 'accept')).status).toBe(400);
    expect(await calendar(requester)).toEqual([]);
    const listed = await box.call('GET', '/sessions/join-requests/mine', { token: mallory.idToken });
    expect(listed.body).toEqual({ incoming: [], outgoing: [] });

    expect((await answer(host, id, 'accept')).body.joinRequest.status).toBe('accepted');
    const again = await answer(host, id, 'accept');
    expect(again.status).toBe(200);
    expect(again.body.joinRequest.status).toBe('accepted');
    const flipped = await answer(host, id, 'decline');
    expect(flipped.status).toBe(409);
    expect(flipped.body.error.code).toBe('join/already-answered');

    expect(await calendar(requester)).toHaveLength(1);
    expect(await joinAnswers(requester)).toBe(1);
    const [request] = (await box.call('GET', '/sessions/join-requests/mine', { token: requester.idToken })).body
      .outgoing;
    expect(request.status).toBe('accepted');
  });
});
