import { rateRuleSchema } from '@riffroom/protocol';
import { z } from 'zod';

/**
 * The API's flood limits (docs/security.md): name, environment variable, default and meaning in
 * one table, so the schema, the environment mapping and the documentation cannot drift apart.
 * Every test and benchmark comes from 127.0.0.1 and stays far below these defaults (the busiest
 * test file signs up about 20 accounts and sends a handful of messages).
 */
export const RATE_LIMITS = {
  signupPerAddress: {
    env: 'RATE_SIGNUP_PER_ADDRESS',
    default: '30/1h',
    meaning: 'sign-ups from one address (each costs a 32 MiB scrypt)',
  },
  loginPerAddress: {
    env: 'RATE_LOGIN_PER_ADDRESS',
    default: '60/1m',
    meaning: 'login attempts from one address, right or wrong',
  },
  refreshPerAddress: {
    env: 'RATE_REFRESH_PER_ADDRESS',
    default: '120/1m',
    meaning: 'token refreshes from one address',
  },
  refreshPerSession: {
    env: 'RATE_REFRESH_PER_SESSION',
    default: '10/1m',
    meaning: 'token refreshes of one sign-in session (a client refreshes about once an hour)',
  },
  writesPerUser: {
    env: 'RATE_WRITES_PER_USER',
    default: '300/1m',
    meaning: 'POST/PUT/PATCH/DELETE requests of one signed-in user',
  },
  writesPerAddress: {
    env: 'RATE_WRITES_PER_ADDRESS',
    default: '1200/1m',
    meaning: 'signed-in writes from one address, whichever accounts make them',
  },
  messagesPerUser: {
    env: 'RATE_MESSAGES_PER_USER',
    default: '60/1m',
    meaning: 'direct messages one user sends',
  },
  sessionsPerUser: {
    env: 'RATE_SESSIONS_PER_USER',
    default: '60/1h',
    meaning: 'calendar sessions one user creates',
  },
  bookingsPerUser: {
    env: 'RATE_BOOKINGS_PER_USER',
    default: '30/1h',
    meaning: 'booking requests one user sends',
  },
  bookingParticipantsPerUser: {
    env: 'RATE_BOOKING_PARTICIPANTS_PER_USER',
    default: '60/1h',
    meaning: 'people one provider adds to their bookings (each is notified and may be mailed)',
  },
  offersPerUser: {
    env: 'RATE_OFFERS_PER_USER',
    default: '60/1h',
    meaning: 'marketplace offers one user creates or edits',
  },
  searchesPerUser: {
    env: 'RATE_SEARCHES_PER_USER',
    default: '120/1m',
    meaning: 'marketplace searches and free-slot lookups of one user',
  },
  reviewsPerUser: {
    env: 'RATE_REVIEWS_PER_USER',
    default: '20/1h',
    meaning: 'marketplace reviews and replies one user writes or edits',
  },
  roomsPerUser: {
    env: 'RATE_ROOMS_PER_USER',
    default: '60/1h',
    meaning: 'rooms one user creates',
  },
  emailActionsPerAddress: {
    env: 'RATE_EMAIL_ACTIONS_PER_ADDRESS',
    default: '30/1h',
    meaning: "answers through booking emails' single-use links from one address (guessing tokens)",
  },
  uploadsPerUser: {
    env: 'RATE_UPLOADS_PER_USER',
    default: '300/1h',
    meaning: 'project uploads one user starts',
  },
  commentsPerUser: {
    env: 'RATE_COMMENTS_PER_USER',
    default: '120/1h',
    meaning: 'project comments and replies one user writes or edits',
  },
  userListPerAddress: {
    env: 'RATE_USER_LIST_PER_ADDRESS',
    default: '60/1m',
    meaning: 'pages of the open user list (GET /user/users) from one address',
  },
} as const;
export type RateLimitName = keyof typeof RATE_LIMITS;

