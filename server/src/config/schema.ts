import { z } from 'zod';
import { busConfigSchema, firebaseClientConfigSchema, publicUrlSchema, trustProxyHopsSchema } from '@riffroom/protocol';
import { loginThrottleSchema, passwordHashingSchema, rateLimitsSchema } from './limits.js';

export const apiConfigSchema = z.object({
  port: z.coerce.number().int().min(0).max(65535).default(8080),
  host: z.string().default('0.0.0.0'),
  dataDir: z.string().min(1).default('./data'),
  logLevel: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  /**
   * How many reverse proxies in front of the API append to X-Forwarded-For (TRUST_PROXY: a count,
   * `true` for one, `false` for none). The client address every per-address limit keys on is the
   * entry that many hops from the right; whatever a client writes further left is ignored.
   */
  trustProxy: trustProxyHopsSchema.default(0),
  /** PUBLIC_URL: the address invite links and feed URLs use; unset, the page's own address. */
  publicUrl: publicUrlSchema.optional(),
  /** Flood limits: `<count>/<window>` or `off` each (config/limits.ts, README "Security"). */
  rateLimits: rateLimitsSchema.default(rateLimitsSchema.parse({})),
  loginThrottle: loginThrottleSchema.default(loginThrottleSchema.parse({})),
  passwordHashing: passwordHashingSchema.default(passwordHashingSchema.parse({})),
  database: z
    .discriminatedUnion('client', [
      z.object({
        client: z.literal('sqlite'),
        /** Defaults to <dataDir>/riffroom.sqlite. */
        filename: z.string().optional(),
      }),
      z.object({ client: z.literal('pg'), connection: z.string().min(1) }),
    ])
    .default({ client: 'sqlite' }),
  identity: z
    .discriminatedUnion('provider', [
      z.object({
        provider: z.literal('local'),
        /** PEM/JWK file of the token signing key; defaults to <dataDir>/identity-signing-key.json. */
        signingKeyFile: z.string().optional(),
        idTokenTtlSeconds: z.coerce.number().int().min(60).max(86400).default(3600),
        refreshTokenTtlDays: z.coerce.number().int().min(1).max(365).default(30),
      }),
      z.object({
        provider: z.literal('firebase'),
        projectId: z.string().min(1),
        /** Path to a service-account JSON; optional with the Auth emulator or application default credentials. */
        serviceAccountFile: z.string().optional(),
        client: firebaseClientConfigSchema,
      }),
    ])
    .default({ provider: 'local', idTokenTtlSeconds: 3600, refreshTokenTtlDays: 30 }),
  /** How message notifications reach sockets: in-process on one box, Redis when scaled out. */
  bus: busConfigSchema.default({ kind: 'memory' }),
});
export type ApiConfig = z.infer<typeof apiConfigSchema>;
