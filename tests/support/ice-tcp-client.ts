/**
 * The smallest ICE-TCP client that makes a mediasoup WebRtcTransport "connected": one TCP
 * connection to the WebRtcServer's TCP port (RFC 6544, passive candidate), one STUN Binding
 * request framed as RFC 4571 says (a 2-byte length before each packet), carrying what an ICE-lite
 * server checks (RFC 8445): USERNAME, PRIORITY, ICE-CONTROLLING, USE-CANDIDATE, MESSAGE-INTEGRITY
 * with the server's ICE password, FINGERPRINT. A browser does the same before DTLS; this lets a
 * test open and drop hundreds of ICE-TCP connections in seconds, without a browser.
 */
import { createHmac, randomBytes } from 'node:crypto';
import net from 'node:net';
import { crc32 } from 'node:zlib';

const MAGIC_COOKIE = 0x2112a442;
const BINDING_REQUEST = 0x0001;
const BINDING_SUCCESS = 0x0101;

export interface IceTcpTarget {
  host: string;
  port: number;
  /** The server's ICE parameters (a WebRtcTransport's iceParameters). */
  usernameFragment: string;
  password: string;
}

function attribute(type: number, value: Buffer): Buffer {
  const padded = Buffer.alloc(4 + Math.ceil(value.length / 4) * 4);
  padded.writeUInt16BE(type, 0);
  padded.writeUInt16BE(value.length, 2);
  value.copy(padded, 4);
  return padded;
}

/** A Binding request with USE-CANDIDATE, signed with the server's password. */
export function bindingRequest(serverUfrag: string, serverPassword: string, transactionId = randomBytes(12)): Buffer {
  const priority = Buffer.alloc(4);
  priority.writeUInt32BE(0x6e0001ff);
  const attributes = Buffer.concat([
    attribute(0x0006, Buffer.from(`${serverUfrag}:${randomBytes(4).toString('hex')}`)), // USERNAME
    attribute(0x0024, priority), // PRIORITY
    attribute(0x802a, randomBytes(8)), // ICE-CONTROLLING (tie-breaker)
    attribute(0x0025, Buffer.alloc(0)), // USE-CANDIDATE
  ]);
  const header = (bodyLength: number) => {
    const h = Buffer.alloc(20);
    h.writeUInt16BE(BINDING_REQUEST, 0);
    h.writeUInt16BE(bodyLength, 2);
    h.writeUInt32BE(MAGIC_COOKIE, 4);
    transactionId.copy(h, 8);
    return h;
  };
  // MESSAGE-INTEGRITY covers the message up to itself, with the length counting it (24 bytes).
  const signed = Buffer.concat([header(attributes.length + 24), attributes]);
  const integrity = attribute(0x0008, createHmac('sha1', serverPassword).update(signed).digest());
  // FINGERPRINT covers everything before it, with the length counting it (8 bytes).
  const beforeFingerprint = Buffer.concat([header(attributes.length + 24 + 8), attributes, integrity]);
  const fingerprint = Buffer.alloc(4);
  fingerprint.writeUInt32BE((crc32(beforeFingerprint) ^ 0x5354554e) >>> 0);
  return Buffer.concat([beforeFingerprint, attribute(0x8028, fingerprint)]);
}

/**
 * Connects over TCP, sends the Binding request and resolves with the open socket once the server
 * answers Binding success (the transport's ICE is then connected). Rejects on an error answer,
 * a closed connection or after `timeoutMs`.
 */
export function connectIceTcp(target: IceTcpTarget, timeoutMs = 5000): Promise<net.Socket> {
  return new Promise((resolve, reject) => {
    const socket = net.connect({ host: target.host, port: target.port });
    let received = Buffer.alloc(0);
    const fail = (error: Error) => {
      clearTimeout(timer);
      socket.destroy();
      reject(error);
    };
    const timer = setTimeout(() => fail(new Error('no STUN answer over ICE-TCP in time')), timeoutMs);
    socket.once('error', fail);
    socket.once('close', () => fail(new Error('the server closed the ICE-TCP connection')));
    socket.once('connect', () => {
      const request = bindingRequest(target.usernameFragment, target.password);
      const frame = Buffer.alloc(2);
      frame.writeUInt16BE(request.length);
      socket.write(Buffer.concat([frame, request]));
    });
    socket.on('data', (chunk: Buffer) => {
      received = Buffer.concat([received, chunk]);
      if (received.length < 2 || received.length < 2 + received.readUInt16BE(0)) return;
      const type = received.readUInt16BE(2);
      if (type !== BINDING_SUCCESS) return fail(new Error(`STUN answer 0x${type.toString(16)}, not Binding success`));
      clearTimeout(timer);
      socket.removeAllListeners();
      socket.on('error', () => undefined);
      resolve(socket);
    });
  });
}

/** Closes the connection and resolves once the socket is fully closed. */
export function closeIceTcp(socket: net.Socket): Promise<void> {
  return new Promise((resolve) => {
    if (socket.destroyed) return resolve();
    socket.once('close', () => resolve());
    socket.destroy();
  });
}
