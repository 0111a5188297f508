/**
 * The smallest TURN client that proves a credential works: one Allocate with the long-term
 * credential mechanism (RFC 8656 §6; STUN framing RFC 8489), over UDP, TCP or TLS, then a Refresh
 * with lifetime 0 that gives the allocation back. It answers what an operator needs to know:
 * reached or not, credential taken or refused, and the relayed address.
 */
import { createHash, createHmac, randomBytes } from 'node:crypto';
import dgram from 'node:dgram';
import net from 'node:net';
import tls from 'node:tls';

const MAGIC_COOKIE = 0x2112a442;
const ALLOCATE = 0x0003;
const REFRESH = 0x0004;
const SUCCESS = 0x0100;
const ERROR = 0x0110;
const ATTR = {
  USERNAME: 0x0006,
  MESSAGE_INTEGRITY: 0x0008,
  ERROR_CODE: 0x0009,
  LIFETIME: 0x000d,
  REALM: 0x0014,
  NONCE: 0x0015,
  XOR_RELAYED_ADDRESS: 0x0016,
  REQUESTED_TRANSPORT: 0x0019,
} as const;
const UDP_PROTOCOL = 17;

export interface TurnTarget {
  host: string;
  port: number;
  transport: 'udp' | 'tcp' | 'tls';
  /** TLS: the name the certificate must carry; defaults to host. */
  servername?: string;
  /** TLS: extra trusted roots (tests' self-signed certificates). */
  ca?: string | Buffer;
}

export type AllocateOutcome =
  | { ok: true; relayedAddress: string }
  | { ok: false; reason: 'unreachable' | 'refused-credential' | 'error'; detail: string };

/** `turn:host:port?transport=tcp` / `turns:host` as the ICE URL syntax writes them (RFC 7065). */
export function parseTurnUrl(url: string): TurnTarget {
  const match = /^(turns?):(\[[^\]]+\]|[^:?]+)(?::(\d+))?(?:\?transport=(udp|tcp))?$/i.exec(url.trim());
  if (!match) throw new Error(`not a TURN URL: ${url}`);
  const secure = match[1]!.toLowerCase() === 'turns';
  const host = match[2]!.replace(/^\[|\]$/g, '');
  const port = match[3] ? Number(match[3]) : secure ? 5349 : 3478;
  const transport = secure ? 'tls' : match[4]?.toLowerCase() === 'tcp' ? 'tcp' : 'udp';
  return { host, port, transport };
}

interface Attribute {
  type: number;
  value: Buffer;
}

function encode(type: number, transactionId: Buffer, attributes: Attribute[], integrityKey?: Buffer): Buffer {
  const body = Buffer.concat(attributes.map(encodeAttribute));
  const header = Buffer.alloc(20);
  header.writeUInt16BE(type, 0);
  header.writeUInt32BE(MAGIC_COOKIE, 4);
  transactionId.copy(header, 8);
  if (!integrityKey) {
    header.writeUInt16BE(body.length, 2);
    return Buffer.concat([header, body]);
  }
  // MESSAGE-INTEGRITY covers the message with its length already counting the attribute itself.
  header.writeUInt16BE(body.length + 24, 2);
  const hmac = createHmac('sha1', integrityKey)
    .update(Buffer.concat([header, body]))
    .digest();
  return Buffer.concat([header, body, encodeAttribute({ type: ATTR.MESSAGE_INTEGRITY, value: hmac })]);
}

function encodeAttribute({ type, value }: Attribute): Buffer {
  const out = Buffer.alloc(4 + Math.ceil(value.length / 4) * 4);
  out.writeUInt16BE(type, 0);
  out.writeUInt16BE(value.length, 2);
  value.copy(out, 4);
  return out;
}

interface Message {
  type: number;
  transactionId: Buffer;
  attributes: Map<number, Buffer>;
}

