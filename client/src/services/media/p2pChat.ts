import { PEER_DATA_BUFFER_LIMIT_BYTES, PEER_DATA_CHUNK_BYTES } from '@riffroom/protocol';

/**
 * Messages over a peer-to-peer data connection (spec part 9): serialised as JSON, encoded UTF-8 and
 * split into frames of at most PEER_DATA_CHUNK_BYTES, each frame an 8-byte header (message serial
 * u32, chunk index u16, chunk count u16) and a slice of the bytes. Reassembly joins the bytes before
 * decoding, so a character split across two chunks comes out whole.
 */
export const FRAME_HEADER_BYTES = 8;
export const FRAME_PAYLOAD_BYTES = PEER_DATA_CHUNK_BYTES - FRAME_HEADER_BYTES;
/** The most chunks one message may have (u16), so at most ~1 GB; reassembly caps far lower. */
const MAX_CHUNKS = 0xffff;
/** A peer may not make us hold more than this in half-assembled messages. */
const MAX_PENDING_BYTES = 4 * 1024 * 1024;

const encoder = new TextEncoder();
const decoder = new TextDecoder();

export function encodeFrames(value: unknown, serial: number): Uint8Array[] {
  const bytes = encoder.encode(JSON.stringify(value));
  const total = Math.max(1, Math.ceil(bytes.byteLength / FRAME_PAYLOAD_BYTES));
  if (total > MAX_CHUNKS) throw new RangeError('Message too big for the data connection');
  const frames: Uint8Array[] = [];
  for (let index = 0; index < total; index += 1) {
    const slice = bytes.subarray(index * FRAME_PAYLOAD_BYTES, (index + 1) * FRAME_PAYLOAD_BYTES);
    const frame = new Uint8Array(FRAME_HEADER_BYTES + slice.byteLength);
    const view = new DataView(frame.buffer);
    view.setUint32(0, serial >>> 0);
    view.setUint16(4, index);
    view.setUint16(6, total);
    frame.set(slice, FRAME_HEADER_BYTES);
    frames.push(frame);
  }
  return frames;
}

/** The part of an RTCDataChannel sending needs. */
export interface FrameChannel {
  readonly bufferedAmount: number;
  send(frame: Uint8Array<ArrayBuffer>): void;
}

/**
 * Sends every frame of one message, or none: when the channel's buffer would grow past
 * PEER_DATA_BUFFER_LIMIT_BYTES nothing is queued and the caller uses the socket instead.
 */
export function sendFrames(channel: FrameChannel, frames: Uint8Array[]): boolean {
  const size = frames.reduce((sum, frame) => sum + frame.byteLength, 0);
  if (channel.bufferedAmount + size > PEER_DATA_BUFFER_LIMIT_BYTES) return false;
  for (const frame of frames) channel.send(frame as Uint8Array<ArrayBuffer>);
  return true;
}

/**
 * Joins frames back into messages. Frames of one message arrive in order on a reliable channel, but
 * messages may interleave; anything malformed or beyond MAX_PENDING_BYTES is dropped.
 */
export class Reassembler {
  private readonly pending = new Map<number, { chunks: Uint8Array[]; received: number; bytes: number }>();
  private pendingBytes = 0;

  /** The decoded message once its last frame is in, else undefined. */
  push(data: ArrayBuffer | ArrayBufferView): unknown {
    const frame = toBytes(data);
    if (!frame || frame.byteLength < FRAME_HEADER_BYTES || frame.byteLength > PEER_DATA_CHUNK_BYTES) return undefined;
    const view = new DataView(frame.buffer, frame.byteOffset, frame.byteLength);
    const serial = view.getUint32(0);
    const index = view.getUint16(4);
    const total = view.getUint16(6);
    if (total === 0 || index >= total) return undefined;
    const payload = frame.slice(FRAME_HEADER_BYTES);
    if (total === 1) return decode([payload]);
    let entry = this.pending.get(serial);
    if (!entry) this.pending.set(serial, (entry = { chunks: new Array<Uint8Array>(total), received: 0, bytes: 0 }));
    if (entry.chunks.length !== total || entry.chunks[index]) return undefined;
    if (this.pendingBytes + payload.byteLength > MAX_PENDING_BYTES) {
      this.drop(serial);
      return undefined;
    }
    entry.chunks[index] = payload;
    entry.received += 1;
    entry.bytes += payload.byteLength;
    this.pendingBytes += payload.byteLength;
    if (entry.received < total) return undefined;
    this.drop(serial);
    return decode(entry.chunks);
  }

  private drop(serial: number): void {
    const entry = this.pending.get(serial);
    if (!entry) return;
    this.pendingBytes -= entry.bytes;
    this.pending.delete(serial);
  }
}

function toBytes(data: unknown): Uint8Array | null {
  if (data instanceof ArrayBuffer) return new Uint8Array(data);
  if (ArrayBuffer.isView(data)) return new Uint8Array(data.buffer, data.byteOffset, data.byteLength);
  return null;
}

function decode(chunks: Uint8Array[]): unknown {
  const size = chunks.reduce((sum, chunk) => sum + chunk.byteLength, 0);
  const bytes = new Uint8Array(size);
  let offset = 0;
  for (const chunk of chunks) {
    bytes.set(chunk, offset);
    offset += chunk.byteLength;
  }
  try {
    return JSON.parse(decoder.decode(bytes)) as unknown;
  } catch {
    return undefined;
  }
}
