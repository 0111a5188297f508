import { z } from 'zod';
import {
  busConfigSchema,
  firebaseClientConfigSchema,
  internalSecretSchema,
  publicUrlSchema,
  trustProxyHopsSchema,
} from '@riffroom/protocol';
import { filesConfigSchema } from './files.js';
import { loginThrottleSchema, passwordHashingSchema, rateLimitsSchema } from './limits.js';
import { notificationsConfigSchema } from './notifications.js';

/** REFRESH_REUSE_GRACE_S: long enough for a retry after a dropped answer, short for a thief. */
const REFRESH_REUSE_GRACE_DEFAULT_S = 10;

/**
 * A section that names its kind (`database.client`, `identity.provider`) takes the default kind when
 * it leaves the kind out: `ID_TOKEN_TTL_SECONDS` alone, or `"database": {"filename": ...}`, is then
 * a setting of the default local identity or SQLite database.
 */
function withDefaultKind<T extends z.ZodType>(key: string, kind: string, schema: T) {
  return z.preprocess(
    (value) =>
      typeof value === 'object' && value !== null && !Array.isArray(value) && !(key in value)
        ? { [key]: kind, ...value }
        : value,
    schema,
  );
}

/** Strict at every level: a key the API does not know (a typo) stops start-up with its name. */
export const apiConfigSchema = z.strictObject({
  port: z.coerce.number().int().min(0).max(65535).default(8080),
  host: z.string().default('0.0.0.0'),
  dataDir: z.string().min(1).default('./data'),
  /** GET /metrics (Prometheus) listens here, apart from the app's port; 0 picks a free port and logs it. */
  metricsPort: z.coerce.number().int().min(0).max(65535).default(9464),
  /** Loopback by default, so the metrics are never public by accident. */
  metricsHost: z.string().min(1).default('127.0.0.1'),
  logLevel: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  /**
   * How many reverse proxies in front of the API append to X-Forwarded-For (TRUST_PROXY: a count,
   * `true` for one, `false` for none). The client address every per-address limit keys on is the
   * entry that many hops from the right; whatever a client writes further left is ignored.
   */
  trustProxy: trustProxyHopsSchema.default(0),
  /** PUBLIC_URL: the address invite links and feed URLs use; unset, the page's own address. */
  publicUrl: publicUrlSchema.optional(),
  /** Flood limits: `<count>/<window>` or `off` each (limits.ts, docs/security.md). */
  rateLimits: rateLimitsSchema.default(rateLimitsSchema.parse({})),
  loginThrottle: loginThrottleSchema.default(loginThrottleSchema.parse({})),
  passwordHashing: passwordHashingSchema.default(passwordHashingSchema.parse({})),
  database: withDefaultKind(
    'client',
    'sqlite',
    z.discriminatedUnion('client', [
      z.strictObject({
        client: z.literal('sqlite'),
        /** Defaults to <dataDir>/riffroom.sqlite. */
        filename: z.string().optional(),
      }),
      z.strictObject({ client: z.literal('pg'), connection: z.string().min(1) }),
    ]),
  ).default({ client: 'sqlite' }),
  /**
   * SQLite's `synchronous` (SQLITE_SYNCHRONOUS). FULL syncs the WAL at every commit, so a commit the
   * API answered survives an OS crash or power cut too; NORMAL syncs only at checkpoints and can
   * lose the last commits then (never on a process crash). docs/operations.md "Backups and restore".
   */
  sqliteSynchronous: z
    .preprocess((value) => (typeof value === 'string' ? value.toUpperCase() : value), z.enum(['FULL', 'NORMAL']))
    .default('FULL'),
  /**
   * Recording retention (DATA_DIR/recordings): this many bytes in all; a recording is stopped
   * before it takes more, and only its host's older recordings are deleted to make room, never
   * another host's; 0 sets no limit.
   */
  recordingsMaxBytes: z.coerce.number().int().min(0).default(0),
  /** Each host's recordings, finished and running: past it the host's own oldest go; 0 sets no limit. */
  recordingsHostMaxBytes: z.coerce.number().int().min(0).default(0),
  /** Finished recordings older than this many days are deleted; 0 keeps them until their host deletes them. */
  recordingsMaxAgeDays: z.coerce.number().int().min(0).max(36_500).default(0),
  /**
   * Scaled out (REDIS_URL): a recording whose media node has not beaten in the node registry for
   * this many seconds is marked interrupted by the API (services/lost-node-recordings.ts). Longer
   * than the registry's expiry, so a node that restarts marks its own first.
   */
  recordingNodeGraceS: z.coerce.number().int().min(1).max(86_400).default(300),
  /** How many marketplace offers one person may keep (MAX_OFFERS_PER_PERSON). */
  maxOffersPerPerson: z.coerce.number().int().min(0).max(1000).default(20),
  /** Marketplace requests one person may have waiting for an answer (MAX_OPEN_BOOKING_REQUESTS). */
  maxOpenBookingRequests: z.coerce.number().int().min(1).max(1000).default(10),
  /** People a provider may add to one booking besides its two parties (MAX_BOOKING_PARTICIPANTS). */
  maxBookingParticipants: z.coerce.number().int().min(0).max(100).default(8),
  /** A confirmed booking's Join room opens this many minutes before its start (BOOKING_ROOM_OPENS_MINUTES). */
  bookingRoomOpensMinutes: z.coerce.number().int().min(0).max(1440).default(10),
  /** Projects' uploads (files.ts, docs/projects.md). */
  files: filesConfigSchema.default(filesConfigSchema.parse({})),
  /** How many pre-migration snapshots DATA_DIR/backups keeps (MIGRATION_SNAPSHOTS_KEEP; 0: none taken). */
  migrationSnapshotsKept: z.coerce.number().int().min(0).max(1000).default(5),
  identity: withDefaultKind(
    'provider',
    'local',
    z.discriminatedUnion('provider', [
      z.strictObject({
        provider: z.literal('local'),
        /** PEM/JWK file of the token signing key; defaults to <dataDir>/identity-signing-key.json. */
        signingKeyFile: z.string().optional(),
        idTokenTtlSeconds: z.coerce.number().int().min(60).max(86400).default(3600),
        refreshTokenTtlDays: z.coerce.number().int().min(1).max(365).default(30),
        /** A replaced refresh token answers the same new one this long (a lost answer); 0: never. */
        refreshReuseGraceSeconds: z.coerce.number().int().min(0).max(300).default(REFRESH_REUSE_GRACE_DEFAULT_S),
      }),
      z.strictObject({
        provider: z.literal('firebase'),
        projectId: z.string().min(1),
        /** Path to a service-account JSON; optional with the Auth emulator or application default credentials. */
        serviceAccountFile: z.string().optional(),
        client: firebaseClientConfigSchema.strict(),
      }),
    ]),
  ).default({
    provider: 'local',
    idTokenTtlSeconds: 3600,
    refreshTokenTtlDays: 30,
    refreshReuseGraceSeconds: REFRESH_REUSE_GRACE_DEFAULT_S,
  }),
  /** How notifications reach sockets: in-process on one box, the Socket.IO Redis emitter when scaled out. */
  bus: busConfigSchema.default({ kind: 'memory' }),
  /** Shared with the media nodes: the internal room directory answers only callers that send it. */
  internalSecret: internalSecretSchema.optional(),
  /** The notification centre and its email (config/notifications.ts). */
  notifications: notificationsConfigSchema
    .default(notificationsConfigSchema.parse({}))
    .refine((value) => !value.smtpUrl || value.mailFrom, {
      message: 'MAIL_FROM (notifications.mailFrom) is needed with SMTP_URL',
    }),
});
export type ApiConfig = z.infer<typeof apiConfigSchema>;