function decode(data: Buffer): Message | null {
  if (data.length < 20 || data.readUInt32BE(4) !== MAGIC_COOKIE) return null;
  const length = data.readUInt16BE(2);
  const attributes = new Map<number, Buffer>();
  for (let offset = 20; offset + 4 <= 20 + length && offset + 4 <= data.length;) {
    const type = data.readUInt16BE(offset);
    const size = data.readUInt16BE(offset + 2);
    if (!attributes.has(type)) attributes.set(type, data.subarray(offset + 4, offset + 4 + size));
    offset += 4 + Math.ceil(size / 4) * 4;
  }
  return { type: data.readUInt16BE(0), transactionId: data.subarray(8, 20), attributes };
}

function errorOf(message: Message): { code: number; reason: string } | null {
  const value = message.attributes.get(ATTR.ERROR_CODE);
  if (!value || value.length < 4) return null;
  return { code: (value[2]! & 0x7) * 100 + value[3]!, reason: value.subarray(4).toString('utf8') };
}

function xorAddress(value: Buffer): string {
  const family = value[1];
  const port = value.readUInt16BE(2) ^ (MAGIC_COOKIE >>> 16);
  if (family === 0x01) {
    const ip = (value.readUInt32BE(4) ^ MAGIC_COOKIE) >>> 0;
    return `${ip >>> 24}.${(ip >>> 16) & 255}.${(ip >>> 8) & 255}.${ip & 255}:${port}`;
  }
  return `[ipv6]:${port}`;
}

/** One request/answer exchange at a time over the chosen transport. */
interface Channel {
  exchange(request: Buffer, transactionId: Buffer): Promise<Message>;
  close(): void;
}

async function openChannel(target: TurnTarget, timeoutMs: number): Promise<Channel> {
  if (target.transport === 'udp') return udpChannel(target, timeoutMs);
  const socket = await new Promise<net.Socket>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`no answer within ${timeoutMs} ms`)), timeoutMs);
    const done = (error?: Error) => {
      clearTimeout(timer);
      if (error) reject(error);
      else resolve(opened);
    };
    const opened =
      target.transport === 'tls'
        ? tls.connect(
            {
              host: target.host,
              port: target.port,
              servername: target.servername ?? (net.isIP(target.host) ? undefined : target.host),
              ca: target.ca,
            },
            () => done(),
          )
        : net.connect({ host: target.host, port: target.port }, () => done());
    opened.once('error', done);
  });
  return streamChannel(socket, timeoutMs);
}

function udpChannel(target: TurnTarget, timeoutMs: number): Channel {
  const socket = dgram.createSocket(net.isIPv6(target.host) ? 'udp6' : 'udp4');
  return {
    exchange(request, transactionId) {
      return new Promise((resolve, reject) => {
        // UDP may lose the request: send it again a few times, as STUN's retransmission does.
        const resend = setInterval(() => socket.send(request, target.port, target.host), 500);
        const timer = setTimeout(() => finish(new Error(`no answer within ${timeoutMs} ms`)), timeoutMs);
        const onMessage = (data: Buffer) => {
          const message = decode(data);
          if (message?.transactionId.equals(transactionId)) finish(null, message);
        };
        const onError = (error: Error) => finish(error);
        function finish(error: Error | null, message?: Message) {
          clearInterval(resend);
          clearTimeout(timer);
          socket.off('message', onMessage);
          socket.off('error', onError);
          if (error) reject(error);
          else resolve(message!);
        }
        socket.on('message', onMessage);
        socket.on('error', onError);
        socket.send(request, target.port, target.host);
      });
    },
    close: () => socket.close(),
  };
}

