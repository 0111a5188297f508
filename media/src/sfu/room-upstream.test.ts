import { EventEmitter } from 'node:events';
import type { types } from 'mediasoup';
import { describe, expect, it } from 'vitest';
import { RoomUpstream } from './room-upstream.js';

/** What RoomUpstream uses of a piped-in mediasoup producer. */
function producer(id: string) {
  const observer = new EventEmitter();
  const made = {
    id,
    observer,
    closed: false,
    close() {
      if (made.closed) return;
      made.closed = true;
      observer.emit('close');
    },
  };
  return made as typeof made & types.Producer;
}

describe("an edge room's upstream", () => {
  it('lets a consume wait for a producer the origin announced before the pipe had it', async () => {
    const upstream = new RoomUpstream();
    let settled = false;
    const waiting = upstream.whenProducer('p1', 5000).then(() => (settled = true));
    await Promise.resolve();
    expect(settled).toBe(false);
    upstream.add(producer('p1'));
    await waiting;
    expect(upstream.get('p1')?.id).toBe('p1');
  });

  it('gives up waiting after the bound, and at once when the room is served here', async () => {
    const upstream = new RoomUpstream();
    const started = Date.now();
    await upstream.whenProducer('never', 50);
    expect(Date.now() - started).toBeGreaterThanOrEqual(45);
    upstream.markServedHere();
    await upstream.whenProducer('never', 60_000);
    await upstream.whenListed(60_000);
  });

  it('forgets a producer that closes, and a reset closes them all and returns their ids', () => {
    const upstream = new RoomUpstream();
    const [a, b] = [producer('a'), producer('b')];
    upstream.add(a);
    upstream.add(b);
    a.close();
    expect(upstream.list().map((p) => p.id)).toEqual(['b']);
    expect(upstream.reset()).toEqual(['b']);
    expect(b.closed).toBe(true);
    expect(upstream.list()).toEqual([]);
  });

  it('closing runs the close handlers once and closes what comes later', () => {
    const upstream = new RoomUpstream();
    let closes = 0;
    upstream.onClose(() => (closes += 1));
    upstream.close();
    upstream.close();
    expect(closes).toBe(1);
    const late = producer('late');
    upstream.add(late);
    expect(late.closed).toBe(true);
    expect(upstream.list()).toEqual([]);
  });
});
