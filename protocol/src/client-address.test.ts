import { describe, expect, it } from 'vitest';
import { clientAddress, trustProxyHopsSchema } from './client-address.js';

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
