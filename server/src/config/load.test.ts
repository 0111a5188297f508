import { describe, expect, it } from 'vitest';
import { ConfigError, loadApiConfig } from './load.js';

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
