import { describe, expect, it } from 'vitest';
import { settingsDrift } from '@riffroom/protocol/config';
import { redirectTarget } from './front-door.js';
import { FRONT_DOOR_CONFIG, loadFrontDoorConfig } from './front-door-settings.js';

describe('the front door settings', () => {
  it('is plain HTTP with nothing set', () => {
    expect(loadFrontDoorConfig({})).toEqual({});
  });

  it('takes a certificate pair, a redirect port and PUBLIC_URL without its trailing slash', () => {
    expect(
      loadFrontDoorConfig({
        TLS_CERT: '/c.pem',
        TLS_KEY: '/k.pem',
        HTTP_REDIRECT_PORT: '80',
        PUBLIC_URL: 'https://studio.example.com/',
      }),
    ).toEqual({ tlsCert: '/c.pem', tlsKey: '/k.pem', httpRedirectPort: 80, publicUrl: 'https://studio.example.com' });
  });

  it('names the setting that is wrong', () => {
    expect(() => loadFrontDoorConfig({ TLS_CERT: '/c.pem' })).toThrow('TLS_CERT and TLS_KEY must be set together');
    expect(() => loadFrontDoorConfig({ HTTP_REDIRECT_PORT: '80' })).toThrow('HTTP_REDIRECT_PORT needs TLS_CERT');
    expect(() => loadFrontDoorConfig({ PUBLIC_URL: 'studio.example.com' })).toThrow('PUBLIC_URL');
    expect(() => loadFrontDoorConfig({ PUBLIC_URL: 'ftp://studio.example.com' })).toThrow('PUBLIC_URL');
    expect(() => loadFrontDoorConfig({ HTTP_REDIRECT_PORT: 'eighty' })).toThrow('HTTP_REDIRECT_PORT');
  });

  it('has one row per setting in its table', () => {
    expect(settingsDrift(FRONT_DOOR_CONFIG)).toEqual([]);
  });
});

describe('where plain HTTP is redirected', () => {
  it('keeps the host name and puts the HTTPS port in its place', () => {
    expect(redirectTarget('studio.lan:80', '/dashboard?a=1', 8443)).toBe('https://studio.lan:8443/dashboard?a=1');
    expect(redirectTarget('studio.lan', '/', 443)).toBe('https://studio.lan/');
  });

  it('does not carry a forged Host header into the address', () => {
    expect(redirectTarget('evil.com/@x', '/', 443)).toBe('https://localhost/');
  });
});
