import { afterEach, describe, expect, it, vi } from 'vitest';
import { RefusalError } from '@riffroom/protocol';
import { chunk, frame, setUp } from '../testing/relay-guests.js';
import { DEFAULT_RELAY_OPTIONS } from './media-relay.js';

afterEach(() => {
  vi.useRealTimers();
});

describe('the frame relay', () => {
  it('gives a throttled guest the newest frame and never a backlog, while a fast guest gets every frame', () => {
    const { guests, relay, clock } = setUp(['slow']);
    const room = ['fast', 'slow'];
    for (let n = 1; n <= 100; n += 1) {
      clock.advance(100); // 10 fps
      expect(relay.publishFrame('r1', frame(n), room)).toBe(2);
      expect(guests.inFlight('slow')).toBeLessThanOrEqual(1);
      // The slow guest manages one frame in ten.
      if (n % 10 === 5) guests.ack('slow');
    }
    expect(guests.frames.get('fast')).toEqual(Array.from({ length: 100 }, (_, i) => i + 1));
    // Frame 1 went out at once; each ack then brought the newest frame of that moment: 5, 15, ...
    expect(guests.frames.get('slow')).toEqual([1, 5, 15, 25, 35, 45, 55, 65, 75, 85, 95]);
    const slow = relay.room('r1')!.stats('slow')!.video;
    expect(slow).toMatchObject({ acked: 10, timedOut: 0 });
    // Frames 96..100 were folded into one waiting slot; everything older was replaced, not queued.
    expect(slow.dropped).toBe(100 - 11 - 1);
    guests.ack('slow');
    expect(guests.frames.get('slow')!.at(-1)).toBe(100);
    expect(relay.room('r1')!.stats('fast')!.video).toEqual({ acked: 100, dropped: 0, timedOut: 0, failed: 0 });
  });

  it('keeps running totals across rooms and guests long gone, and counts the lanes behind (metrics)', () => {
    const { guests, relay, clock } = setUp(['slow']);
    const room = ['fast', 'slow'];
    expect(relay.lanesBehind()).toEqual({ video: 0, audio: 0 });
    for (let n = 1; n <= 3; n += 1) {
      clock.advance(100);
      relay.publishFrame('r1', frame(n), room);
    }
    // The slow guest has frame 1 unacked and frame 3 waiting (frame 2 replaced): one lane behind.
    expect(relay.lanesBehind()).toEqual({ video: 1, audio: 0 });
    expect(relay.totals.video).toEqual({ acked: 3, dropped: 1, timedOut: 0, failed: 0 });
    guests.ack('slow');
    expect(relay.lanesBehind()).toEqual({ video: 0, audio: 0 });
    relay.closeRoom('r1');
    // The room is gone; what it delivered still counts.
    expect(relay.totals.video).toEqual({ acked: 4, dropped: 1, timedOut: 0, failed: 0 });
    expect(relay.isSubscriber('r1', 'fast')).toBe(false);
  });

  it('gives up on an ack after the timeout, so a dead guest gets fresh frames slowly and blocks nothing', () => {
    vi.useFakeTimers();
    const { guests, relay } = setUp(['dead']);
    relay.publishFrame('r1', frame(1), ['dead']);
    relay.publishFrame('r1', frame(2), ['dead']);
    relay.publishFrame('r1', frame(3), ['dead']);
    expect(guests.frames.get('dead')).toEqual([1]);
    vi.advanceTimersByTime(DEFAULT_RELAY_OPTIONS.ackTimeoutMs - 1);
    expect(guests.frames.get('dead')).toEqual([1]);
    vi.advanceTimersByTime(1);
    expect(guests.frames.get('dead')).toEqual([1, 3]);
    // The first delivery's ack arrives late: it must not release a second frame while 3 is in flight.
    guests.ack('dead');
    relay.publishFrame('r1', frame(4), ['dead']);
    expect(guests.frames.get('dead')).toEqual([1, 3]);
    guests.ack('dead');
    expect(guests.frames.get('dead')).toEqual([1, 3, 4]);
    expect(relay.room('r1')!.stats('dead')!.video).toMatchObject({ timedOut: 1, acked: 1, dropped: 1 });
  });

  it('keeps waiting past the timeout while the connection is still writing, so nothing queues behind it', () => {
    vi.useFakeTimers();
    const { guests, relay } = setUp(['slowlink']);
    guests.backlogged.add('slowlink');
    relay.publishFrame('r1', frame(1), ['slowlink']);
    relay.publishFrame('r1', frame(2), ['slowlink']);
    vi.advanceTimersByTime(3 * DEFAULT_RELAY_OPTIONS.ackTimeoutMs);
    relay.publishFrame('r1', frame(3), ['slowlink']);
    expect(guests.frames.get('slowlink')).toEqual([1]);
    // The bytes left; still no ack: at the next check the lane gives up and sends the newest frame.
    guests.backlogged.delete('slowlink');
    vi.advanceTimersByTime(DEFAULT_RELAY_OPTIONS.ackTimeoutMs);
    expect(guests.frames.get('slowlink')).toEqual([1, 3]);
  });

  it('keeps audio flowing beside a stalled video lane, batching chunks in order up to a bound', () => {
    const options = { ...DEFAULT_RELAY_OPTIONS, audioBatchMaxChunks: 4 };
    const { guests, relay, clock } = setUp(['slow'], options);
    const room = ['fast', 'slow'];
    relay.publishFrame('r1', frame(1), room); // The slow guest never acks this frame.
    for (let n = 1; n <= 10; n += 1) {
      clock.advance(20);
      relay.publishAudio('r1', chunk(n), room);
      expect(guests.inFlight('slow', 'audio')).toBe(1);
      if (n === 3 || n === 5) guests.ack('slow', 'audio');
    }
    expect(guests.audio.get('fast')).toEqual([[1], [2], [3], [4], [5], [6], [7], [8], [9], [10]]);
    // 1 went out alone; 2-3 waited together; 4-5 likewise; 6..10 exceeded the bound of 4, so 6 went.
    expect(guests.audio.get('slow')).toEqual([[1], [2, 3], [4, 5]]);
    guests.ack('slow', 'audio');
    expect(guests.audio.get('slow')!.at(-1)).toEqual([7, 8, 9, 10]);
    expect(relay.room('r1')!.stats('slow')!.audio.dropped).toBe(1);
    expect(guests.frames.get('slow')).toEqual([1]);
  });

  it('bounds waiting audio by bytes too', () => {
    const options = { ...DEFAULT_RELAY_OPTIONS, audioBatchMaxChunks: 100, audioBatchMaxBytes: 1000 };
    const { guests, relay } = setUp(['slow'], options);
    for (let n = 1; n <= 8; n += 1) relay.publishAudio('r1', chunk(n, 300), ['slow']);
    guests.ack('slow', 'audio');
    expect(guests.audio.get('slow')).toEqual([[1], [6, 7, 8]]);
  });

  it('stops serving a guest that left and keeps serving the others when one socket is gone', () => {
    const { guests, relay } = setUp(['leaver']);
    relay.publishFrame('r1', frame(1), ['leaver', 'stays', 'vanished']);
    relay.publishFrame('r1', frame(2), ['leaver', 'stays', 'vanished']); // waits for leaver's ack
    guests.gone.add('vanished');
    relay.publishFrame('r1', frame(3), ['stays', 'vanished']); // leaver left the room
    guests.ack('leaver');
    expect(guests.frames.get('leaver')).toEqual([1]);
    expect(guests.frames.get('stays')).toEqual([1, 2, 3]);
    expect(relay.room('r1')!.stats('leaver')).toBeNull();
    expect(relay.room('r1')!.stats('vanished')!.video).toMatchObject({ acked: 2, failed: 1 });
  });

  it('relays only to subscribed guests that are present, and counts the demand', () => {
    const { guests, relay } = setUp([], DEFAULT_RELAY_OPTIONS, []);
    expect(relay.publishFrame('r1', frame(1), ['sfu-viewer', 'relay-viewer'])).toBe(0);
    expect(relay.subscribe('r1', 'relay-viewer', true)).toEqual({ demand: { guests: 1, small: 0 }, changed: true });
    expect(relay.subscribe('r1', 'relay-viewer', true)).toEqual({ demand: { guests: 1, small: 0 }, changed: false });
    expect(relay.subscribe('r1', 'gone-viewer', true)).toEqual({ demand: { guests: 2, small: 0 }, changed: true });
    expect(relay.publishFrame('r1', frame(2), ['sfu-viewer', 'relay-viewer'])).toBe(1);
    expect(guests.frames.get('relay-viewer')).toEqual([2]);
    expect(guests.frames.get('sfu-viewer')).toBeUndefined();
    expect(guests.frames.get('gone-viewer')).toBeUndefined();

    expect(relay.removeGuest('r1', 'gone-viewer')).toEqual({ demand: { guests: 1, small: 0 }, changed: true });
    expect(relay.subscribe('r1', 'relay-viewer', false)).toEqual({ demand: { guests: 0, small: 0 }, changed: true });
    expect(relay.publishFrame('r1', frame(3), ['sfu-viewer', 'relay-viewer'])).toBe(0);
    expect(guests.frames.get('relay-viewer')).toEqual([2]);
    expect(relay.demand('r1')).toEqual({ guests: 0, small: 0 });
  });

  it('refuses oversize, non-JPEG and too frequent frames, relaying nothing', () => {
    const { guests, relay, clock } = setUp();
    const cap = DEFAULT_RELAY_OPTIONS.maxFrameBytes;
    expect(() => relay.publishFrame('r1', frame(1, cap + 1), ['g'])).toThrowError(
      expect.objectContaining({ code: 'relay/frame-too-large' }),
    );
    expect(() => relay.publishFrame('r1', new Uint8Array([0x89, 0x50, 0x4e, 0x47]), ['g'])).toThrowError(
      expect.objectContaining({ code: 'relay/not-jpeg' }),
    );
    expect(() => relay.publishAudio('r1', chunk(1, DEFAULT_RELAY_OPTIONS.maxAudioChunkBytes + 1), ['g'])).toThrowError(
      expect.objectContaining({ code: 'relay/chunk-too-large' }),
    );
    expect(guests.frames.get('g')).toBeUndefined();
    expect(relay.publishFrame('r1', frame(1, cap), ['g'])).toBe(1);

    clock.advance(1000);
    for (let n = 0; n < DEFAULT_RELAY_OPTIONS.maxFramesPerSecond; n += 1) relay.publishFrame('r1', frame(n), ['g']);
    let refusal: unknown;
    try {
      relay.publishFrame('r1', frame(99), ['g']);
    } catch (error) {
      refusal = error;
    }
    expect(refusal).toBeInstanceOf(RefusalError);
    expect(refusal).toMatchObject({ code: 'room/rate-limited' });
    expect(guests.frames.get('g')).toHaveLength(1 + DEFAULT_RELAY_OPTIONS.maxFramesPerSecond);
  });

  it('when the host stops sharing, a frame or audio still waiting never reaches the guest; the relay keeps serving', () => {
    const { guests, relay, clock } = setUp(['g']);
    relay.publishFrame('r1', frame(1), ['g']);
    clock.advance(100);
    relay.publishFrame('r1', frame(2), ['g']);
    relay.publishAudio('r1', chunk(1), ['g']);
    relay.publishAudio('r1', chunk(2), ['g']);
    relay.dropQueued('r1');
    relay.dropQueued('unknown-room'); // Nothing to drop: no error.
    // The ack of the delivery in flight sends nothing more.
    guests.ack('g');
    guests.ack('g', 'audio');
    expect(guests.frames.get('g')).toEqual([1]);
    expect(guests.audio.get('g')).toEqual([[1]]);
    expect(relay.room('r1')!.stats('g')!.video.dropped).toBe(1);
    // Sharing again: the next frame goes out as usual.
    clock.advance(100);
    relay.publishFrame('r1', frame(3), ['g']);
    expect(guests.frames.get('g')).toEqual([1, 3]);
  });

  it('closing a room drops what waits and ignores late acks; close is idempotent', () => {
    vi.useFakeTimers();
    const { guests, relay } = setUp(['g']);
    relay.publishFrame('r1', frame(1), ['g']);
    relay.publishFrame('r1', frame(2), ['g']);
    relay.closeRoom('r1');
    relay.closeRoom('r1');
    expect(vi.getTimerCount()).toBe(0); // No ack timer outlives the room.
    guests.ack('g');
    expect(guests.frames.get('g')).toEqual([1]);
    expect(relay.room('r1')).toBeNull();
  });
  it("counts an edge node's guests in the room's demand and hands each checked item to the cascade once", () => {
    const { guests, relay } = setUp([], DEFAULT_RELAY_OPTIONS, ['g']);
    const published: string[] = [];
    relay.cascade = {
      isEdge: () => false,
      reportDemand: () => {},
      published: (roomId, item) => published.push(`${roomId}:${item.kind}`),
    };
    expect(relay.demand('r1')).toEqual({ guests: 1, small: 0 });
    expect(relay.setRemoteDemand('r1', 'edge-b', { guests: 3, small: 0 })).toBe(true);
    expect(relay.setRemoteDemand('r1', 'edge-b', { guests: 3, small: 0 })).toBe(false);
    // One of the edge's guests moved to the small rendition: the host must hear it.
    expect(relay.setRemoteDemand('r1', 'edge-b', { guests: 3, small: 1 })).toBe(true);
    expect(relay.demand('r1')).toEqual({ guests: 4, small: 1 });
    expect(relay.localDemand('r1')).toEqual({ guests: 1, small: 0 });
    relay.publishFrame('r1', frame(1), ['g']);
    expect(() => relay.publishFrame('r1', new Uint8Array([1, 2, 3]), ['g'])).toThrow();
    relay.publishAudio('r1', chunk(1), ['g']);
    // Refused items never cross to the edges.
    expect(published).toEqual(['r1:frame', 'r1:audio']);
    expect(guests.frames.get('g')).toEqual([1]);
    // The edge link closed: its guests no longer count.
    expect(relay.setRemoteDemand('r1', 'edge-b', { guests: 0, small: 0 })).toBe(true);
    expect(relay.demand('r1')).toEqual({ guests: 1, small: 0 });
  });

  it("on an edge, the origin's items reach this node's subscribed guests without passing the host's checks again", () => {
    const { guests, relay } = setUp([], { ...DEFAULT_RELAY_OPTIONS, maxFramesPerSecond: 1 }, ['g']);
    relay.forwardFrame('r1', { frame: frame(1), rendition: 'full' }, ['g', 'not-subscribed']);
    relay.forwardFrame('r1', { frame: frame(2), rendition: 'full' }, ['g']);
    relay.forwardAudio('r1', chunk(1), ['g']);
    expect(guests.frames.get('g')).toEqual([1, 2]);
    expect(guests.frames.get('not-subscribed')).toBeUndefined();
    expect(guests.audio.get('g')).toEqual([[1]]);
  });
});
