/** The frame relay's test guests and set-up, shared by its test files. */
import { MediaRelay, DEFAULT_RELAY_OPTIONS } from '../relay/media-relay.js';
import type { AudioChunk, RelayTransport } from '../relay/room-relay.js';

/** A JPEG-looking frame whose 4th byte (and size) tell which frame it is. */
export const frame = (n: number, size = 16) => {
  const bytes = new Uint8Array(size);
  bytes.set([0xff, 0xd8, 0xff, n % 256]);
  return bytes;
};
const frameNumber = (bytes: Uint8Array) => bytes[3]!;
export const chunk = (n: number, size = 100): AudioChunk => ({
  data: new Uint8Array(size).fill(n % 256),
  timestamp: n * 20_000,
});

/**
 * Guests as the relay sees them. A fast guest acks every delivery at once; a throttled guest holds
 * its acks until the test releases them, like a guest on a slow link.
 */
export class Guests implements RelayTransport {
  frames = new Map<string, number[]>();
  audio = new Map<string, number[][]>();
  private held = new Map<string, (() => void)[]>();
  gone = new Set<string>();
  /** Guests whose connection is still writing out what it was given. */
  backlogged = new Set<string>();

  constructor(private readonly throttled: Set<string>) {}

  sendFrame(guestId: string, bytes: Uint8Array, done: () => void): void {
    this.deliver(`${guestId}/video`, done, () => this.list(this.frames, guestId).push(frameNumber(bytes)));
  }

  sendAudio(guestId: string, chunks: AudioChunk[], done: () => void): void {
    this.deliver(`${guestId}/audio`, done, () => this.list(this.audio, guestId).push(chunks.map((c) => c.data[0]!)));
  }

  isBacklogged(guestId: string): boolean {
    return this.backlogged.has(guestId);
  }

  /** Unacked deliveries of a guest's lane. */
  inFlight(guestId: string, lane: 'video' | 'audio' = 'video'): number {
    return this.held.get(`${guestId}/${lane}`)?.length ?? 0;
  }

  /** The throttled guest finishes its oldest delivery of that lane. */
  ack(guestId: string, lane: 'video' | 'audio' = 'video'): void {
    const done = this.held.get(`${guestId}/${lane}`)?.shift();
    if (!done) throw new Error(`${guestId} has no ${lane} in flight`);
    done();
  }

  private deliver(laneKey: string, done: () => void, record: () => void) {
    const guestId = laneKey.split('/')[0]!;
    if (this.gone.has(guestId)) throw new Error('socket gone');
    record();
    if (this.throttled.has(guestId)) this.list(this.held, laneKey).push(done);
    else done();
  }

  private list<T>(map: Map<string, T[]>, key: string): T[] {
    let list = map.get(key);
    if (!list) map.set(key, (list = []));
    return list;
  }
}

/** The guests these tests name; all of them are on the relay tier unless a test says otherwise. */
const RELAY_GUESTS = ['fast', 'slow', 'dead', 'slowlink', 'leaver', 'stays', 'vanished', 'g'];

export function setUp(throttled: string[] = [], options = DEFAULT_RELAY_OPTIONS, subscribers = RELAY_GUESTS) {
  const guests = new Guests(new Set(throttled));
  let now = 0;
  const clock = { advance: (ms: number) => (now += ms) };
  const relay = new MediaRelay(guests, options, undefined, () => now);
  for (const guestId of subscribers) relay.subscribe('r1', guestId, true);
  return { guests, relay, clock };
}
