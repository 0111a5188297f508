import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { startTestApi, type TestApi } from '../testing/test-api.js';

let api: TestApi;
beforeAll(async () => {
  // A minute's first delay: a slow machine's scrypt cannot outlast it between two attempts.
  api = await startTestApi({ loginThrottle: { backoffBaseSeconds: 60 } });
});
afterAll(async () => {
  await api.close();
});

const signup = (body: unknown) => api.call('POST', '/api/auth/signup', { body });
const login = (body: unknown, headers?: Record<string, string>) =>
  api.call('POST', '/api/auth/login', { body, headers });

describe('local identity provider', () => {
  it('signs up, returning tokens and the user', async () => {
    const res = await signup({ email: 'Alice@Example.test', password: 'secret123', username: 'alice' });
    expect(res.status).toBe(201);
    expect(res.body).toMatchObject({
      expiresIn: 3600,
      user: { email: 'alice@example.test', displayName: 'alice' },
    });
    expect(res.body.idToken.split('.')).toHaveLength(3);
    expect(typeof res.body.refreshToken).toBe('string');
    expect(res.body.user.uid).toMatch(/^[A-Za-z0-9_-]{20,}$/);
  });

  it.each([
    [{ email: 'not-an-email', password: 'secret123', username: 'x1' }, 'auth/invalid-email'],
    [{ password: 'secret123', username: 'x2' }, 'auth/invalid-email'],
    [{ email: 'short@example.test', password: '12345', username: 'x3' }, 'auth/weak-password'],
    [{ email: 'alice@example.test', password: 'secret123', username: 'other' }, 'auth/email-already-in-use'],
    [{ email: 'ALICE@example.test', password: 'secret123', username: 'other' }, 'auth/email-already-in-use'],
    [{ email: 'new@example.test', password: 'secret123' }, 'auth/invalid-argument'],
  ])('refuses signup %j with %s', async (body, code) => {
    const res = await signup(body);
    expect(res.status).toBe(400);
    expect(res.body.error.code).toBe(code);
    expect(res.body.error.message).toEqual(expect.any(String));
  });

  it('logs in, and tells an unknown account from a wrong password', async () => {
    const ok = await login({ email: 'alice@example.test', password: 'secret123' });
    expect(ok.status).toBe(200);
    expect(ok.body.user.email).toBe('alice@example.test');

    const unknown = await login({ email: 'nobody@example.test', password: 'secret123' });
    expect(unknown.status).toBe(401);
    expect(unknown.body.error.code).toBe('auth/user-not-found');

    const wrong = await login({ email: 'alice@example.test', password: 'wrong-pass' });
    expect(wrong.status).toBe(401);
    expect(wrong.body.error.code).toBe('auth/wrong-password');

    const badEmail = await login({ email: 'alice', password: 'secret123' });
    expect(badEmail.status).toBe(400);
    expect(badEmail.body.error.code).toBe('auth/invalid-email');
  });

  it('refreshes with rotation: the old refresh token is refused once the new one was used', async () => {
    const first = await login({ email: 'alice@example.test', password: 'secret123' });
    const refresh = (refreshToken: string) => api.call('POST', '/api/auth/refresh', { body: { refreshToken } });
    const refreshed = await refresh(first.body.refreshToken);
    expect(refreshed.status).toBe(200);
    expect(refreshed.body.user.uid).toBe(first.body.user.uid);
    expect(refreshed.body.refreshToken).not.toBe(first.body.refreshToken);
    // The answer was lost: the same token again, within the grace, gets the same new token.
    const repeated = await refresh(first.body.refreshToken);
    expect(repeated.status).toBe(200);
    expect(repeated.body.refreshToken).toBe(refreshed.body.refreshToken);
    const used = await refresh(refreshed.body.refreshToken);
    expect(used.status).toBe(200);

    const reused = await refresh(first.body.refreshToken);
    expect(reused.status).toBe(401);
    expect(reused.body.error.code).toBe('auth/invalid-refresh-token');
    // Reuse of a rotated token ends the whole session, including the newest token.
    const after = await refresh(used.body.refreshToken);
    expect(after.status).toBe(401);
  });

  it('logs out: that refresh token and the ID token are refused afterwards', async () => {
    const session = await login({ email: 'alice@example.test', password: 'secret123' });
    const out = await api.call('POST', '/api/auth/logout', { token: session.body.idToken });
    expect(out.status).toBe(204);
    const refresh = await api.call('POST', '/api/auth/refresh', { body: { refreshToken: session.body.refreshToken } });
    expect(refresh.status).toBe(401);
    const me = await api.call('PATCH', '/api/auth/me', { token: session.body.idToken, body: { displayName: 'x' } });
    expect(me.status).toBe(401);
  });

  it('refuses a token that differs from an accepted one only in its signature', async () => {
    const session = await login({ email: 'alice@example.test', password: 'secret123' });
    const accepted = await api.call('GET', '/api/messages/unread', { token: session.body.idToken });
    expect(accepted.status).toBe(200);
    const token: string = session.body.idToken;
    const signatureAt = token.lastIndexOf('.') + 1;
    const forged =
      token.slice(0, signatureAt) + (token[signatureAt] === 'A' ? 'B' : 'A') + token.slice(signatureAt + 1);
    const refused = await api.call('GET', '/api/messages/unread', { token: forged });
    expect(refused.status).toBe(401);
    expect(refused.body.error.code).toBe('auth/unauthenticated');
  });

  it('logout requires a bearer token', async () => {
    const res = await api.call('POST', '/api/auth/logout');
    expect(res.status).toBe(401);
    expect(res.body.error.code).toBe('auth/unauthenticated');
  });

  it('updates the display name of the caller', async () => {
    const session = await login({ email: 'alice@example.test', password: 'secret123' });
    const res = await api.call('PATCH', '/api/auth/me', {
      token: session.body.idToken,
      body: { displayName: 'Alice A' },
    });
    expect(res.status).toBe(200);
    expect(res.body.user).toMatchObject({ uid: session.body.user.uid, displayName: 'Alice A' });
    const bad = await api.call('PATCH', '/api/auth/me', { token: session.body.idToken, body: { displayName: '' } });
    expect(bad.status).toBe(400);
  });

  it('refuses a forged or tampered ID token', async () => {
    const session = await login({ email: 'alice@example.test', password: 'secret123' });
    const [header, payload, signature] = session.body.idToken.split('.');
    const claims = JSON.parse(Buffer.from(payload, 'base64url').toString());
    const forged = [
      header,
      Buffer.from(JSON.stringify({ ...claims, sub: 'someone-else' })).toString('base64url'),
      signature,
    ].join('.');
    const res = await api.call('GET', '/api/user/profile', { token: forged });
    expect(res.status).toBe(401);
  });

  it('holds one account from one address after 5 failed logins, even for the right password', async () => {
    await signup({ email: 'bob@example.test', password: 'secret123', username: 'bob' });
    for (let attempt = 0; attempt < 5; attempt += 1) {
      const res = await login({ email: 'bob@example.test', password: 'nope-nope' });
      expect(res.status).toBe(401);
    }
    const held = await api.call('POST', '/api/auth/login', {
      body: { email: 'bob@example.test', password: 'secret123' },
    });
    expect(held.status).toBe(429);
    expect(held.body.error.code).toBe('auth/too-many-requests');
    // Another account is not affected by bob's failures.
    const alice = await login({ email: 'alice@example.test', password: 'secret123' });
    expect(alice.status).toBe(200);
  });

  it('keeps the signing key under DATA_DIR and never stores the password in clear', async () => {
    const key = JSON.parse(readFileSync(path.join(api.dataDir, 'identity-signing-key.json'), 'utf8'));
    expect(key.privateJwk.kty).toBe('EC');
    const row = await api.api.db('local_accounts').where({ email: 'alice@example.test' }).first();
    expect(row.password_hash).toMatch(/^scrypt\$/);
    expect(row.password_hash).not.toContain('secret123');
  });

  it('reports which provider the client should use', async () => {
    const res = await api.call('GET', '/api/auth/config');
    expect(res.body).toEqual({ provider: 'local' });
  });
});

