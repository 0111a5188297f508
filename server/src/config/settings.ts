import {
  HOST_SETTING,
  INTERNAL_SECRET_SETTING,
  LOG_LEVEL_SETTING,
  METRICS_HOST_SETTING,
  METRICS_PORT_SETTING,
  PORT_SETTING,
  sectionSettings,
  type Setting,
} from '@riffroom/protocol/config';
import { FILES_SETTINGS } from './files.js';
import { LOGIN_THROTTLE, PASSWORD_HASHING, RATE_LIMITS } from './limits.js';
import { NOTIFICATION_SETTINGS } from './notifications.js';

/**
 * Every API setting: its place in the RIFFROOM_CONFIG file, the variable that overrides it, its
 * default and meaning (docs/running-and-configuring.md "Every setting" lists the same). One entry per setting; the
 * schema (schema.ts) holds the types and the defaults, and config tests check the two agree.
 */
export const API_SETTINGS: readonly Setting[] = [
  PORT_SETTING,
  HOST_SETTING,
  {
    path: 'dataDir',
    env: 'DATA_DIR',
    default: './data',
    meaning: 'Holds the SQLite database and the token signing key, owner-only',
  },
  METRICS_PORT_SETTING,
  METRICS_HOST_SETTING,
  LOG_LEVEL_SETTING,
  {
    path: 'trustProxy',
    env: 'TRUST_PROXY',
    default: '0',
    meaning: 'How many reverse proxies in front of the box append to `X-Forwarded-For` (`true` means 1)',
  },
  {
    path: 'publicUrl',
    env: 'PUBLIC_URL',
    defaultNote: "the page's own address",
    meaning:
      'The address people reach the box at (`https://studio.example.com`): invite links, the calendar feed URL and the HTTPS redirect use it, and `npm run doctor` checks the certificate and announced address against it',
  },
  {
    path: 'database',
    env: 'DATABASE_URL',
    defaultNote: 'SQLite in `DATA_DIR`',
    meaning: 'A PostgreSQL connection string: the API uses that database instead of SQLite',
    fromEnv: (url) => ({ client: 'pg', connection: url }),
  },
  {
    path: 'database.filename',
    env: 'SQLITE_FILE',
    defaultNote: '`<dataDir>/riffroom.sqlite`',
    meaning: 'The SQLite file, when `DATABASE_URL` is not set',
  },
  {
    path: 'sqliteSynchronous',
    env: 'SQLITE_SYNCHRONOUS',
    default: 'FULL',
    meaning:
      'SQLite\'s `synchronous`: `FULL` syncs every commit, so a write the API answered survives a power cut; `NORMAL` is faster and survives a process crash, but an OS crash or power cut can lose the last commits (see "Operations")',
  },
  {
    path: 'maxOffersPerPerson',
    env: 'MAX_OFFERS_PER_PERSON',
    default: '20',
    meaning: 'Marketplace offers one person may keep at once (paused ones count)',
  },
  {
    path: 'maxOpenBookingRequests',
    env: 'MAX_OPEN_BOOKING_REQUESTS',
    default: '10',
    meaning: 'Marketplace booking requests one person may have waiting for an answer at once',
  },
  {
    path: 'maxBookingParticipants',
    env: 'MAX_BOOKING_PARTICIPANTS',
    default: '8',
    meaning: 'People a provider may add to one marketplace booking besides its two parties',
  },
  {
    path: 'bookingRoomOpensMinutes',
    env: 'BOOKING_ROOM_OPENS_MINUTES',
    default: '10',
    meaning:
      "Minutes before a confirmed booking's start from which its parties can join the booking's room (it closes at the end)",
  },
  {
    path: 'migrationSnapshotsKept',
    env: 'MIGRATION_SNAPSHOTS_KEEP',
    default: '5',
    meaning:
      'Copies of the SQLite database taken before pending migrations, kept in `DATA_DIR/backups`; `0` takes none',
  },
  {
    path: 'recordingsMaxBytes',
    env: 'RECORDINGS_MAX_BYTES',
    default: '0',
    meaning:
      'Recordings (`DATA_DIR/recordings`) may take this many bytes in all: a running recording stops with a message when it would pass it, and only its host’s older recordings are deleted to make room, never another host’s; `0`: no limit',
  },
  {
    path: 'recordingsHostMaxBytes',
    env: 'RECORDINGS_HOST_MAX_BYTES',
    default: '0',
    meaning:
      'Each host’s recordings may take this many bytes: a running recording stops with a message at it, and the host’s own oldest finished ones are deleted to make room for the one that just ended; `0`: no limit',
  },
  {
    path: 'recordingsMaxAgeDays',
    env: 'RECORDINGS_MAX_AGE_DAYS',
    default: '0',
    meaning: 'Finished recordings older than this many days are deleted; `0` keeps them until their host deletes them',
  },
  {
    path: 'recordingNodeGraceS',
    env: 'RECORDING_NODE_GRACE_S',
    default: '300',
    meaning:
      "Scaled out: a recording whose media node has not beaten in the node registry for this long is marked interrupted by the API, with the files it can see in its `DATA_DIR/recordings`; must be longer than the registry's expiry (3 × `NODE_HEARTBEAT_MS`), so a node that restarts marks its own first",
  },
  {
    path: 'bus',
    env: 'REDIS_URL',
    defaultNote: 'in-process',
    meaning: 'Redis of the scaled setup: notifications reach the media nodes through the Socket.IO Redis emitter',
    fromEnv: (url) => ({ kind: 'redis', url }),
  },
  INTERNAL_SECRET_SETTING,
  ...FILES_SETTINGS,
  ...sectionSettings('rateLimits', RATE_LIMITS),
  ...sectionSettings('loginThrottle', LOGIN_THROTTLE),
  ...sectionSettings('passwordHashing', PASSWORD_HASHING),
  ...NOTIFICATION_SETTINGS,
  {
    path: 'identity.provider',
    env: 'IDENTITY_PROVIDER',
    default: 'local',
    meaning: 'Who keeps accounts: `local` (built in) or `firebase`',
  },
  {
    path: 'identity.signingKeyFile',
    env: 'SIGNING_KEY_FILE',
    defaultNote: '`<dataDir>/identity-signing-key.json`',
    meaning: "local: the ID tokens' signing key",
  },
  {
    path: 'identity.idTokenTtlSeconds',
    env: 'ID_TOKEN_TTL_SECONDS',
    default: '3600',
    meaning: 'local: how long an ID token is valid',
  },
  {
    path: 'identity.refreshTokenTtlDays',
    env: 'REFRESH_TOKEN_TTL_DAYS',
    default: '30',
    meaning: 'local: how long a refresh token is valid',
  },
  {
    path: 'identity.refreshReuseGraceSeconds',
    env: 'REFRESH_REUSE_GRACE_S',
    default: '10',
    meaning:
      'local: how long a replaced refresh token still answers the same new one (a lost answer); after it, reuse ends the session',
  },
  {
    path: 'identity.projectId',
    env: 'FIREBASE_PROJECT_ID',
    meaning: 'firebase: the project whose ID tokens the API accepts',
  },
  {
    path: 'identity.serviceAccountFile',
    env: 'FIREBASE_SERVICE_ACCOUNT_FILE',
    meaning: 'firebase: a service-account JSON file (optional: checking tokens needs only the project id)',
  },
  {
    path: 'identity.client',
    env: 'FIREBASE_CLIENT_CONFIG',
    meaning: "firebase: the web app's configuration the browser signs in with, as JSON",
    fromEnv: jsonOrText,
  },
  { path: 'identity.client.apiKey', meaning: "firebase: the web app's API key", secret: true },
];

/** A JSON value; text that is not JSON stays text, for the schema to refuse by name. */
function jsonOrText(text: string): unknown {
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return text;
  }
}
