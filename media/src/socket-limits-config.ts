import { z } from 'zod';
import { DEFAULT_SOCKETS_PER_PERSON } from './rooms/live-room.js';

/** A positive whole number with a default; from the environment as text. */
const count = (fallback: number, max = 1_000_000) => z.coerce.number().int().min(1).max(max).default(fallback);

/**
 * Flood limits of the Socket.IO server (docs/security.md). Sized so that the test suites and the
 * benchmarks, which run everything from 127.0.0.1, never reach them: the relay benchmark opens 101
 * sockets from one address per scenario and about 400 in its run; the integration files join at
 * most a few dozen times per user.
 *
 * Event buckets are per socket; a person (a uid, or a guest's id) gets `socketsPerPersonPerRoom`
 * times the same numbers across all their sockets, so opening more sockets buys nothing.
 */
export const socketLimitsShape = {
  /** Open Socket.IO connections from one client address (a studio behind one NAT shares it). */
  socketMaxPerAddress: count(128),
  /** New connections from one address: burst, then a sustained rate a minute. */
  socketConnectBurst: count(200),
  socketConnectPerMinute: count(600),
  /** Sockets one person may have in one room: two tabs and a phone. */
  socketsPerPersonPerRoom: count(DEFAULT_SOCKETS_PER_PERSON, 100),
  /**
   * The largest message a socket that is not a room's host may send, in bytes. The real client's
   * largest is sfu:consume with the browser's RTP capabilities (about 2.6 KB in Chromium); a chat
   * of 1000 characters is at most about 6 KB. Hosts get room for a relay frame instead.
   */
  socketMaxMessageBytes: z.coerce
    .number()
    .int()
    .min(16 * 1024)
    .max(1024 * 1024)
    .default(64 * 1024),
  /** Every event (a host's relay media and cursor are bounded by their own per-second limits). */
  socketEventsBurst: count(120),
  socketEventsPerMinute: count(1800),
  /** join-room and leave-room together: each may build or close a mediasoup router. */
  socketJoinsBurst: count(10),
  socketJoinsPerMinute: count(30),
  /** join-room and leave-room from one address, whoever sends them (anonymous guests included). */
  socketAddressJoinsBurst: count(300),
  socketAddressJoinsPerMinute: count(600),
  /** sfu:create-transport: a WebRTC transport on the worker each. */
  socketTransportsBurst: count(10),
  socketTransportsPerMinute: count(60),
  /** sfu:consume: a consumer on the worker each. */
  socketConsumesBurst: count(20),
  socketConsumesPerMinute: count(120),
};

export type SocketLimits = { [K in keyof typeof socketLimitsShape]: z.output<(typeof socketLimitsShape)[K]> };

/** The defaults, for callers that configure nothing (attachRealtime without limits). */
export const DEFAULT_SOCKET_LIMITS: SocketLimits = z.object(socketLimitsShape).parse({});