describe('login limits by address (one proxy hop trusted)', () => {
  let own: TestApi;
  beforeAll(async () => {
    own = await startTestApi({ trustProxy: 1, loginThrottle: { failuresPerAddress: 20, backoffBaseSeconds: 60 } });
    await own.call('POST', '/api/auth/signup', {
      body: { email: 'carol@example.test', password: 'secret123', username: 'carol' },
    });
  });
  afterAll(() => own.close());
  const from = (address: string, body: unknown) =>
    own.call('POST', '/api/auth/login', { body, headers: { 'x-forwarded-for': address } });

  it('makes the pair wait after 5 failures, with Retry-After, while the owner signs in from elsewhere', async () => {
    for (let attempt = 0; attempt < 5; attempt += 1) {
      expect((await from('203.0.113.50', { email: 'carol@example.test', password: 'wrong-one' })).status).toBe(401);
    }
    const response = await fetch(`${own.baseUrl}/api/auth/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'x-forwarded-for': '203.0.113.50' },
      body: JSON.stringify({ email: 'carol@example.test', password: 'secret123' }),
    });
    expect(response.status).toBe(429);
    expect(Number(response.headers.get('retry-after'))).toBeGreaterThanOrEqual(1);
    expect((await from('198.51.100.20', { email: 'carol@example.test', password: 'secret123' })).status).toBe(200);
  });

  it('refuses an address that fails across many accounts', async () => {
    for (let attempt = 0; attempt < 20; attempt += 1) {
      const res = await from('203.0.113.9', { email: `victim${attempt}@example.test`, password: 'whatever1' });
      expect(res.status).toBe(401);
    }
    const blocked = await from('203.0.113.9', { email: 'x@example.test', password: 'whatever1' });
    expect(blocked.status).toBe(429);
    const otherIp = await from('198.51.100.1', { email: 'x@example.test', password: 'whatever1' });
    expect(otherIp.status).toBe(401);
  });
});
