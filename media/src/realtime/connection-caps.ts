import type { IncomingMessage } from 'node:http';
import { clientBudgetKey, TokenBuckets } from '@riffroom/protocol';
import type { SocketLimits } from '../socket-limits-config.js';

/** A handshake that never became a connection (refused by ws, client gone) gives its place back after this. */
const HANDSHAKE_GRACE_MS = 10_000;

interface EngineConnection {
  request: IncomingMessage;
  once(event: 'close', listener: () => void): unknown;
}

interface EngineServer {
  on(event: 'connection', listener: (connection: EngineConnection) => void): unknown;
}

type Limits = Pick<SocketLimits, 'socketMaxPerAddress' | 'socketConnectBurst' | 'socketConnectPerMinute'>;

/**
 * Per client address: at most `socketMaxPerAddress` open Socket.IO connections, and new ones at the
 * rate of a token bucket (issue 14 item 7). Runs as engine.io's `allowRequest`, before any
 * handshake work, so a refused connection costs a parsed request line and nothing more.
 *
 * A place is taken when the handshake is allowed (so concurrent handshakes cannot all slip under the
 * cap) and given back when the connection closes, or after a grace period when the handshake never
 * became a connection.
 */
export class ConnectionCaps {
  private readonly open = new Map<string, number>();
  private readonly connects: TokenBuckets;
  private readonly pending = new WeakMap<IncomingMessage, { address: string; timer: NodeJS.Timeout }>();

  constructor(
    private readonly limits: Limits,
    private readonly trustProxyHops: number,
  ) {
    this.connects = new TokenBuckets({ burst: limits.socketConnectBurst, perMinute: limits.socketConnectPerMinute });
  }

  addressOf(request: IncomingMessage): string {
    return clientBudgetKey(request.socket?.remoteAddress, request.headers['x-forwarded-for'], this.trustProxyHops);
  }

  /** Open connections from one address (for tests and stats). */
  openFrom(address: string): number {
    return this.open.get(address) ?? 0;
  }

  /** engine.io's `allowRequest`: the message of a refusal starts with the socket error code. */
  readonly allowRequest = (
    request: IncomingMessage,
    callback: (error: string | null | undefined, success: boolean) => void,
  ): void => {
    const address = this.addressOf(request);
    // Every attempt costs a token, refused ones too: a client hammering the cap stays throttled.
    const rate = this.connects.take(address);
    if (!rate.ok) {
      const seconds = Math.max(1, Math.ceil(rate.retryAfterMs / 1000));
      return callback(`rate/limited: too many new connections from your address; try again in ${seconds} s`, false);
    }
    if (this.openFrom(address) >= this.limits.socketMaxPerAddress) {
      return callback('rate/limited: too many open connections from your address', false);
    }
    this.adjust(address, 1);
    const timer = setTimeout(() => {
      this.pending.delete(request);
      this.adjust(address, -1);
    }, HANDSHAKE_GRACE_MS);
    timer.unref();
    this.pending.set(request, { address, timer });
    callback(null, true);
  };

  /** Ties each allowed handshake's place to the connection it became. */
  track(engine: EngineServer): void {
    engine.on('connection', (connection) => {
      const reserved = this.pending.get(connection.request);
      if (!reserved) return;
      this.pending.delete(connection.request);
      clearTimeout(reserved.timer);
      connection.once('close', () => this.adjust(reserved.address, -1));
    });
  }

  private adjust(address: string, delta: number): void {
    const count = this.openFrom(address) + delta;
    if (count > 0) this.open.set(address, count);
    else this.open.delete(address);
  }
}
