import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { BusEvent } from '@riffroom/protocol';
import { signUpUser, startTestApi, type TestApi } from '../testing/test-api.js';

let api: TestApi;
let alice: Awaited<ReturnType<typeof signUpUser>>;
let bob: Awaited<ReturnType<typeof signUpUser>>;
let eve: Awaited<ReturnType<typeof signUpUser>>;
const published: BusEvent[] = [];

beforeAll(async () => {
  api = await startTestApi();
  api.api.bus.subscribe((event) => published.push(event));
  alice = await signUpUser(api, { username: 'alice' });
  bob = await signUpUser(api, { username: 'bob' });
  eve = await signUpUser(api, { username: 'eve' });
});
afterAll(async () => {
  await api.close();
});

const send = (from: { idToken: string }, to_uid: string, content: string) =>
  api.call('POST', '/api/messages/send', { token: from.idToken, body: { to_uid, content } });
const unread = async (who: { idToken: string }) =>
  (await api.call('GET', '/api/messages/unread', { token: who.idToken })).body.unreadCounts;

describe('direct messages', () => {
  it.each([
    ['GET', '/api/messages/conversations/list'],
    ['GET', '/api/messages/unread'],
    ['GET', '/api/messages/uid/abc'],
    ['POST', '/api/messages/mark-read'],
    ['POST', '/api/messages/send'],
  ])('%s %s requires a token', async (method, route) => {
    const res = await api.call(method, route, method === 'POST' ? { body: {} } : {});
    expect(res.status).toBe(401);
  });

  it('sends a trimmed message, returns it, and publishes it to the recipient', async () => {
    const res = await send(alice, bob.user.uid, '  hello bob  ');
    expect(res.status).toBe(201);
    expect(res.body.message).toMatchObject({ from_uid: alice.user.uid, to_uid: bob.user.uid, content: 'hello bob' });
    expect(Date.parse(res.body.message.createdAt)).not.toBeNaN();
    expect(published.at(-1)).toEqual({ type: 'new-message', toUid: bob.user.uid, message: res.body.message });
  });

  it.each([
    [{ content: '   ' }, 'content'],
    [{ content: 'x'.repeat(4001) }, 'content'],
    [{ content: 42 }, 'content'],
    [{ to_uid: '' }, 'to_uid'],
  ])('refuses %j naming %s, storing nothing', async (patch, field) => {
    const before = await unread(bob);
    const res = await api.call('POST', '/api/messages/send', {
      token: alice.idToken,
      body: { to_uid: bob.user.uid, content: 'ok', ...patch },
    });
    expect(res.status).toBe(400);
    expect(res.body.error.message).toContain(field);
    expect(await unread(bob)).toEqual(before);
  });

  it('refuses messages to yourself or to an unknown user', async () => {
    expect((await send(alice, alice.user.uid, 'me')).status).toBe(400);
    const unknown = await send(alice, 'nobody', 'hi');
    expect(unknown.status).toBe(404);
    expect(unknown.body.error).toEqual({ code: 'message/invalid-recipient', message: 'to_uid: no such user' });
  });

  it('refuses a sender who has not saved a profile yet, and stores nothing', async () => {
    const signup = await api.call('POST', '/api/auth/signup', {
      body: { email: 'noprofile@example.test', password: 'secret123', username: 'noprofile' },
    });
    const before = await unread(bob);
    const res = await send(signup.body, bob.user.uid, 'hi');
    expect(res.status).toBe(404);
    expect(res.body.error).toEqual({ code: 'user/not-found', message: 'Create your profile before sending messages.' });
    expect(await unread(bob)).toEqual(before);
  });

  it('accepts exactly 4000 characters', async () => {
    const res = await send(bob, alice.user.uid, 'y'.repeat(4000));
    expect(res.status).toBe(201);
  });

  it('counts unread per sender, and mark-read brings them to zero', async () => {
    await send(alice, bob.user.uid, 'second');
    await send(eve, bob.user.uid, 'from eve');
    const counts = await unread(bob);
    expect(counts).toEqual(
      expect.arrayContaining([
        { _id: alice.user.uid, count: 2 },
        { _id: eve.user.uid, count: 1 },
      ]),
    );
    const mark = await api.call('POST', '/api/messages/mark-read', {
      token: bob.idToken,
      body: { from: alice.user.uid },
    });
    expect(mark.status).toBe(200);
    expect(await unread(bob)).toEqual([{ _id: eve.user.uid, count: 1 }]);
  });

  it('returns both directions oldest first, and the conversation list most recent first', async () => {
    const res = await api.call('GET', `/api/messages/uid/${alice.user.uid}`, { token: bob.idToken });
    expect(res.status).toBe(200);
    expect(res.body.messages.map((m: { content: string }) => m.content.slice(0, 9))).toEqual([
      'hello bob',
      'yyyyyyyyy',
      'second',
    ]);
    expect(res.body.nextBefore).toBeNull();
    const list = await api.call('GET', '/api/messages/conversations/list', { token: bob.idToken });
    expect(list.body.users.map((u: { user_username: string }) => u.user_username)).toEqual(['eve', 'alice']);
    expect(list.body.nextBefore).toBeNull();
    expect(JSON.stringify(list.body)).not.toContain('@example.test');
  });

  it('never shows a conversation to a third user, nor lets them mark it read', async () => {
    await send(alice, bob.user.uid, 'private to bob');
    const peek = await api.call('GET', `/api/messages/uid/${bob.user.uid}`, { token: eve.idToken });
    expect(peek.body.messages.map((m: { content: string }) => m.content)).toEqual(['from eve']);
    const eveList = await api.call('GET', '/api/messages/conversations/list', { token: eve.idToken });
    expect(eveList.body.users.map((u: { user_username: string }) => u.user_username)).toEqual(['bob']);
    await api.call('POST', '/api/messages/mark-read', { token: eve.idToken, body: { from: alice.user.uid } });
    expect(await unread(bob)).toEqual(expect.arrayContaining([{ _id: alice.user.uid, count: 1 }]));
  });

  it('pages back through a long history with the before cursor', async () => {
    const carol = await signUpUser(api, { username: 'carol' });
    for (let i = 1; i <= 7; i += 1) await send(i % 2 ? carol : alice, i % 2 ? alice.user.uid : carol.user.uid, `m${i}`);
    const first = await api.call('GET', `/api/messages/uid/${carol.user.uid}?limit=3`, { token: alice.idToken });
    expect(first.body.messages.map((m: { content: string }) => m.content)).toEqual(['m5', 'm6', 'm7']);
    const second = await api.call(
      'GET',
      `/api/messages/uid/${carol.user.uid}?limit=3&before=${first.body.nextBefore}`,
      {
        token: alice.idToken,
      },
    );
    expect(second.body.messages.map((m: { content: string }) => m.content)).toEqual(['m2', 'm3', 'm4']);
    const third = await api.call(
      'GET',
      `/api/messages/uid/${carol.user.uid}?limit=3&before=${second.body.nextBefore}`,
      {
        token: alice.idToken,
      },
    );
    expect(third.body.messages.map((m: { content: string }) => m.content)).toEqual(['m1']);
    expect(third.body.nextBefore).toBeNull();
    const bad = await api.call('GET', `/api/messages/uid/${carol.user.uid}?limit=0`, { token: alice.idToken });
    expect(bad.status).toBe(400);
  });

  it('pages the conversation list: every partner exactly once, most recent first, and nobody else', async () => {
    const dave = await signUpUser(api, { username: 'dave' });
    const partners = [];
    for (let i = 0; i < 7; i += 1) partners.push(await signUpUser(api, { username: `partner${i}` }));
    await send(eve, partners[5]!.user.uid, 'not for dave');
    // Alternate directions, then bring partner2 back to the top: the order is by latest message.
    for (const [i, partner] of partners.entries()) {
      if (i % 2) await send(partner, dave.user.uid, `hi ${i}`);
      else await send(dave, partner.user.uid, `hi ${i}`);
    }
    await send(partners[2]!, dave.user.uid, 'again');
    const expected = ['partner2', 'partner6', 'partner5', 'partner4', 'partner3', 'partner1', 'partner0'];

    const pages: string[][] = [];
    let before: string | null = null;
    do {
      const query: string = `?limit=3${before ? `&before=${before}` : ''}`;
      const res = await api.call('GET', `/api/messages/conversations/list${query}`, { token: dave.idToken });
      expect(res.status).toBe(200);
      pages.push(res.body.users.map((u: { user_username: string }) => u.user_username));
      before = res.body.nextBefore;
    } while (before !== null);
    expect(pages).toEqual([expected.slice(0, 3), expected.slice(3, 6), expected.slice(6)]);

    const whole = await api.call('GET', '/api/messages/conversations/list', { token: dave.idToken });
    expect(whole.body.users.map((u: { user_username: string }) => u.user_username)).toEqual(expected);
    expect(whole.body.nextBefore).toBeNull();
    expect(Object.keys(whole.body.users[0]).sort()).toEqual([
      'firebase_uid',
      'profileImageUrl',
      'user_name',
      'user_username',
    ]);

    // A cursor from dave's list shows eve only eve's own conversations.
    const first = await api.call('GET', '/api/messages/conversations/list?limit=1', { token: dave.idToken });
    const peek = await api.call('GET', `/api/messages/conversations/list?before=${first.body.nextBefore}`, {
      token: eve.idToken,
    });
    const eveSees = peek.body.users.map((u: { user_username: string }) => u.user_username);
    expect(eveSees).toEqual(['partner5', 'bob']);
  });

  it.each([['limit=0'], ['limit=101'], ['limit=ten'], ['before=abc'], ['before=-5'], ['before=']])(
    'refuses a conversation list query with %s',
    async (query) => {
      const res = await api.call('GET', `/api/messages/conversations/list?${query}`, { token: alice.idToken });
      expect(res.status).toBe(400);
      expect(res.body.error).toMatchObject({ code: 'validation/invalid-query' });
      expect(res.body.error.message).toContain(query.split('=')[0]);
    },
  );
});
