import { EventEmitter } from 'node:events';
import type { IncomingMessage } from 'node:http';
import type { Duplex } from 'node:stream';
import { describe, expect, it } from 'vitest';
import { PeerGuard, type PeerLimits } from './peer-guard.js';

const limits: PeerLimits = {
  maxMessageBytes: 1024,
  maxConnectionsPerAddress: 2,
  requests: { burst: 3, perMinute: 60 },
  messages: { burst: 5, perMinute: 60 },
  bytes: { burst: 4096, perMinute: 60_000 },
};

const request = (address: string, query = 'key=peerjs&id=abc&token=t0k', forwardedFor?: string) =>
  ({
    url: `/peerjs/peerjs?${query}`,
    socket: { remoteAddress: address },
    headers: forwardedFor ? { 'x-forwarded-for': forwardedFor } : {},
  }) as unknown as IncomingMessage;

/** Stands for the upgrade's raw socket: only its 'close' matters to the guard. */
const rawSocket = () => new EventEmitter() as unknown as Duplex;

describe('the PeerJS guard', () => {
  it('caps open sockets per address and frees a place when one closes', () => {
    const guard = new PeerGuard({ ...limits, requests: { burst: 100, perMinute: 60 } }, 0);
    const [a, b] = [rawSocket(), rawSocket()];
    expect(guard.checkUpgrade(request('10.0.0.1'), a)).toBeNull();
    expect(guard.checkUpgrade(request('::ffff:10.0.0.1'), b)).toBeNull(); // the same caller
    expect(guard.checkUpgrade(request('10.0.0.1'), rawSocket())).toMatchObject({ status: 429, code: 'rate/limited' });
    expect(guard.checkUpgrade(request('10.0.0.2'), rawSocket())).toBeNull();
    a.emit('close');
    expect(guard.checkUpgrade(request('10.0.0.1'), rawSocket())).toBeNull();
  });

  it('refuses a bad query with 400 before counting the socket', () => {
    const guard = new PeerGuard({ ...limits, requests: { burst: 100, perMinute: 60 } }, 0);
    expect(guard.checkUpgrade(request('10.0.0.1', 'key=peerjs&id=a/b&token=t'), rawSocket())).toMatchObject({
      status: 400,
      code: 'validation/invalid-query',
    });
    expect(guard.checkUpgrade(request('10.0.0.1'), rawSocket())).toBeNull();
    expect(guard.checkUpgrade(request('10.0.0.1'), rawSocket())).toBeNull();
  });

  it('counts requests per address, with the time until the next one as Retry-After', () => {
    let now = 0;
    const guard = new PeerGuard(limits, 1, () => now);
    for (let i = 0; i < 3; i += 1)
      expect(guard.checkRequest(request('10.0.0.9', '', `1.1.1.${i}, 203.0.113.7`))).toBeNull();
    expect(guard.checkRequest(request('10.0.0.9', '', '203.0.113.7'))).toMatchObject({ status: 429, retryAfterS: 1 });
    expect(guard.checkRequest(request('10.0.0.9', '', '203.0.113.8'))).toBeNull(); // another client behind the proxy
    now += 1000;
    expect(guard.checkRequest(request('10.0.0.9', '', '203.0.113.7'))).toBeNull();
  });
});
