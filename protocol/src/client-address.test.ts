import { describe, expect, it } from 'vitest';
import { addressBudgetKey, clientAddress, clientBudgetKey, trustProxyHopsSchema } from './client-address.js';

describe('clientAddress', () => {
  it('is the peer address when no proxy is trusted, whatever the header says', () => {
    expect(clientAddress('::ffff:10.0.0.9', '1.2.3.4', 0)).toBe('10.0.0.9');
  });

  it('takes the entry the trusted proxy appended, not a spoofed one further left', () => {
    // The client sent "X-Forwarded-For: 6.6.6.6"; the one proxy appended the real 203.0.113.5.
    expect(clientAddress('127.0.0.1', '6.6.6.6, 203.0.113.5', 1)).toBe('203.0.113.5');
    expect(clientAddress('127.0.0.1', ['6.6.6.6', '203.0.113.5, 10.0.0.2'], 2)).toBe('203.0.113.5');
  });

  it('falls back to the leftmost entry when there are fewer entries than hops, and to the peer without one', () => {
    expect(clientAddress('127.0.0.1', '203.0.113.5', 2)).toBe('203.0.113.5');
    expect(clientAddress('127.0.0.1', undefined, 1)).toBe('127.0.0.1');
  });
});

describe('trustProxyHopsSchema', () => {
  it('reads counts, true and false, including the strings a config file or env gives', () => {
    expect(trustProxyHopsSchema.parse('false')).toBe(0);
    expect(trustProxyHopsSchema.parse(false)).toBe(0);
    expect(trustProxyHopsSchema.parse('true')).toBe(1);
    expect(trustProxyHopsSchema.parse('2')).toBe(2);
    expect(trustProxyHopsSchema.safeParse('maybe').success).toBe(false);
  });
});

describe('addressBudgetKey', () => {
  it('counts every address of one IPv6 /64 as one caller, whatever its spelling', () => {
    const key = '2001:db8:1:2::/64';
    for (const address of [
      '2001:db8:1:2::1',
      '2001:0DB8:0001:0002:ffff:ffff:ffff:ffff',
      '[2001:db8:1:2::7]:443',
      '2001:db8:1:2::1%eth0',
      '2001:db8:1:2:0:0:1.2.3.4',
    ]) {
      expect(addressBudgetKey(address)).toBe(key);
    }
    expect(addressBudgetKey('2001:db8:1:3::1')).toBe('2001:db8:1:3::/64');
    expect(addressBudgetKey('::1')).toBe('0:0:0:0::/64');
  });

  it('keeps IPv4 as it is, IPv4 written as IPv6 included, and leaves what is no address alone', () => {
    expect(addressBudgetKey('203.0.113.5')).toBe('203.0.113.5');
    expect(addressBudgetKey('203.0.113.5:8080')).toBe('203.0.113.5');
    expect(addressBudgetKey('::ffff:cb00:7105')).toBe('203.0.113.5');
    expect(addressBudgetKey('0:0:0:0:0:ffff:203.0.113.5')).toBe('203.0.113.5');
    expect(addressBudgetKey('unknown')).toBe('unknown');
    expect(addressBudgetKey('1::2::3')).toBe('1::2::3');
  });

  it('is what clientBudgetKey gives for the address the trusted hops saw', () => {
    expect(clientBudgetKey('127.0.0.1', '6.6.6.6, 2001:db8:9:9::abcd', 1)).toBe('2001:db8:9:9::/64');
    expect(clientBudgetKey('::ffff:10.0.0.9', undefined, 0)).toBe('10.0.0.9');
  });
});
