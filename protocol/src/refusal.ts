import type { SocketErrorCode } from './errors.js';

/** A refused socket request as it travels: the `{ok:false, code, message}` ack. */
export interface RefusalAck<C extends string = string> {
  ok: false;
  code: C;
  message: string;
}

/**
 * The one coded refusal of the rooms contract. The media node throws it wherever a request is
 * refused (membership, SFU, relay, peer-to-peer) and its socket layer answers `toAck()`; the client
 * turns a refused ack back into one with `fromAck()`, so both ends read the same `code`. The client
 * also uses it for refusals of its own making (timeouts, a failed transport), whose codes are not on
 * the wire: hence `C` is any string unless narrowed.
 */
export class RefusalError<C extends string = string> extends Error {
  constructor(
    readonly code: C,
    message: string,
  ) {
    super(message);
    this.name = 'RefusalError';
  }

  toAck(): RefusalAck<C> {
    return { ok: false, code: this.code, message: this.message };
  }

  static fromAck<C extends string>(ack: RefusalAck<C>): RefusalError<C> {
    return new RefusalError(ack.code, ack.message);
  }
}

/** What the media node may refuse a socket request with: the codes of SOCKET_ERROR_CODES only. */
export type SocketRefusal = RefusalError<SocketErrorCode>;

/** A refusal of the media node, its code checked against SOCKET_ERROR_CODES at compile time. */
export const refuse = (code: SocketErrorCode, message: string): SocketRefusal => new RefusalError(code, message);
