import { createHmac } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { loadMediaConfig, ConfigError } from '../config.js';
import { iceServersFor } from './ice-servers.js';

describe('ICE servers', () => {
  it('default to public STUN servers and no TURN', () => {
    const config = loadMediaConfig({});
    expect(iceServersFor(config, 'u1')).toEqual([
      { urls: ['stun:stun.l.google.com:19302', 'stun:stun1.l.google.com:19302'] },
    ]);
  });

  it('take STUN and static TURN from the environment; an empty STUN_URLS means none', () => {
    const config = loadMediaConfig({
      STUN_URLS: '',
      TURN_URLS: 'turn:turn.example.org:3478?transport=udp, turns:turn.example.org:443?transport=tcp',
      TURN_USERNAME: 'studio',
      TURN_CREDENTIAL: 's3cret',
    });
    expect(iceServersFor(config, 'u1')).toEqual([
      {
        urls: ['turn:turn.example.org:3478?transport=udp', 'turns:turn.example.org:443?transport=tcp'],
        username: 'studio',
        credential: 's3cret',
      },
    ]);
  });

  it('issue short-lived TURN credentials per caller from a coturn shared secret', () => {
    const config = loadMediaConfig({
      TURN_URLS: 'turn:t.example:3478',
      TURN_SECRET: 'shared',
      STUN_URLS: 'stun:s.example',
    });
    const now = Date.UTC(2026, 0, 1);
    const [stun, turn] = iceServersFor(config, 'guest-42', now);
    expect(stun).toEqual({ urls: ['stun:s.example'] });
    const expiry = now / 1000 + 12 * 3600;
    expect(turn).toEqual({
      urls: ['turn:t.example:3478'],
      username: `${expiry}:guest-42`,
      credential: createHmac('sha1', 'shared').update(`${expiry}:guest-42`).digest('base64'),
    });
  });

  it('refuse a TURN server without credentials, and URLs of the wrong scheme', () => {
    expect(() => loadMediaConfig({ TURN_URLS: 'turn:t.example:3478' })).toThrow(ConfigError);
    expect(() => loadMediaConfig({ STUN_URLS: 'http://stun.example' })).toThrow(/stunUrls.*stun: or stuns: URL/);
  });
});
