import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signUpUser, startTestApi, type TestApi } from '../testing/test-api.js';

let api: TestApi;
beforeAll(async () => {
  api = await startTestApi();
});
afterAll(async () => {
  await api.close();
});

/** Makes every insert into `table` fail inside the database, as a crash or a full disk would mid-operation. */
async function failingInsertsInto(table: string, during: () => Promise<void>): Promise<void> {
  await api.api.db.raw(
    `CREATE TRIGGER fail_${table} BEFORE INSERT ON ${table} BEGIN SELECT RAISE(ABORT, 'disk full'); END`,
  );
  try {
    await during();
  } finally {
    await api.api.db.raw(`DROP TRIGGER fail_${table}`);
  }
}

describe('operations of several writes are one transaction', () => {
  it('signup: when its session cannot be stored, no account is left behind and the email stays free', async () => {
    const body = { email: 'half@example.test', password: 'secret123', username: 'half' };
    await failingInsertsInto('refresh_tokens', async () => {
      expect((await api.call('POST', '/api/auth/signup', { body })).status).toBe(500);
    });
    expect((await api.call('POST', '/api/auth/login', { body })).body.error.code).toBe('auth/user-not-found');
    expect((await api.call('POST', '/api/auth/signup', { body })).status).toBe(201);
  });

  it('a join request: when the note to the owner cannot be stored, the request is not stored either', async () => {
    const owner = await signUpUser(api);
    const guest = await signUpUser(api);
    await api.call('POST', `/api/user/follow/${owner.user.uid}`, { token: guest.idToken });
    const created = await api.call('POST', '/sessions/create', {
      token: owner.idToken,
      body: { title: 'Jam', startTime: '2030-01-07T10:00:00Z', endTime: '2030-01-07T12:00:00Z', visibility: 'public' },
    });
    const join = () =>
      api.call('POST', `/sessions/${created.body.session._id}/join-request`, {
        token: guest.idToken,
        body: { message: 'bass' },
      });
    await failingInsertsInto('messages', async () => {
      expect((await join()).status).toBe(500);
    });
    // Not "already requested": the failed attempt stored no request the owner was never told of.
    expect((await join()).status).toBe(201);
    const inbox = await api.call('GET', `/api/messages/uid/${guest.user.uid}`, { token: owner.idToken });
    expect(inbox.body.messages).toHaveLength(1);
  });
});
