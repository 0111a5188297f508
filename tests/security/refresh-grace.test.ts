import { beforeAll, describe, expect, it } from 'vitest';
import { signUpUser } from '../../server/src/testing/test-api.js';
import { useInProcessBox } from '../support/in-process-box.js';

// Issue 34 item 11: a refresh whose answer is lost (a dropped link, a tab closed mid-refresh) must
// not end the session. Within REFRESH_REUSE_GRACE_S (10 s by default) the same refresh token gets
// the same new one; reuse detection still ends the session once the new token has been used.
const box = useInProcessBox();
let email: string;

beforeAll(async () => {
  email = `${(await signUpUser(box, { name: 'Lou Lost' })).username}@example.test`;
});

const logIn = async () => {
  const answer = await box.call('POST', '/api/auth/login', { body: { email, password: 'secret123' } });
  expect(answer.status).toBe(200);
  return answer.body as { idToken: string; refreshToken: string };
};
const refresh = (refreshToken: string) => box.call('POST', '/api/auth/refresh', { body: { refreshToken } });
const signedIn = async (idToken: string) =>
  (await box.call('GET', '/api/messages/unread', { token: idToken })).status === 200;

describe('a lost refresh answer', () => {
  it('is answered again with the same new refresh token, and the session goes on', async () => {
    const session = await logIn();
    // The answer never reaches the client.
    const lost = await refresh(session.refreshToken);
    expect(lost.status).toBe(200);

    const retried = await refresh(session.refreshToken);
    expect(retried.status).toBe(200);
    expect(retried.body.refreshToken).toBe(lost.body.refreshToken);
    expect(await signedIn(retried.body.idToken)).toBe(true);
    const next = await refresh(retried.body.refreshToken);
    expect(next.status).toBe(200);
    expect(await signedIn(next.body.idToken)).toBe(true);
  });

  it('answers two tabs refreshing with one token at once alike', async () => {
    const session = await logIn();
    const [one, two] = await Promise.all([refresh(session.refreshToken), refresh(session.refreshToken)]);
    expect([one.status, two.status]).toEqual([200, 200]);
    expect(one.body.refreshToken).toBe(two.body.refreshToken);
    expect(await signedIn(two.body.idToken)).toBe(true);
  });

  it('still ends the session when a replaced token comes back after the new one was used', async () => {
    const session = await logIn();
    const stolen = session.refreshToken;
    const rotated = await refresh(stolen);
    const used = await refresh(rotated.body.refreshToken);
    expect(used.status).toBe(200);

    const replayed = await refresh(stolen);
    expect(replayed.status).toBe(401);
    expect(replayed.body.error.code).toBe('auth/invalid-refresh-token');
    expect((await refresh(used.body.refreshToken)).status).toBe(401);
    expect(await signedIn(used.body.idToken)).toBe(false);
  });
});
