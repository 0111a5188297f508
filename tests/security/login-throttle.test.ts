/**
 * Issue 14, items 5 and 6 (and 14's proxy setting): the login throttle against the real box. It
 * counts concurrent guesses before checking them, it holds the (account, address) pair rather than
 * the account, and behind a trusted proxy a client cannot choose its own address.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startBox, type Box } from '../support/box.js';
import { callerFrom, type AddressedResponse } from '../support/http-from.js';

let box: Box;
const owner = { email: 'owner@example.test', password: 'the-real-one' };

beforeAll(async () => {
  // One proxy hop trusted: connections without X-Forwarded-For are still keyed by their peer address.
  box = await startBox({ TRUST_PROXY: '1' });
  const signup = await callerFrom(box.baseUrl, '127.0.0.1')('POST', '/api/auth/signup', {
    body: { ...owner, username: 'owner' },
  });
  expect(signup.status).toBe(201);
});
afterAll(async () => {
  await box?.stop();
});

const login = (address: string, password: string, headers?: Record<string, string>) =>
  callerFrom(box.baseUrl, address)('POST', '/api/auth/login', { body: { email: owner.email, password }, headers });

/** Wrong guesses one after another until the throttle answers 429 (at most `limit` of them). */
async function guessUntilHeld(guess: (n: number) => Promise<AddressedResponse>, limit = 12) {
  const answers: number[] = [];
  for (let n = 0; n < limit; n += 1) {
    const { status } = await guess(n);
    answers.push(status);
    if (status === 429) break;
  }
  return answers;
}

describe('the login throttle', () => {
  it('checks at most the allowance of 30 concurrent wrong passwords and refuses the rest with 429', async () => {
    const answers = await Promise.all(Array.from({ length: 30 }, () => login('127.0.0.51', 'guess-one')));
    const checked = answers.filter((a) => a.status === 401);
    const held = answers.filter((a) => a.status === 429);
    expect(checked.length).toBeLessThanOrEqual(5);
    expect(checked.every((a) => a.body.error.code === 'auth/wrong-password')).toBe(true);
    expect(held.length).toBe(30 - checked.length);
    for (const answer of held) {
      expect(answer.body.error.code).toBe('auth/too-many-requests');
      expect(Number(answer.headers['retry-after'])).toBeGreaterThanOrEqual(1);
    }
  });

  it("does not lock the owner out from their address because of a stranger's failures from another", async () => {
    const stranger = await guessUntilHeld(() => login('127.0.0.52', 'stranger-guess'));
    expect(stranger.at(-1)).toBe(429);
    expect((await login('127.0.0.53', owner.password)).status).toBe(200);
  });

  it('does not lock everyone behind an address that fails across many accounts', async () => {
    const office = callerFrom(box.baseUrl, '127.0.0.54');
    for (let n = 0; n < 25; n += 1) {
      const miss = await office('POST', '/api/auth/login', {
        body: { email: `colleague${n}@example.test`, password: 'typo-typo' },
      });
      expect(miss.status).toBe(401);
    }
    expect((await login('127.0.0.54', owner.password)).status).toBe(200);
  });

  it('keys on the address the trusted proxy saw, whatever the client wrote further left', async () => {
    // Each guess forges a new leftmost X-Forwarded-For entry; the proxy appended 198.51.100.7.
    const forged = await guessUntilHeld((n) =>
      login('127.0.0.55', 'forged-guess', { 'x-forwarded-for': `10.66.${n}.1, 198.51.100.7` }),
    );
    expect(forged.at(-1)).toBe(429);
    // The owner behind another address of the same proxy, with the first forged entry, gets in.
    const ownerViaProxy = await login('127.0.0.55', owner.password, { 'x-forwarded-for': '10.66.0.1, 198.51.100.8' });
    expect(ownerViaProxy.status).toBe(200);
  });
});
