import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signUpUser, startTestApi, type TestApi } from '../testing/test-api.js';

type User = Awaited<ReturnType<typeof signUpUser>>;
let api: TestApi;
let host: User;
let joiner: User;
let other: User;

const at = (hours: number) => new Date(Date.UTC(2030, 0, 7, hours)).toISOString();

async function session(patch: Record<string, unknown> = {}): Promise<string> {
  const created = await api.call('POST', '/sessions/create', {
    token: host.idToken,
    body: { title: 'Open jam', startTime: at(10), endTime: at(12), visibility: 'public', ...patch },
  });
  return created.body.session._id as string;
}

async function ask(who: User, sessionId: string): Promise<string> {
  const sent = await api.call('POST', `/sessions/${sessionId}/join-request`, {
    token: who.idToken,
    body: { message: 'I play bass' },
  });
  expect(sent.status).toBe(201);
  return sent.body.joinRequest._id as string;
}

const answer = (who: User, id: string, action: string) =>
  api.call('PATCH', `/sessions/join-requests/${id}`, { token: who.idToken, body: { action } });
const mine = async (who: User) => (await api.call('GET', '/sessions/join-requests/mine', { token: who.idToken })).body;
const notifications = async (who: User) =>
  (
    (await api.call('GET', '/api/notifications', { token: who.idToken })).body.notifications as { kind: string }[]
  ).filter((item) => item.kind === 'join-answered');

beforeAll(async () => {
  api = await startTestApi();
  host = await signUpUser(api, { name: 'Hana Host' });
  joiner = await signUpUser(api, { name: 'Jo Joiner' });
  other = await signUpUser(api, { name: 'Olli Other' });
  for (const who of [joiner, other]) {
    await api.call('POST', `/api/user/follow/${host.user.uid}`, { token: who.idToken });
  }
});
afterAll(async () => {
  await api.close();
});

describe('answering join requests', () => {
  it('lists the request on both sides; accepting adds the requester to the session and tells them', async () => {
    const sessionId = await session();
    const id = await ask(joiner, sessionId);
    const [incoming] = (await mine(host)).incoming;
    expect(incoming).toMatchObject({
      _id: id,
      status: 'pending',
      message: 'I play bass',
      session: { title: 'Open jam', startTime: at(10) },
      requester: { uid: joiner.user.uid, name: 'Jo Joiner' },
    });
    expect((await mine(joiner)).outgoing).toEqual([incoming]);

    const accepted = await answer(host, id, 'accept');
    expect(accepted.status).toBe(200);
    expect(accepted.body.joinRequest.status).toBe('accepted');
    const calendar = (await api.call('GET', `/sessions/user/${joiner.user.uid}`, { token: joiner.idToken })).body;
    expect(calendar).toEqual([expect.objectContaining({ _id: sessionId, title: 'Open jam', host: host.user.uid })]);
    expect(await notifications(joiner)).toEqual([
      expect.objectContaining({ title: `@${host.username} accepted your request to join "Open jam"` }),
    ]);
    // In already: asking again is refused.
    const again = await api.call('POST', `/sessions/${sessionId}/join-request`, { token: joiner.idToken, body: {} });
    expect(again.body.error.code).toBe('join/already-joined');
  });

  it('declines without adding anyone, and refuses to accept past maxParticipants', async () => {
    const declinedOne = await ask(other, await session({ title: 'Small room' }));
    expect((await answer(host, declinedOne, 'decline')).body.joinRequest.status).toBe('declined');
    const full = await session({ title: 'Duo', maxParticipants: 1 });
    await answer(host, await ask(joiner, full), 'accept');
    const refused = await answer(host, await ask(other, full), 'accept');
    expect(refused.status).toBe(409);
    expect(refused.body.error.code).toBe('join/session-full');
    const calendar = (await api.call('GET', `/sessions/user/${other.user.uid}`, { token: other.idToken })).body;
    expect(calendar).toEqual([]);
  });
});
