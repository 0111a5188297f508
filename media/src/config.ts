import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { z } from 'zod';
import { busConfigSchema, describeZodError } from '@riffroom/protocol';

const repoRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..', '..');

export const mediaConfigSchema = z.object({
  /** One mediasoup worker per core by default: a worker is single-threaded. */
  workers: z.coerce.number().int().min(1).max(64).default(os.cpus().length),
  workerBin: z
    .string()
    .min(1)
    .default(path.join(repoRoot, '.setup', 'mediasoup-worker')),
  workerLogLevel: z.enum(['debug', 'warn', 'error', 'none']).default('warn'),
  rtcMinPort: z.coerce.number().int().min(1024).max(65535).default(40000),
  rtcMaxPort: z.coerce.number().int().min(1024).max(65535).default(49999),
  /** The built client, served as static files with index.html for every client-side route. */
  clientDist: z.string().default(path.join(repoRoot, 'client', 'dist')),
  /** Where API events come from: the box's in-process bus, or Redis when the media node runs apart. */
  bus: busConfigSchema.default({ kind: 'memory' }),
});
export type MediaConfig = z.infer<typeof mediaConfigSchema>;

type Env = Record<string, string | undefined>;

export class MediaConfigError extends Error {}

/** Defaults in code, then environment, then explicit overrides; a bad value names itself. */
export function loadMediaConfig(env: Env = process.env, overrides: Partial<MediaConfig> = {}): MediaConfig {
  const fromEnv: Record<string, unknown> = {};
  if (env.MEDIASOUP_WORKERS) fromEnv.workers = env.MEDIASOUP_WORKERS;
  if (env.MEDIASOUP_WORKER_BIN) fromEnv.workerBin = env.MEDIASOUP_WORKER_BIN;
  if (env.MEDIASOUP_LOG_LEVEL) fromEnv.workerLogLevel = env.MEDIASOUP_LOG_LEVEL;
  if (env.RTC_MIN_PORT) fromEnv.rtcMinPort = env.RTC_MIN_PORT;
  if (env.RTC_MAX_PORT) fromEnv.rtcMaxPort = env.RTC_MAX_PORT;
  if (env.CLIENT_DIST) fromEnv.clientDist = env.CLIENT_DIST;
  if (env.REDIS_URL) fromEnv.bus = { kind: 'redis', url: env.REDIS_URL };
  const parsed = mediaConfigSchema.safeParse({ ...fromEnv, ...overrides });
  if (!parsed.success) throw new MediaConfigError(`invalid media configuration: ${describeZodError(parsed.error)}`);
  if (parsed.data.rtcMinPort > parsed.data.rtcMaxPort) {
    throw new MediaConfigError('invalid media configuration: rtcMinPort must not exceed rtcMaxPort');
  }
  return parsed.data;
}
