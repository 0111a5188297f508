import type { Logger } from 'pino';
import type { RealtimeSocket } from './types.js';

/**
 * How large one incoming message may be, per connection (issue 14 item 9).
 *
 * The server is built with the small limit (`maxHttpBufferSize`), so every connection starts small,
 * anonymous or not, before it has said anything. A socket admitted to a room as its host is raised
 * to the relay tier's frame size, and lowered again when it leaves.
 *
 * engine.io reads the limit per transport instance, which makes this possible:
 * - websocket: the `ws` receiver compares each frame header's length against its `_maxPayload`
 *   before it reads the body, so a message over the limit is refused before it is buffered, and
 *   the connection is closed with 1009 at once. engine.io builds every receiver from the server's
 *   `maxPayload` (= maxHttpBufferSize); the host's receiver is raised in place.
 * - polling: the transport's `maxHttpBufferSize` is checked on every body chunk; an oversize POST
 *   gets 413 as soon as it passes the limit.
 *
 * Raising (not lowering) per connection is the robust direction: `_maxPayload` is a private field
 * of `ws`, and if a future `ws` renames it, the raise fails, is logged, and only the host's large
 * relay frames stop working (visibly, in the tests); nobody silently gets a large limit.
 */
export class MessageLimits {
  private readonly wanted = new WeakMap<object, number>();
  private warned = false;

  constructor(
    /** Every connection's limit until it is a room's host (SOCKET_MAX_MESSAGE_BYTES). */
    readonly small: number,
    /** A host's limit: one relay-tier screen frame and its envelope. */
    readonly host: number,
    private readonly logger: Logger,
  ) {}

  asHost(socket: RealtimeSocket): void {
    this.set(socket, this.host);
  }

  asMember(socket: RealtimeSocket): void {
    if (this.wanted.has(socket.conn)) this.set(socket, this.small);
  }

  private set(socket: RealtimeSocket, bytes: number): void {
    const connection = socket.conn;
    const first = !this.wanted.has(connection);
    this.wanted.set(connection, bytes);
    this.apply(connection.transport, bytes);
    // A polling connection that upgrades gets a fresh websocket transport built with the small limit.
    if (first) connection.on('upgrade', (transport) => this.apply(transport, this.wanted.get(connection) ?? bytes));
  }

  private apply(transport: unknown, bytes: number): void {
    if (setTransportLimit(transport, bytes) || this.warned) return;
    this.warned = true;
    this.logger.error(
      { bytes },
      'cannot change a connection message limit (engine.io or ws internals changed): hosts keep the small limit, so relay frames will fail',
    );
  }
}

interface WsReceiver {
  _maxPayload?: unknown;
  _extensions?: Record<string, { _maxPayload?: unknown } | undefined>;
}

/** Sets one engine.io transport's limit; false when its internals are not what this code knows. */
export function setTransportLimit(transport: unknown, bytes: number): boolean {
  const named = transport as { name?: string; maxHttpBufferSize?: unknown; socket?: { _receiver?: WsReceiver } };
  if (named.name === 'polling' || named.name === 'polling-jsonp') {
    if (typeof named.maxHttpBufferSize !== 'number') return false;
    named.maxHttpBufferSize = bytes;
    return true;
  }
  if (named.name === 'websocket') {
    const receiver = named.socket?._receiver;
    if (!receiver || typeof receiver._maxPayload !== 'number') return false;
    receiver._maxPayload = bytes;
    // With permessage-deflate on, the inflater checks the inflated size against its own copy.
    const deflate = receiver._extensions?.['permessage-deflate'];
    if (deflate && typeof deflate._maxPayload === 'number') deflate._maxPayload = bytes;
    return true;
  }
  return false;
}
