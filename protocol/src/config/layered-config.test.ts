import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { ConfigError, loadLayeredConfig, type ConfigPart } from './layered-config.js';
import { redactConfig } from './redact.js';
import { settingsMarkdown, type Setting } from './setting.js';

const settings: Setting[] = [
  { path: 'port', env: 'PORT', default: '8080', meaning: 'HTTP port' },
  { path: 'limits.perMinute', env: 'PER_MINUTE', default: '60', meaning: 'requests a minute' },
  { path: 'database', env: 'DATABASE_URL', meaning: 'PostgreSQL', fromEnv: (url) => ({ client: 'pg', url }) },
  { path: 'stun', env: 'STUN', default: 'a,b', meaning: 'STUN servers', emptyIsValue: true },
  { path: 'secret', env: 'SECRET', meaning: 'a secret', secret: true },
];
const schema = z.strictObject({
  port: z.coerce.number().int().default(8080),
  limits: z.strictObject({ perMinute: z.coerce.number().int().default(60) }).prefault({}),
  database: z
    .discriminatedUnion('client', [
      z.strictObject({ client: z.literal('sqlite'), filename: z.string().optional() }),
      z.strictObject({ client: z.literal('pg'), url: z.string() }),
    ])
    .default({ client: 'sqlite' }),
  stun: z.string().default('a,b'),
  secret: z.string().optional(),
});
const api: ConfigPart<typeof schema> = { schema, settings };
const media: ConfigPart = {
  schema: z.strictObject({ rtcPort: z.coerce.number().int().default(40000) }),
  settings: [{ path: 'rtcPort', env: 'RTC_PORT', default: '40000', meaning: 'WebRTC port' }],
};

/** Loads with `file` as the RIFFROOM_CONFIG file's content (when given). */
function load(env: Record<string, string>, file?: unknown) {
  const withFile = file === undefined ? env : { ...env, RIFFROOM_CONFIG: '/etc/riffroom.json' };
  return loadLayeredConfig({ api, media }, { env: withFile, readFile: () => JSON.stringify(file) });
}
const failure = (env: Record<string, string>, file?: unknown) => {
  try {
    load(env, file);
  } catch (error) {
    expect(error).toBeInstanceOf(ConfigError);
    return (error as Error).message;
  }
  throw new Error('the configuration loaded');
};

describe('the layered configuration', () => {
  it('takes defaults, then the file, then the environment, for every part', () => {
    expect(load({})).toEqual({
      api: { port: 8080, limits: { perMinute: 60 }, database: { client: 'sqlite' }, stun: 'a,b' },
      media: { rtcPort: 40000 },
    });
    const file = {
      port: 9000,
      limits: { perMinute: 5 },
      rtcPort: 41000,
      database: { client: 'sqlite', filename: 'x' },
    };
    expect(load({}, file)).toMatchObject({ api: { port: 9000, limits: { perMinute: 5 } }, media: { rtcPort: 41000 } });
    const config = load({ PORT: '7000', PER_MINUTE: '7', RTC_PORT: '42000', DATABASE_URL: 'postgres://h/db' }, file);
    expect(config).toMatchObject({ api: { port: 7000, limits: { perMinute: 7 } }, media: { rtcPort: 42000 } });
    // A variable replaces the whole value at its path: no sqlite filename left beside the URL.
    expect(config.api.database).toEqual({ client: 'pg', url: 'postgres://h/db' });
  });

  it('leaves a setting alone when its variable is empty, unless empty means something', () => {
    expect(load({ PORT: '' }, { port: 9000 }).api.port).toBe(9000);
    expect(load({ STUN: '' }).api.stun).toBe('');
  });

  it('refuses a key no part knows, at the top or nested, by name and with the near miss', () => {
    expect(failure({}, { prot: 9000 })).toBe(
      'invalid configuration: prot: unknown setting (did you mean port?) (from /etc/riffroom.json)',
    );
    expect(failure({}, { limits: { perMinutes: 5 } })).toMatch(
      /limits\.perMinutes: unknown setting \(did you mean perMinute\?\)/,
    );
    expect(failure({}, { database: { client: 'pg', url: 'u', password: 'p' } })).toMatch(
      /database\.password: unknown setting/,
    );
  });

  it('names a bad value and where it came from, for every part at once', () => {
    const message = failure({ PORT: 'eighty' }, { rtcPort: 'forty', limits: { perMinute: 'many' } });
    expect(message).toMatch(/port: .* \(from PORT\)/);
    expect(message).toMatch(/limits\.perMinute: .* \(from \/etc\/riffroom\.json\)/);
    expect(message).toMatch(/rtcPort: .* \(from \/etc\/riffroom\.json\)/);
  });

  it('stops when the file is not a JSON object', () => {
    expect(failure({}, [1, 2])).toMatch(/must hold a JSON object/);
    const broken = () =>
      loadLayeredConfig({ api }, { env: { RIFFROOM_CONFIG: '/etc/x.json' }, readFile: () => '{"port": 80,' });
    expect(broken).toThrow(/cannot read config file \/etc\/x\.json/);
  });

  it('redacts secrets and the passwords inside URLs', () => {
    const config = { port: 1, secret: 'hunter2', database: { client: 'pg', url: 'postgres://me:p@ss/w@db:5432/x' } };
    expect(redactConfig(config, settings)).toEqual({
      port: 1,
      secret: '[redacted]',
      database: { client: 'pg', url: 'postgres://me:[redacted]@db:5432/x' },
    });
    expect(redactConfig({ url: 'redis://db:6379', list: ['rediss://:pw@r:1'] }, [])).toEqual({
      url: 'redis://db:6379',
      list: ['rediss://:[redacted]@r:1'],
    });
  });

  it('prints its table for the README', () => {
    expect(settingsMarkdown(settings.slice(0, 1))).toBe(
      '| Variable | Field | Default | Meaning |\n| --- | --- | --- | --- |\n| `PORT` | `port` | `8080` | HTTP port |',
    );
  });
});
