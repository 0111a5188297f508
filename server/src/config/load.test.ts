import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { loadLayeredConfig, settingsDrift } from '@riffroom/protocol/config';
import { API_CONFIG, ConfigError, loadApiConfig } from './load.js';

describe('PUBLIC_URL', () => {
  it('is unset by default, and read without its trailing slash', () => {
    expect(loadApiConfig({}).publicUrl).toBeUndefined();
    expect(loadApiConfig({ PUBLIC_URL: 'https://studio.example.com/' }).publicUrl).toBe('https://studio.example.com');
  });

  it('stops with a message naming the field when it is not an http(s) address', () => {
    expect(() => loadApiConfig({ PUBLIC_URL: 'studio.example.com' })).toThrow(ConfigError);
    expect(() => loadApiConfig({ PUBLIC_URL: 'ftp://studio.example.com' })).toThrow(/publicUrl/);
  });
});

describe('the event bus setting', () => {
  it('is the in-process bus unless REDIS_URL names a Redis server', () => {
    expect(loadApiConfig({}).bus).toEqual({ kind: 'memory' });
    expect(loadApiConfig({ REDIS_URL: 'redis://10.0.0.5:6379' }).bus).toEqual({
      kind: 'redis',
      url: 'redis://10.0.0.5:6379',
    });
  });

  it('stops with a message naming the field when the Redis URL is not one', () => {
    expect(() => loadApiConfig({ REDIS_URL: 'localhost:6379' })).toThrow(ConfigError);
    expect(() => loadApiConfig({ REDIS_URL: 'localhost:6379' })).toThrow(/bus/);
  });
});

