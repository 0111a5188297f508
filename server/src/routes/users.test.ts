import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signUpUser, startTestApi, type TestApi } from '../testing/test-api.js';

let api: TestApi;
let alice: Awaited<ReturnType<typeof signUpUser>>;
let bob: Awaited<ReturnType<typeof signUpUser>>;
let carol: Awaited<ReturnType<typeof signUpUser>>;

beforeAll(async () => {
  api = await startTestApi();
  alice = await signUpUser(api, { name: 'Alice Aster', username: 'alice' });
  bob = await signUpUser(api, { name: 'Bob Beat', username: 'bob' });
  carol = await signUpUser(api, { name: 'Carol Chord', username: 'carol' });
});
afterAll(async () => {
  await api.close();
});

const PROTECTED: [string, string][] = [
  ['POST', '/api/user/public-save-profile'],
  ['POST', '/api/user/save-profile'],
  ['GET', '/api/user/profile'],
  ['GET', '/api/user/by-uid'],
  ['GET', '/api/user/my-following'],
  ['GET', '/user/my-following'],
  ['GET', '/api/my-following'],
  ['POST', '/api/user/follow/someone'],
  ['DELETE', '/api/user/follow/someone'],
];

describe('user endpoints', () => {
  it.each(PROTECTED)('%s %s answers 401 without a token', async (method, route) => {
    const res = await api.call(method, route, method === 'GET' || method === 'DELETE' ? {} : { body: {} });
    expect(res.status).toBe(401);
    expect(res.body.error.code).toBe('auth/unauthenticated');
  });

  it('returns the caller profile with defaults and email', async () => {
    const res = await api.call('GET', '/api/user/profile', { token: alice.idToken });
    expect(res.status).toBe(200);
    expect(res.body.user).toMatchObject({
      firebase_uid: alice.user.uid,
      user_name: 'Alice Aster',
      user_username: 'alice',
      user_email: 'alice@example.test',
      user_role: 'artist',
      user_artist_type: '',
      user_style: [],
    });
  });

  it('saves every profile field and reads them back', async () => {
    const fields = {
      user_name: 'Alice A.',
      user_location: 'Berlin',
      user_role: 'producer',
      user_artist_type: 'band',
      user_experience: '10 years',
      user_recording: 'Yes',
      user_style: ['Jazz', 'R&B', 'Jazz'],
      user_bio: 'Keys and beats.',
      user_instagram: 'alice.keys',
      user_tiktok: 'alicekeys',
      user_soundcloud: 'https://soundcloud.com/alice',
      user_tracklink: 'https://example.test/track',
    };
    const res = await api.call('POST', '/api/user/save-profile', { token: alice.idToken, body: fields });
    expect(res.status).toBe(200);
    const read = await api.call('GET', '/api/user/profile', { token: alice.idToken });
    expect(read.body.user).toMatchObject({ ...fields, user_style: ['Jazz', 'R&B'] });
  });

  it.each([
    [{ user_role: 'drummer' }, 'user_role'],
    [{ user_artist_type: 'orchestra' }, 'user_artist_type'],
    [{ user_style: ['Polka'] }, 'user_style'],
    [{ user_soundcloud: 'javascript:alert(1)' }, 'user_soundcloud'],
    [{ user_name: 'x'.repeat(101) }, 'user_name'],
  ])('refuses %j with a 400 naming %s and stores nothing', async (body, field) => {
    const before = await api.call('GET', '/api/user/profile', { token: bob.idToken });
    const res = await api.call('POST', '/api/user/save-profile', {
      token: bob.idToken,
      body: { user_bio: 'changed', ...body },
    });
    expect(res.status).toBe(400);
    expect(res.body.error.code).toBe('validation/invalid-body');
    expect(res.body.error.message).toContain(field);
    const after = await api.call('GET', '/api/user/profile', { token: bob.idToken });
    expect(after.body.user).toEqual(before.body.user);
  });

  it.each([
    'https://tracker.example/pixel.png',
    'http://127.0.0.1:9/x.png',
    '//evil.example/x.png',
    '/api/users/someone-else/picture?v=abcdefghijkl',
    'data:image/png;base64,AAAA',
  ])('refuses profileImageUrl %s with a 400 and stores nothing (issue 36)', async (url) => {
    const before = await api.call('GET', '/api/user/profile', { token: bob.idToken });
    const res = await api.call('POST', '/api/user/save-profile', {
      token: bob.idToken,
      body: { user_bio: 'changed', profileImageUrl: url },
    });
    expect(res.status).toBe(400);
    expect(res.body.error.code).toBe('validation/invalid-body');
    expect(res.body.error.message).toContain('profileImageUrl');
    const after = await api.call('GET', '/api/user/profile', { token: bob.idToken });
    expect(after.body.user).toEqual(before.body.user);
  });

  it('accepts an empty profileImageUrl, and keeps a picture address saved before issue 36 from anyone', async () => {
    const cleared = await api.call('POST', '/api/user/save-profile', {
      token: carol.idToken,
      body: { profileImageUrl: '' },
    });
    expect(cleared.status).toBe(200);
    await api.api
      .db('users')
      .where({ firebase_uid: carol.user.uid })
      .update({ profileImageUrl: 'https://x.example/a.png' });
    try {
      for (const token of [carol.idToken, bob.idToken]) {
        const read = await api.call('GET', `/api/user/by-uid?uid=${carol.user.uid}`, { token });
        expect(read.body.user.profileImageUrl).toBe('');
      }
      const listed = (await api.call('GET', '/user/users')).body as { profileImageUrl: string }[];
      expect(listed.map((user) => user.profileImageUrl)).not.toContain('https://x.example/a.png');
    } finally {
      await api.api.db('users').where({ firebase_uid: carol.user.uid }).update({ profileImageUrl: '' });
    }
  });

  it('refuses a payload firebase_uid that differs from the token', async () => {
    const res = await api.call('POST', '/api/user/save-profile', {
      token: bob.idToken,
      body: { firebase_uid: alice.user.uid, user_bio: 'hijacked' },
    });
    expect(res.status).toBe(403);
    expect(res.body.error.code).toBe('user/uid-mismatch');
    const signupForOther = await api.call('POST', '/api/user/public-save-profile', {
      token: bob.idToken,
      body: { user_name: 'X', user_email: 'alice@example.test', user_username: 'xx', firebase_uid: alice.user.uid },
    });
    expect(signupForOther.status).toBe(403);
    const aliceNow = await api.call('GET', '/api/user/profile', { token: alice.idToken });
    expect(aliceNow.body.user.user_bio).toBe('Keys and beats.');
  });

  it('keeps usernames unique regardless of case', async () => {
    const res = await api.call('POST', '/api/user/save-profile', {
      token: bob.idToken,
      body: { user_username: 'ALICE' },
    });
    expect(res.status).toBe(409);
    expect(res.body.error.code).toBe('user/username-taken');
  });

  it("by-uid gives a stranger exactly another person's public fields", async () => {
    const other = await api.call('GET', `/api/user/by-uid?uid=${alice.user.uid}`, { token: carol.idToken });
    expect(other.status).toBe(200);
    expect(Object.keys(other.body.user).sort()).toEqual(
      [
        'firebase_uid',
        'user_name',
        'user_username',
        'user_location',
        'user_role',
        'user_artist_type',
        'user_experience',
        'user_recording',
        'user_style',
        'user_bio',
        'user_instagram',
        'user_tiktok',
        'user_soundcloud',
        'user_tracklink',
        'profileImageUrl',
      ].sort(),
    );
  });

  it('by-uid returns the caller without uid, and public fields of others', async () => {
    const self = await api.call('GET', '/api/user/by-uid', { token: bob.idToken });
    expect(self.body.user.firebase_uid).toBe(bob.user.uid);
    const other = await api.call('GET', `/api/user/by-uid?uid=${alice.user.uid}`, { token: bob.idToken });
    expect(other.status).toBe(200);
    expect(other.body.user.user_username).toBe('alice');
    expect(other.body.user).not.toHaveProperty('user_email');
    const missing = await api.call('GET', '/api/user/by-uid?uid=nobody', { token: bob.idToken });
    expect(missing.status).toBe(404);
    const bad = await api.call('GET', '/api/user/by-uid?uid=../etc', { token: bob.idToken });
    expect(bad.status).toBe(400);
  });

  it('lists users without auth, never exposing emails or credentials, and leaves out a caller who identifies', async () => {
    const open = await api.call('GET', '/user/users');
    expect(open.status).toBe(200);
    expect(open.body.map((u: { user_username: string }) => u.user_username).sort()).toEqual(['alice', 'bob', 'carol']);
    const raw = JSON.stringify(open.body);
    expect(raw).not.toContain('@example.test');
    expect(raw).not.toMatch(/password|token|scrypt/i);

    const asBob = await api.call('GET', '/user/users', { token: bob.idToken });
    expect(asBob.body.map((u: { firebase_uid: string }) => u.firebase_uid)).not.toContain(bob.user.uid);
    expect(asBob.body).toHaveLength(2);
  });

  it('pages the user list newest first, capping the page size', async () => {
    const uids = async (query: string) =>
      (await api.call('GET', `/user/users${query}`)).body.map((u: { firebase_uid: string }) => u.firebase_uid);
    const everyone = await uids('');
    const first = await uids('?limit=2');
    expect(first).toEqual(everyone.slice(0, 2));
    expect(await uids(`?limit=2&before=${first[1]}`)).toEqual(everyone.slice(2, 4));
    expect((await api.call('GET', '/user/users?limit=101')).status).toBe(400);
    expect((await api.call('GET', '/user/users?before=nobody-here')).status).toBe(400);
  });

  it('answers 50 users by default and at most 100 however many exist', async () => {
    const rows = Array.from({ length: 120 }, (_, n) => ({
      firebase_uid: `seeded${String(n).padStart(3, '0')}`,
      user_email: `seeded${n}@example.test`,
      user_username: `seeded${n}`,
      user_username_key: `seeded${n}`,
      created_at: 1_000 + n,
      updated_at: 1_000 + n,
    }));
    await api.api.db('users').insert(rows);
    try {
      expect((await api.call('GET', '/user/users')).body).toHaveLength(50);
      expect((await api.call('GET', '/user/users?limit=100')).body).toHaveLength(100);
    } finally {
      await api.api.db('users').whereLike('firebase_uid', 'seeded%').delete();
    }
  });

  it('follows and unfollows, and lists following on all three paths', async () => {
    expect((await api.call('POST', `/api/user/follow/${alice.user.uid}`, { token: bob.idToken })).status).toBe(204);
    expect((await api.call('POST', `/api/user/follow/${carol.user.uid}`, { token: bob.idToken })).status).toBe(204);
    // Following twice is harmless.
    expect((await api.call('POST', `/api/user/follow/${carol.user.uid}`, { token: bob.idToken })).status).toBe(204);
    for (const route of ['/api/user/my-following', '/user/my-following', '/api/my-following']) {
      const res = await api.call('GET', route, { token: bob.idToken });
      expect(res.status).toBe(200);
      expect(res.body.following.map((u: { user_username: string }) => u.user_username).sort()).toEqual([
        'alice',
        'carol',
      ]);
      expect(JSON.stringify(res.body)).not.toContain('@example.test');
    }
    expect((await api.call('DELETE', `/api/user/follow/${carol.user.uid}`, { token: bob.idToken })).status).toBe(204);
    const after = await api.call('GET', '/api/my-following', { token: bob.idToken });
    expect(after.body.following.map((u: { user_username: string }) => u.user_username)).toEqual(['alice']);
    // Following is one-way: alice follows nobody.
    const alices = await api.call('GET', '/api/my-following', { token: alice.idToken });
    expect(alices.body.following).toEqual([]);
  });

  it('refuses following yourself or an unknown user', async () => {
    const self = await api.call('POST', `/api/user/follow/${bob.user.uid}`, { token: bob.idToken });
    expect(self.status).toBe(400);
    expect(self.body.error.code).toBe('user/cannot-follow-self');
    const unknown = await api.call('POST', '/api/user/follow/nobody', { token: bob.idToken });
    expect(unknown.status).toBe(404);
  });

  it('answers 400 with a clear error for malformed JSON', async () => {
    const res = await api.call('POST', '/api/user/save-profile', {
      token: bob.idToken,
      body: '{not json',
      headers: {},
    });
    expect(res.status).toBe(400);
    expect(res.body.error.code).toBe('validation/invalid-body');
  });
});
