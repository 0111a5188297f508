/**
 * Issue 14, item 7 (HTTP) and item 14's user list: floods against the real box's API are refused
 * with 429 rate/limited and Retry-After once their bucket is empty, and password hashing is bounded
 * process-wide. Each flood comes from its own 127.0.0.x address or account, so the others' buckets
 * stay full.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startBox, type Box } from '../support/box.js';
import { callerFrom, type AddressedCall, type AddressedResponse } from '../support/http-from.js';

let box: Box;
let local: AddressedCall;
let serial = 0;

beforeAll(async () => {
  box = await startBox();
  local = callerFrom(box.baseUrl, '127.0.0.1');
});
afterAll(async () => {
  await box?.stop();
});

async function signUp(call: AddressedCall = local): Promise<{ uid: string; token: string }> {
  serial += 1;
  const username = `flood${serial}`;
  const email = `${username}@example.test`;
  const signup = await call('POST', '/api/auth/signup', { body: { email, password: 'secret123', username } });
  expect(signup.status).toBe(201);
  const token: string = signup.body.idToken;
  const profile = await call('POST', '/api/user/public-save-profile', {
    token,
    body: {
      user_name: `Flood ${serial}`,
      user_email: email,
      user_username: username,
      firebase_uid: signup.body.user.uid,
    },
  });
  expect(profile.status).toBe(200);
  return { uid: signup.body.user.uid, token };
}

const statuses = (answers: AddressedResponse[]) =>
  answers.reduce<Record<number, number>>(
    (counts, { status }) => ({ ...counts, [status]: (counts[status] ?? 0) + 1 }),
    {},
  );

function expectRateLimited(answers: AddressedResponse[]): void {
  const refused = answers.filter((answer) => answer.status === 429);
  expect(refused.length).toBeGreaterThan(0);
  for (const answer of refused) {
    expect(answer.body.error.code).toBe('rate/limited');
    expect(Number(answer.headers['retry-after'])).toBeGreaterThanOrEqual(1);
  }
}

const at = (hour: number) => new Date(Date.UTC(2031, 4, 5, hour)).toISOString();

describe('flood limits of the API', () => {
  it('takes 30 sign-ups an hour from one address and refuses the other 30 of 60', async () => {
    const attacker = callerFrom(box.baseUrl, '127.0.0.61');
    const answers = await Promise.all(
      Array.from({ length: 60 }, (_, n) =>
        attacker('POST', '/api/auth/signup', {
          body: { email: `bulk${n}@example.test`, password: 'secret123', username: `bulk${n}` },
        }),
      ),
    );
    expect(statuses(answers)).toEqual({ 201: 30, 429: 30 });
    expectRateLimited(answers);
  });

  it('hashes a bounded number of passwords at once: a sign-up burst from many addresses meets 503', async () => {
    const addresses = ['127.0.0.62', '127.0.0.63', '127.0.0.64', '127.0.0.65'];
    const answers = await Promise.all(
      addresses.flatMap((address, a) =>
        Array.from({ length: 20 }, (_, n) =>
          callerFrom(box.baseUrl, address)('POST', '/api/auth/signup', {
            body: { email: `burst${a}x${n}@example.test`, password: 'secret123', username: `burst${a}x${n}` },
          }),
        ),
      ),
    );
    const counts = statuses(answers);
    expect(Object.keys(counts).sort()).toEqual(['201', '503']);
    expect(counts[503]).toBeGreaterThan(0);
    for (const answer of answers.filter((a) => a.status === 503)) {
      expect(answer.body.error.code).toBe('rate/limited');
      expect(answer.headers['retry-after']).toBe('1');
    }
  });

  it('takes 60 login attempts a minute from one address, whatever accounts they name', async () => {
    const sprayer = callerFrom(box.baseUrl, '127.0.0.66');
    const answers = await Promise.all(
      Array.from({ length: 70 }, (_, n) =>
        sprayer('POST', '/api/auth/login', { body: { email: `nobody${n}@example.test`, password: 'guess-guess' } }),
      ),
    );
    expect(statuses(answers)[401]).toBeGreaterThanOrEqual(60);
    expectRateLimited(answers);
  });

  it('limits token refreshes per address and per sign-in session', async () => {
    const refresher = callerFrom(box.baseUrl, '127.0.0.67');
    const refresh = (token: string) => refresher('POST', '/api/auth/refresh', { body: { refreshToken: token } });
    const oneSession = await Promise.all(Array.from({ length: 12 }, () => refresh('some-session.not-the-secret')));
    expect(statuses(oneSession)).toEqual({ 401: 10, 429: 2 });
    expectRateLimited(oneSession);
    const manySessions = await Promise.all(Array.from({ length: 120 }, (_, n) => refresh(`session${n}.guess`)));
    expect(statuses(manySessions)[401]).toBeGreaterThanOrEqual(108);
    expectRateLimited(manySessions);
  });

  it('refuses a message flood after 60 messages, and only for the flooder', async () => {
    const [flooder, target] = [await signUp(), await signUp()];
    const send = (from: { token: string }, to: string, n: number) =>
      local('POST', '/api/messages/send', { token: from.token, body: { to_uid: to, content: `flood ${n}` } });
    const answers = await Promise.all(Array.from({ length: 100 }, (_, n) => send(flooder, target.uid, n)));
    // 60 at once, then one a second: the flood's own duration may earn it one or two more.
    expect(statuses(answers)[201]).toBeGreaterThanOrEqual(60);
    expect(statuses(answers)[201]).toBeLessThanOrEqual(63);
    expectRateLimited(answers);
    expect((await send(target, flooder.uid, 0)).status).toBe(201);
  });

  it('stores one of 100 identical booking requests, and refuses the flood past its bucket', async () => {
    const [host, booker] = [await signUp(), await signUp()];
    expect((await local('POST', `/api/user/follow/${host.uid}`, { token: booker.token })).status).toBe(204);
    const answers = await Promise.all(
      Array.from({ length: 100 }, () =>
        local('POST', '/sessions/request-booking', {
          token: booker.token,
          body: { targetUser: host.uid, startTime: at(10), endTime: at(12), message: 'Mix my EP' },
        }),
      ),
    );
    const counts = statuses(answers);
    expect(counts[201]).toBe(1);
    expect(counts[200]).toBe(29);
    expect(counts[429]).toBe(70);
    expectRateLimited(answers);
    const stored = await local('GET', '/sessions/my-bookings', { token: host.token });
    expect(stored.body.incoming).toHaveLength(1);
    const ids = new Set(answers.filter((a) => a.status < 300).map((a) => a.body.booking._id));
    expect([...ids]).toEqual([stored.body.incoming[0]._id]);
  });

  it('refuses a session flood after 60 sessions and a room flood after 60 rooms', async () => {
    const organiser = await signUp();
    const sessions = await Promise.all(
      Array.from({ length: 70 }, (_, n) =>
        local('POST', '/sessions/create', {
          token: organiser.token,
          body: { title: `Session ${n}`, startTime: at(n % 20), endTime: at((n % 20) + 1) },
        }),
      ),
    );
    expect(statuses(sessions)).toEqual({ 201: 60, 429: 10 });
    expectRateLimited(sessions);

    const host = await signUp();
    const rooms = await Promise.all(
      Array.from({ length: 70 }, (_, n) =>
        local('POST', '/api/rooms/create', { token: host.token, body: { name: `Room ${n}` } }),
      ),
    );
    expect(statuses(rooms)).toEqual({ 201: 60, 429: 10 });
    expectRateLimited(rooms);
  });

  it('limits every kind of write of one user: 300 a minute', async () => {
    const [toggler, other] = [await signUp(), await signUp()];
    const answers: AddressedResponse[] = [];
    for (let batch = 0; batch < 9; batch += 1) {
      answers.push(
        ...(await Promise.all(
          Array.from({ length: 40 }, (_, n) =>
            local(n % 2 ? 'DELETE' : 'POST', `/api/user/follow/${other.uid}`, { token: toggler.token }),
          ),
        )),
      );
    }
    // 300 at once, then five a second while the 320 requests take their time.
    expect(statuses(answers)[204]).toBeGreaterThanOrEqual(300);
    expect(statuses(answers)[429]).toBeGreaterThan(0);
    expectRateLimited(answers);
  });

  it('hands out the open user list in bounded pages, and a page budget per address', async () => {
    for (let n = 0; n < 4; n += 1) await signUp();
    const reader = callerFrom(box.baseUrl, '127.0.0.71');
    const page = async (query: string) => {
      const answer = await reader('GET', `/user/users${query}`);
      expect(answer.status).toBe(200);
      return answer.body.map((user: { firebase_uid: string }) => user.firebase_uid) as string[];
    };
    const walked: string[] = [];
    for (let next = await page('?limit=3'); next.length > 0; next = await page(`?limit=3&before=${walked.at(-1)}`)) {
      expect(next.length).toBeLessThanOrEqual(3);
      walked.push(...next);
    }
    expect(walked.length).toBeGreaterThan(3);
    expect(new Set(walked).size).toBe(walked.length);
    expect((await reader('GET', '/user/users?limit=1000')).status).toBe(400);
    const used = Math.ceil(walked.length / 3) + 2;

    const pages = await Promise.all(Array.from({ length: 60 }, () => reader('GET', '/user/users?limit=1')));
    // The pages above and 60 here: the 60-a-minute budget (one more a second) ends within this burst.
    expect(pages.slice(0, 60 - used - 1).every((answer) => answer.status === 200)).toBe(true);
    expect(statuses(pages)[429]).toBeGreaterThan(0);
    expectRateLimited(pages);
  });
});
