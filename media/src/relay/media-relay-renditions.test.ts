import { describe, expect, it } from 'vitest';
import { frame, setUp } from '../testing/relay-guests.js';
import { DEFAULT_RELAY_OPTIONS, type MediaRelay } from './media-relay.js';

describe('two renditions of the relay picture', () => {
  /** The host at 10 fps: a 100 kB full frame each tick, and a 25 kB small one while a guest wants it. */
  function hostTick(relay: MediaRelay, clock: { advance: (ms: number) => number }, n: number, room: string[]) {
    clock.advance(100);
    const offered = { full: relay.publishFrame('r1', frame(n, 100_000), room, 'full'), small: 0 };
    if (relay.demand('r1').small > 0) offered.small = relay.publishFrame('r1', frame(100 + n, 25_000), room, 'small');
    return offered;
  }
  const isSmall = (n: number) => n > 100;

  function slowGuestOnSmall() {
    const { guests, relay, clock } = setUp(['slow'], DEFAULT_RELAY_OPTIONS, ['fast', 'slow']);
    const told: string[] = [];
    relay.onDemandChange = (roomId) => told.push(roomId);
    const room = ['fast', 'slow'];
    // The slow guest takes about a second per full frame (a 1 Mbit/s link): one ack every 10 ticks.
    for (let n = 1; n <= 30; n += 1) {
      hostTick(relay, clock, n, room);
      if (n % 10 === 0) guests.ack('slow');
    }
    return { guests, relay, clock, told, room };
  }

  it('moves a guest whose full frames come slowly to the small ones and tells the room, the fast guest staying on full', () => {
    const { guests, relay, clock, told, room } = slowGuestOnSmall();
    expect(told).toEqual(['r1']);
    expect(relay.demand('r1')).toEqual({ guests: 2, small: 1 });
    expect(relay.room('r1')!.renditionOf('slow')).toBe('small');
    expect(relay.smallGuests()).toBe(1);

    // The host had sent no small frame yet: the slow guest is offered this tick's full frame too.
    expect(hostTick(relay, clock, 31, room)).toEqual({ full: 2, small: 1 });
    guests.ack('slow');
    for (let n = 32; n <= 40; n += 1) {
      expect(hostTick(relay, clock, n, room)).toEqual({ full: 1, small: 1 });
      guests.ack('slow'); // small frames keep up
    }
    expect(guests.frames.get('fast')).toEqual(Array.from({ length: 40 }, (_, i) => i + 1));
    // After the full frame already waiting in its lane, the slow guest gets small frames only.
    const slow = guests.frames.get('slow')!;
    const firstSmall = slow.findIndex(isSmall);
    expect(slow.slice(0, firstSmall).every((n) => !isSmall(n))).toBe(true);
    // Each small frame replaced the full one waiting beside it (newest wins).
    expect(slow.slice(firstSmall)).toEqual(Array.from({ length: 10 }, (_, i) => 131 + i));

    // The guest leaves: the room's demand says so (the caller announces it).
    expect(relay.removeGuest('r1', 'slow')).toEqual({ demand: { guests: 1, small: 0 }, changed: true });
    expect(relay.smallGuests()).toBe(0);
  });

  it('offers a small guest full frames while the host sends no small ones, so its picture never stops', () => {
    const { guests, relay, clock, room } = slowGuestOnSmall();
    hostTick(relay, clock, 31, room);
    guests.ack('slow');
    expect(guests.frames.get('slow')!.at(-1)).toBe(131);
    // An older host: full frames only from now on.
    for (let n = 32; n <= 46; n += 1) {
      clock.advance(100);
      relay.publishFrame('r1', frame(n), room, 'full');
    }
    guests.ack('slow');
    expect(guests.frames.get('slow')!.at(-1)).toBe(131);
    // Over 1.5 s without a small frame: the next full one goes to the small guest too.
    clock.advance(100);
    expect(relay.publishFrame('r1', frame(47), room, 'full')).toBe(2);
    expect(guests.frames.get('slow')!.at(-1)).toBe(47);
  });

  it('gives each frame of either rendition the same checks, under one rate limit', () => {
    const { relay } = setUp([], DEFAULT_RELAY_OPTIONS, ['g']);
    expect(() => relay.publishFrame('r1', new Uint8Array([1, 2, 3]), ['g'], 'small')).toThrowError(
      expect.objectContaining({ code: 'relay/not-jpeg' }),
    );
    for (let n = 0; n < DEFAULT_RELAY_OPTIONS.maxFramesPerSecond / 2; n += 1) {
      relay.publishFrame('r1', frame(n), ['g'], 'full');
      relay.publishFrame('r1', frame(n), ['g'], 'small');
    }
    expect(() => relay.publishFrame('r1', frame(99), ['g'], 'small')).toThrowError(
      expect.objectContaining({ code: 'room/rate-limited' }),
    );
  });
});