describe('the trusted proxy hops', () => {
  it('is a count: none by default, true for one, false for none, or a number', () => {
    expect(loadApiConfig({}).trustProxy).toBe(0);
    expect(loadApiConfig({ TRUST_PROXY: 'true' }).trustProxy).toBe(1);
    expect(loadApiConfig({ TRUST_PROXY: 'false' }).trustProxy).toBe(0);
    expect(loadApiConfig({ TRUST_PROXY: '2' }).trustProxy).toBe(2);
    expect(() => loadApiConfig({ TRUST_PROXY: 'yes' })).toThrow(/trustProxy/);
  });

  it('reads the string "false" in a config file as no proxy (it used to coerce to true)', () => {
    const dir = mkdtempSync(path.join(tmpdir(), 'riffroom-config-'));
    const file = path.join(dir, 'riffroom.json');
    try {
      writeFileSync(file, JSON.stringify({ trustProxy: 'false' }));
      expect(loadApiConfig({ RIFFROOM_CONFIG: file }).trustProxy).toBe(0);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});

describe('the flood limits', () => {
  it('have defaults, and each environment variable overrides one on top of the file', () => {
    const dir = mkdtempSync(path.join(tmpdir(), 'riffroom-config-'));
    const file = path.join(dir, 'riffroom.json');
    try {
      writeFileSync(file, JSON.stringify({ rateLimits: { messagesPerUser: '10/m', bookingsPerUser: 'off' } }));
      const config = loadApiConfig({ RIFFROOM_CONFIG: file, RATE_SIGNUP_PER_ADDRESS: '5/1h', SCRYPT_QUEUE: '4' });
      expect(config.rateLimits.signupPerAddress).toEqual({ burst: 5, perMinute: 5 / 60 });
      expect(config.rateLimits.messagesPerUser).toEqual({ burst: 10, perMinute: 10 });
      expect(config.rateLimits.bookingsPerUser).toBeNull();
      expect(config.rateLimits.loginPerAddress).toEqual({ burst: 60, perMinute: 60 });
      expect(config.passwordHashing).toEqual({ concurrency: 2, queue: 4 });
      expect(config.loginThrottle.freeFailures).toBe(5);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });

  it('stops with a message naming the limit when a value is not a rate', () => {
    expect(() => loadApiConfig({ RATE_MESSAGES_PER_USER: 'lots' })).toThrow(/rateLimits.messagesPerUser/);
  });
});

/** Loads the API's configuration with `file` as the RIFFROOM_CONFIG file's content. */
const withFile = (file: unknown, env: Record<string, string> = {}) =>
  loadLayeredConfig(
    { api: API_CONFIG },
    { env: { ...env, RIFFROOM_CONFIG: '/etc/riffroom.json' }, readFile: () => JSON.stringify(file) },
  ).api;

describe('the settings table', () => {
  it('covers every setting of the schema, and its defaults are the real ones', () => {
    expect(settingsDrift(API_CONFIG)).toEqual([]);
  });
});

describe('the config file', () => {
  it('refuses a key the API does not know, at any depth, by name', () => {
    expect(() => withFile({ prot: 9000 })).toThrow(/prot: unknown setting \(did you mean port\?\)/);
    expect(() => withFile({ rateLimits: { mesagesPerUser: '5/1m' } })).toThrow(/rateLimits\.mesagesPerUser: unknown/);
    expect(() => withFile({ identity: { provider: 'local', idTokenTTL: 60 } })).toThrow(
      /identity\.idTokenTTL: unknown/,
    );
    const firebase = { provider: 'firebase', projectId: 'p', client: { apiKey: 'k', authDomain: 'a', projectId: 'p' } };
    expect(withFile({ identity: firebase }).identity.provider).toBe('firebase');
    expect(() => withFile({ identity: { ...firebase, client: { ...firebase.client, apikey: 'k' } } })).toThrow(
      /identity\.client\.apikey: unknown/,
    );
    expect(() => withFile({ bus: { kind: 'memory', url: 'redis://x' } })).toThrow(/bus\.url: unknown/);
  });

  it('gives way to the environment, setting by setting', () => {
    const file = { port: 9000, host: '127.0.0.1', database: { client: 'sqlite', filename: '/srv/r.sqlite' } };
    const config = withFile(file, { PORT: '9100', DATABASE_URL: 'postgres://db/riffroom' });
    expect(config).toMatchObject({ port: 9100, host: '127.0.0.1' });
    expect(config.database).toEqual({ client: 'pg', connection: 'postgres://db/riffroom' });
    expect(() => withFile({ port: 'eighty' })).toThrow(/port: .*\(from \/etc\/riffroom\.json\)/);
  });
});

describe('the identity and database settings from the environment', () => {
  it('sets up Firebase from variables alone, and the local identity field by field', () => {
    const client = { apiKey: 'k', authDomain: 'demo-p.firebaseapp.com', projectId: 'demo-p' };
    const config = loadApiConfig({
      IDENTITY_PROVIDER: 'firebase',
      FIREBASE_PROJECT_ID: 'demo-p',
      FIREBASE_CLIENT_CONFIG: JSON.stringify(client),
    });
    expect(config.identity).toEqual({ provider: 'firebase', projectId: 'demo-p', client });
    expect(loadApiConfig({ ID_TOKEN_TTL_SECONDS: '600' }).identity).toEqual({
      provider: 'local',
      idTokenTtlSeconds: 600,
      refreshTokenTtlDays: 30,
      refreshReuseGraceSeconds: 10,
    });
    expect(
      withFile({ identity: { provider: 'local', refreshTokenTtlDays: 7 } }, { ID_TOKEN_TTL_SECONDS: '600' }).identity,
    ).toMatchObject({ idTokenTtlSeconds: 600, refreshTokenTtlDays: 7 });
    expect(() => loadApiConfig({ IDENTITY_PROVIDER: 'firebase', FIREBASE_CLIENT_CONFIG: '{apiKey' })).toThrow(
      /identity\.client: .*\(from FIREBASE_CLIENT_CONFIG\)/,
    );
  });

  it('names the SQLite file, unless DATABASE_URL points at PostgreSQL', () => {
    expect(loadApiConfig({ SQLITE_FILE: '/srv/r.sqlite' }).database).toEqual({
      client: 'sqlite',
      filename: '/srv/r.sqlite',
    });
    expect(withFile({ database: { filename: '/srv/r.sqlite' } }).database).toEqual({
      client: 'sqlite',
      filename: '/srv/r.sqlite',
    });
  });
});

describe('a bad value set by a variable', () => {
  it('names that variable, the most specific one', () => {
    expect(loadApiConfig({ SQLITE_FILE: '' }).database).toEqual({ client: 'sqlite' });
    expect(() => loadApiConfig({ SQLITE_FILE: '/x', DATABASE_URL: 'postgres://db/x' })).toThrow(
      /database\.filename: does not go with the other database settings \(from SQLITE_FILE\)/,
    );
    expect(() => loadApiConfig({ ID_TOKEN_TTL_SECONDS: '5' })).toThrow(
      /identity\.idTokenTtlSeconds: .* \(from ID_TOKEN_TTL_SECONDS\)/,
    );
  });
});
