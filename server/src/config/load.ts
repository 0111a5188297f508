import { readFileSync } from 'node:fs';
import { describeZodError } from '@riffroom/protocol';
import { LOGIN_THROTTLE, PASSWORD_HASHING, RATE_LIMITS, limitsFromEnv } from './limits.js';
import { apiConfigSchema, type ApiConfig } from './schema.js';

export class ConfigError extends Error {}

type Env = Record<string, string | undefined>;

/** Environment variables that override the file, as a partial config object. */
function fromEnv(env: Env): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  if (env.PORT !== undefined) out.port = env.PORT;
  if (env.HOST !== undefined) out.host = env.HOST;
  if (env.DATA_DIR !== undefined) out.dataDir = env.DATA_DIR;
  if (env.LOG_LEVEL !== undefined) out.logLevel = env.LOG_LEVEL;
  // A hop count, `true` (one) or `false` (none): the schema reads it (trustProxyHopsSchema).
  if (env.TRUST_PROXY !== undefined) out.trustProxy = env.TRUST_PROXY;
  if (env.PUBLIC_URL) out.publicUrl = env.PUBLIC_URL;
  if (env.DATABASE_URL !== undefined) out.database = { client: 'pg', connection: env.DATABASE_URL };
  if (env.REDIS_URL !== undefined) out.bus = { kind: 'redis', url: env.REDIS_URL };
  return out;
}

/** Sections whose fields the environment sets one by one, on top of the file's. */
const SECTIONS = { rateLimits: RATE_LIMITS, loginThrottle: LOGIN_THROTTLE, passwordHashing: PASSWORD_HASHING };

function mergeSections(file: Record<string, unknown>, env: Env): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const [section, table] of Object.entries(SECTIONS)) {
    const fromEnvironment = limitsFromEnv(table, env);
    if (!fromEnvironment) continue;
    const fromFile = file[section];
    out[section] = { ...(typeof fromFile === 'object' && fromFile !== null ? fromFile : {}), ...fromEnvironment };
  }
  return out;
}

function readFile(path: string): Record<string, unknown> {
  try {
    return JSON.parse(readFileSync(path, 'utf8')) as Record<string, unknown>;
  } catch (error) {
    throw new ConfigError(`cannot read config file ${path}: ${(error as Error).message}`);
  }
}

/**
 * Defaults in code, then the JSON file named by RIFFROOM_CONFIG, then the environment,
 * then explicit overrides (tests). Validated once; a bad value throws naming the field.
 */
export function loadApiConfig(env: Env = process.env, overrides: Record<string, unknown> = {}): ApiConfig {
  const file = env.RIFFROOM_CONFIG ? readFile(env.RIFFROOM_CONFIG) : {};
  const merged = { ...file, ...fromEnv(env), ...mergeSections(file, env), ...overrides };
  const parsed = apiConfigSchema.safeParse(merged);
  if (!parsed.success) throw new ConfigError(`invalid configuration: ${describeZodError(parsed.error)}`);
  return parsed.data;
}
