import { TokenBuckets, type BucketRule } from '@riffroom/protocol';
import type { SocketLimits } from '../socket-limits-config.js';
import type { RealtimeSocket } from './types.js';

type Kind = 'events' | 'joins' | 'transports' | 'consumes';

/** Events that cost the worker something, each with its own tighter bucket (besides the generic one). */
const EXPENSIVE: Readonly<Record<string, Kind>> = {
  // Each may build or close a mediasoup router.
  'join-room': 'joins',
  'leave-room': 'joins',
  'sfu:create-transport': 'transports',
  'sfu:consume': 'consumes',
  'talkback:create-transport': 'transports',
  'talkback:consume': 'consumes',
};

/**
 * A host's relay frames, program audio and cursor: bounded per second by their own limits
 * (MediaRelay, LiveRoom) and far more frequent than control events (audio chunks up to 200 a
 * second), so the generic bucket skips them when the sender is a room's host.
 */
const HOST_STREAMS: ReadonlySet<string> = new Set(['screen-frame', 'audio-chunk', 'cursor-move']);

interface Scoped {
  socket: TokenBuckets;
  /** A person is a uid, or a guest's id (one per socket; the per-address caps bound guests). */
  person: TokenBuckets;
  address?: TokenBuckets;
}

/**
 * Token buckets on socket events, per socket and per person (issue 14 item 7): one generic bucket
 * for every event, and tighter ones on the expensive events. A person's bucket holds
 * `socketsPerPersonPerRoom` times a socket's, so opening more sockets buys nothing.
 */
export class EventLimits {
  private readonly kinds: Record<Kind, Scoped>;

  constructor(limits: SocketLimits) {
    const scoped = (rule: BucketRule, address?: BucketRule): Scoped => ({
      socket: new TokenBuckets(rule),
      person: new TokenBuckets({
        burst: rule.burst * limits.socketsPerPersonPerRoom,
        perMinute: rule.perMinute * limits.socketsPerPersonPerRoom,
      }),
      ...(address ? { address: new TokenBuckets(address) } : {}),
    });
    this.kinds = {
      events: scoped({ burst: limits.socketEventsBurst, perMinute: limits.socketEventsPerMinute }),
      joins: scoped(
        { burst: limits.socketJoinsBurst, perMinute: limits.socketJoinsPerMinute },
        { burst: limits.socketAddressJoinsBurst, perMinute: limits.socketAddressJoinsPerMinute },
      ),
      transports: scoped({ burst: limits.socketTransportsBurst, perMinute: limits.socketTransportsPerMinute }),
      consumes: scoped({ burst: limits.socketConsumesBurst, perMinute: limits.socketConsumesPerMinute }),
    };
  }

  /** Takes the event's tokens; when one bucket refuses, the ones already taken are given back. */
  take(event: string, socket: RealtimeSocket, isHost: boolean): { ok: boolean; retryAfterMs: number } {
    const kinds: Kind[] = [];
    if (!(isHost && HOST_STREAMS.has(event))) kinds.push('events');
    const expensive = EXPENSIVE[event];
    if (expensive) kinds.push(expensive);
    const taken: [TokenBuckets, string][] = [];
    for (const kind of kinds) {
      const { socket: perSocket, person, address } = this.kinds[kind];
      const keys: [TokenBuckets, string][] = [
        [perSocket, socket.id],
        [person, socket.data.uid ?? socket.data.guestId],
      ];
      if (address) keys.push([address, socket.data.address]);
      for (const [buckets, key] of keys) {
        const result = buckets.take(key);
        if (!result.ok) {
          for (const [given, givenKey] of taken) given.refund(givenKey);
          return result;
        }
        taken.push([buckets, key]);
      }
    }
    return { ok: true, retryAfterMs: 0 };
  }

  /** A closed socket's own buckets go (its person's and address's stay). */
  forget(socketId: string): void {
    for (const { socket } of Object.values(this.kinds)) socket.reset(socketId);
  }
}

/**
 * Applies the limits to every event the socket sends, before any handler runs: a refused event is
 * dropped and, when it asked for an ack, answered `{ok:false, code:'rate/limited', message}`.
 */
export function limitSocketEvents(
  socket: RealtimeSocket,
  limits: EventLimits,
  isHost: () => boolean,
  onRefused: () => void = () => {},
): void {
  socket.use((packet, next) => {
    const event = String(packet[0]);
    const result = limits.take(event, socket, HOST_STREAMS.has(event) && isHost());
    if (result.ok) return next();
    onRefused();
    const ack = packet.at(-1);
    if (typeof ack === 'function') {
      const seconds = Math.max(1, Math.ceil(result.retryAfterMs / 1000));
      ack({ ok: false, code: 'rate/limited', message: `Too many requests; try again in ${seconds} s.` });
    }
  });
  socket.on('disconnect', () => limits.forget(socket.id));
}