function streamChannel(socket: net.Socket, timeoutMs: number): Channel {
  let buffered = Buffer.alloc(0);
  let waiter: ((message: Message | Error) => void) | null = null;
  socket.on('data', (chunk: Buffer) => {
    buffered = Buffer.concat([buffered, chunk]);
    // Over a stream, STUN messages follow each other; each says its own length.
    while (buffered.length >= 20 && buffered.length >= 20 + buffered.readUInt16BE(2)) {
      const size = 20 + buffered.readUInt16BE(2);
      const message = decode(buffered.subarray(0, size));
      buffered = buffered.subarray(size);
      if (message && waiter) waiter(message);
    }
  });
  socket.on('error', (error) => waiter?.(error));
  socket.on('close', () => waiter?.(new Error('the TURN server closed the connection')));
  return {
    exchange(request, transactionId) {
      return new Promise((resolve, reject) => {
        const timer = setTimeout(() => settle(new Error(`no answer within ${timeoutMs} ms`)), timeoutMs);
        function settle(outcome: Message | Error) {
          if (!(outcome instanceof Error) && !outcome.transactionId.equals(transactionId)) return;
          clearTimeout(timer);
          waiter = null;
          if (outcome instanceof Error) reject(outcome);
          else resolve(outcome);
        }
        waiter = settle;
        socket.write(request);
      });
    },
    close: () => socket.destroy(),
  };
}

/**
 * Allocates a UDP relay with `username`/`password` and frees it again. A 401 after the credential
 * was sent means the server does not accept it (wrong secret, or expired).
 */
export async function tryAllocate(
  target: TurnTarget,
  username: string,
  password: string,
  timeoutMs = 5000,
): Promise<AllocateOutcome> {
  let channel: Channel;
  try {
    channel = await openChannel(target, timeoutMs);
  } catch (error) {
    return { ok: false, reason: 'unreachable', detail: (error as Error).message };
  }
  try {
    const transport = { type: ATTR.REQUESTED_TRANSPORT, value: Buffer.from([UDP_PROTOCOL, 0, 0, 0]) };
    let id = randomBytes(12);
    let answer: Message;
    try {
      answer = await channel.exchange(encode(ALLOCATE, id, [transport]), id);
    } catch (error) {
      return { ok: false, reason: 'unreachable', detail: (error as Error).message };
    }
    const challenge = errorOf(answer);
    const realm = answer.attributes.get(ATTR.REALM);
    const nonce = answer.attributes.get(ATTR.NONCE);
    if (answer.type !== (ALLOCATE | ERROR) || challenge?.code !== 401 || !realm || !nonce) {
      return { ok: false, reason: 'error', detail: `unexpected first answer ${challenge?.code ?? answer.type}` };
    }
    const key = createHash('md5')
      .update(`${username}:${realm.toString('utf8')}:${password}`)
      .digest();
    const credentials = [
      { type: ATTR.USERNAME, value: Buffer.from(username, 'utf8') },
      { type: ATTR.REALM, value: realm },
      { type: ATTR.NONCE, value: nonce },
    ];
    id = randomBytes(12);
    answer = await channel.exchange(encode(ALLOCATE, id, [transport, ...credentials], key), id);
    const refusal = errorOf(answer);
    if (answer.type !== (ALLOCATE | SUCCESS)) {
      const detail = refusal ? `${refusal.code} ${refusal.reason}`.trim() : `answer ${answer.type}`;
      return { ok: false, reason: refusal?.code === 401 ? 'refused-credential' : 'error', detail };
    }
    const relayed = answer.attributes.get(ATTR.XOR_RELAYED_ADDRESS);
    const relayedAddress = relayed ? xorAddress(relayed) : 'unknown';
    // Give the relay back at once: the check should not hold a port for the allocation's lifetime.
    id = randomBytes(12);
    const lifetimeZero = { type: ATTR.LIFETIME, value: Buffer.alloc(4) };
    await channel.exchange(encode(REFRESH, id, [lifetimeZero, ...credentials], key), id).catch(() => {});
    return { ok: true, relayedAddress };
  } catch (error) {
    return { ok: false, reason: 'error', detail: (error as Error).message };
  } finally {
    channel.close();
  }
}