export const rateLimitsSchema = z.strictObject(
  Object.fromEntries(
    Object.entries(RATE_LIMITS).map(([name, limit]) => [name, rateRuleSchema.prefault(limit.default)]),
  ) as { [K in RateLimitName]: z.ZodPrefault<typeof rateRuleSchema> },
);
export type RateLimitsConfig = z.infer<typeof rateLimitsSchema>;

/**
 * The login throttle (identity/local/login-throttle.ts explains how these work together). Numbers,
 * not rates: failures are counted in the database so that every API process sees the same counts.
 */
export const LOGIN_THROTTLE = {
  freeFailures: {
    env: 'LOGIN_FREE_FAILURES',
    default: 5,
    meaning: 'failed logins of one account from one address before delays start',
  },
  backoffBaseSeconds: {
    env: 'LOGIN_BACKOFF_BASE_SECONDS',
    default: 1,
    meaning: 'the first delay; each further failure of the pair doubles it',
  },
  backoffMaxSeconds: {
    env: 'LOGIN_BACKOFF_MAX_SECONDS',
    default: 900,
    meaning: 'the longest delay between attempts of one account from one address',
  },
  backoffWindowHours: {
    env: 'LOGIN_BACKOFF_WINDOW_HOURS',
    default: 24,
    meaning: "how long a failure counts towards its pair's delay (a right password clears it)",
  },
  windowMinutes: {
    env: 'LOGIN_FAILURE_WINDOW_MINUTES',
    default: 60,
    meaning: 'how long a failure counts towards the two ceilings below',
  },
  failuresPerAddress: {
    env: 'LOGIN_FAILURES_PER_ADDRESS',
    default: 100,
    meaning: 'failed logins from one address across all accounts within the window (password spraying)',
  },
  failuresPerAccount: {
    env: 'LOGIN_FAILURES_PER_ACCOUNT',
    default: 100,
    meaning: 'failed logins of one account from all addresses within the window (a distributed attack)',
  },
  knownAddressDays: {
    env: 'LOGIN_KNOWN_ADDRESS_DAYS',
    default: 30,
    meaning: 'an address that signed in to an account within this many days is not held by the two ceilings',
  },
} as const;
export type LoginThrottleSetting = keyof typeof LOGIN_THROTTLE;

const count = (fallback: number, min = 0) => z.coerce.number().int().min(min).max(1_000_000).default(fallback);

export const loginThrottleSchema = z.strictObject({
  freeFailures: count(LOGIN_THROTTLE.freeFailures.default, 1),
  backoffBaseSeconds: count(LOGIN_THROTTLE.backoffBaseSeconds.default, 1),
  backoffMaxSeconds: count(LOGIN_THROTTLE.backoffMaxSeconds.default, 1),
  backoffWindowHours: count(LOGIN_THROTTLE.backoffWindowHours.default, 1),
  windowMinutes: count(LOGIN_THROTTLE.windowMinutes.default, 1),
  failuresPerAddress: count(LOGIN_THROTTLE.failuresPerAddress.default, 1),
  failuresPerAccount: count(LOGIN_THROTTLE.failuresPerAccount.default, 1),
  knownAddressDays: count(LOGIN_THROTTLE.knownAddressDays.default),
});
export type LoginThrottleConfig = z.infer<typeof loginThrottleSchema>;

/** Password hashing is the API's most expensive work: how many run at once, and how many may wait. */
export const PASSWORD_HASHING = {
  concurrency: {
    env: 'SCRYPT_CONCURRENCY',
    default: 2,
    meaning: 'password hashes (32 MiB scrypt each) computed at once, process-wide',
  },
  queue: {
    env: 'SCRYPT_QUEUE',
    default: 32,
    meaning: 'sign-ups and logins that may wait for a hash; past that the API answers 503 at once',
  },
} as const;

export const passwordHashingSchema = z.strictObject({
  concurrency: count(PASSWORD_HASHING.concurrency.default, 1),
  queue: count(PASSWORD_HASHING.queue.default),
});
export type PasswordHashingConfig = z.infer<typeof passwordHashingSchema>;
