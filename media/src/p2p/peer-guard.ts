import type { IncomingMessage } from 'node:http';
import type { Duplex } from 'node:stream';
import { WebSocket, type RawData } from 'ws';
import {
  clientBudgetKey,
  describeZodError,
  peerJsClientMessageSchema,
  peerJsQuerySchema,
  PEER_HEARTBEAT_MS,
  TokenBuckets,
  type BucketRule,
} from '@riffroom/protocol';

/** The PeerJS server's flood limits (docs/security.md; media/src/config.ts reads them from the environment). */
export interface PeerLimits {
  /**
   * The largest signalling message; `ws` closes the socket (1009) on a bigger one. A socket that
   * leaves UNREAD_MESSAGES of these unread is dropped.
   */
  maxMessageBytes: number;
  /** Open signalling sockets per client address. */
  maxConnectionsPerAddress: number;
  /** Per client address: GET /peerjs/peerjs/id and socket opens together. */
  requests: BucketRule;
  /** Per socket: messages, and the bytes they carry (what the server relays or holds for an offline peer). */
  messages: BucketRule;
  bytes: BucketRule;
}

export type Refusal = {
  status: 400 | 429;
  code: 'validation/invalid-query' | 'rate/limited';
  message: string;
  retryAfterS?: number;
};

/** WebSocket close codes: 1008 policy violation (over its rate, or not a PeerJS message). */
const POLICY_VIOLATION = 1008;
/** Largest messages a client may leave unread (a browser reads its few KB of signalling at once). */
export const UNREAD_MESSAGES = 16;

/**
 * The socket class the PeerJS WebSocketServer makes: a message the guard refuses is never emitted,
 * so the `peer` package, which listens for 'message', never sees it.
 */
export class GuardedWebSocket extends WebSocket {
  admit: ((data: RawData, isBinary: boolean) => boolean) | null = null;
  /**
   * What the server may hold for this socket unread (it relays other peers' messages to it): a
   * client that stops reading is dropped instead of growing the server's memory.
   */
  maxUnreadBytes = Number.POSITIVE_INFINITY;

  override emit(event: string | symbol, ...args: unknown[]): boolean {
    if (event === 'message' && this.admit && !this.admit(args[0] as RawData, args[1] as boolean)) return false;
    return super.emit(event, ...args);
  }

  override send(data: SendData, options?: SendOptions | SendCallback, callback?: SendCallback): void {
    if (this.bufferedAmount > this.maxUnreadBytes) {
      this.terminate();
      return;
    }
    if (typeof options === 'function') super.send(data, options);
    else super.send(data, options ?? {}, callback);
  }
}

type SendData = Parameters<WebSocket['send']>[0];
type SendOptions = Exclude<Parameters<WebSocket['send']>[1], undefined>;
type SendCallback = (error?: Error) => void;

/**
 * Everything the PeerJS server lets in passes here first: the id endpoint and socket opens are
 * counted per client address (behind `trustProxyHops` proxies, X-Forwarded-For's), the socket's
 * query is validated before the `peer` package reads it, the open sockets of one address are capped,
 * and every message is checked against its socket's rates and the shape of a PeerJS message.
 */
export class PeerGuard {
  private readonly requests: TokenBuckets;
  private readonly messages: TokenBuckets;
  private readonly bytes: TokenBuckets;
  private readonly open = new Map<string, number>();
  private serial = 0;

  constructor(
    private readonly limits: PeerLimits,
    private readonly trustProxyHops: number,
    now: () => number = Date.now,
  ) {
    this.requests = new TokenBuckets(limits.requests, now);
    this.messages = new TokenBuckets(limits.messages, now);
    this.bytes = new TokenBuckets(limits.bytes, now);
  }

  addressOf(req: IncomingMessage): string {
    return clientBudgetKey(req.socket.remoteAddress, req.headers['x-forwarded-for'], this.trustProxyHops);
  }

  /** An HTTP request (the id endpoint): null when it may go on. */
  checkRequest(req: IncomingMessage): Refusal | null {
    return this.takeRequest(this.addressOf(req));
  }

  /**
   * A socket open: null when it may go on, and then the socket counts against its address until
   * `socket` closes (whether or not the handshake completes).
   */
  checkUpgrade(req: IncomingMessage, socket: Duplex): Refusal | null {
    const address = this.addressOf(req);
    const limited = this.takeRequest(address);
    if (limited) return limited;
    // The same reading as the `peer` package's: the last value of each name.
    const { searchParams } = new URL(req.url ?? '', 'http://peerjs');
    const query = peerJsQuerySchema.safeParse(Object.fromEntries(searchParams.entries()));
    if (!query.success) {
      return { status: 400, code: 'validation/invalid-query', message: describeZodError(query.error) };
    }
    const open = this.open.get(address) ?? 0;
    if (open >= this.limits.maxConnectionsPerAddress) {
      // A place frees when one of the address's sockets closes, which nobody can foretell: a client
      // is told to wait one heartbeat, the time in which a dead socket starts to be noticed.
      return {
        status: 429,
        code: 'rate/limited',
        message: 'Too many PeerJS connections from this address.',
        retryAfterS: Math.ceil(PEER_HEARTBEAT_MS / 1000),
      };
    }
    this.open.set(address, open + 1);
    socket.once('close', () => {
      const left = (this.open.get(address) ?? 1) - 1;
      if (left > 0) this.open.set(address, left);
      else this.open.delete(address);
    });
    return null;
  }

  /** Checks each message of an accepted socket; one over its rates, or not a PeerJS message, closes it. */
  watch(ws: GuardedWebSocket): void {
    const key = String((this.serial += 1));
    ws.maxUnreadBytes = UNREAD_MESSAGES * this.limits.maxMessageBytes;
    ws.once('close', () => {
      this.messages.reset(key);
      this.bytes.reset(key);
    });
    // A protocol error (a message over maxMessageBytes among them): ws has sent its close frame and
    // would read on until the client stops sending; drop the connection instead of reading the rest.
    ws.once('error', () => ws.terminate());
    ws.admit = (data, isBinary) => {
      if (ws.readyState !== WebSocket.OPEN) return false; // closing: read nothing more
      const size = byteLength(data);
      if (!this.messages.take(key).ok || !this.bytes.take(key, size).ok) {
        ws.close(POLICY_VIOLATION, 'rate limited');
        return false;
      }
      if (isBinary || !isPeerJsMessage(data)) {
        ws.close(POLICY_VIOLATION, 'not a PeerJS message');
        return false;
      }
      return true;
    };
  }

  private takeRequest(address: string): Refusal | null {
    const taken = this.requests.take(address);
    if (taken.ok) return null;
    return {
      status: 429,
      code: 'rate/limited',
      message: 'Too many PeerJS requests from this address. Please try again later.',
      retryAfterS: Math.max(1, Math.ceil(taken.retryAfterMs / 1000)),
    };
  }
}

function byteLength(data: RawData): number {
  if (Array.isArray(data)) return data.reduce((sum, chunk) => sum + chunk.byteLength, 0);
  return data.byteLength;
}

function isPeerJsMessage(data: RawData): boolean {
  try {
    const bytes = Buffer.isBuffer(data) ? data : Array.isArray(data) ? Buffer.concat(data) : Buffer.from(data);
    const text = bytes.toString();
    return peerJsClientMessageSchema.safeParse(JSON.parse(text)).success;
  } catch {
    return false;
  }
}
