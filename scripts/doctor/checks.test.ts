import { describe, expect, it } from 'vitest';
import { loadMediaConfig } from '@riffroom/media';
import { isPrivateAddress, isPublicName } from './addresses.js';
import { formatResult } from './check.js';
import { checkAnnouncedAddress, checkUdpBuffers } from './network-checks.js';
import { parseTurnUrl } from './turn-allocate.js';

describe('which addresses the internet cannot reach', () => {
  it('are loopback, RFC 1918, carrier-grade NAT and link-local, v4 and v6', () => {
    for (const address of [
      '127.0.0.1',
      '10.1.2.3',
      '172.16.0.1',
      '172.31.255.1',
      '192.168.1.10',
      '100.64.0.1',
      '169.254.1.1',
      '::1',
      'fd00::1',
      'fe80::1',
    ]) {
      expect(isPrivateAddress(address), address).toBe(true);
    }
    for (const address of ['203.0.113.10', '172.32.0.1', '8.8.8.8', '2001:db8::1', 'studio.example.com']) {
      expect(isPrivateAddress(address), address).toBe(false);
    }
  });

  it('tells public names from LAN names', () => {
    expect(isPublicName('studio.example.com')).toBe(true);
    expect(isPublicName('203.0.113.10')).toBe(true);
    for (const name of ['localhost', 'studio.lan', 'box.local', 'studio.test', '192.168.1.10', 'studio']) {
      expect(isPublicName(name), name).toBe(false);
    }
  });
});

describe('the announced address check', () => {
  const media = (env: Record<string, string>) => loadMediaConfig({ RTC_LISTEN_IP: '0.0.0.0', ...env });

  it('is fine with a public announced address behind a public name, or a LAN address on a LAN name', () => {
    expect(
      checkAnnouncedAddress(media({ RTC_ANNOUNCED_ADDRESS: '203.0.113.10' }), 'https://studio.example.com').status,
    ).toBe('ok');
    expect(checkAnnouncedAddress(media({ RTC_ANNOUNCED_ADDRESS: '192.168.1.10' }), 'https://studio.lan').status).toBe(
      'ok',
    );
  });

  it('warns, with the fix, when a public name announces a loopback address', () => {
    const result = checkAnnouncedAddress(media({ RTC_ANNOUNCED_ADDRESS: '127.0.0.1' }), 'https://studio.example.com');
    expect(result.status).toBe('warn');
    expect(formatResult(result)).toMatch(/^WARN announced address: 127\.0\.0\.1 .* Fix: set RTC_ANNOUNCED_ADDRESS/);
  });
});

describe('the kernel UDP buffer check', () => {
  it('prints the sysctl line for the values below 4 MiB, and passes when they are all there', () => {
    const low = checkUdpBuffers((key) => (key.endsWith('_max') ? '4194304' : '212992'));
    expect(low.status).toBe('warn');
    expect(low.fix).toContain('sudo sysctl -w net.core.rmem_default=4194304 net.core.wmem_default=4194304');
    expect(checkUdpBuffers(() => '8388608').status).toBe('ok');
  });
});

describe('TURN URLs', () => {
  it('read as RFC 7065 writes them', () => {
    expect(parseTurnUrl('turn:turn.example.com')).toEqual({ host: 'turn.example.com', port: 3478, transport: 'udp' });
    expect(parseTurnUrl('turn:10.0.0.2:3479?transport=tcp')).toEqual({
      host: '10.0.0.2',
      port: 3479,
      transport: 'tcp',
    });
    expect(parseTurnUrl('turns:turn.example.com?transport=tcp')).toEqual({
      host: 'turn.example.com',
      port: 5349,
      transport: 'tls',
    });
    expect(() => parseTurnUrl('stun:turn.example.com')).toThrow('not a TURN URL');
  });
});
