import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { ConfigError, loadApiConfig } from './load.js';

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
