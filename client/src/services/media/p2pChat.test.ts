import { PEER_DATA_BUFFER_LIMIT_BYTES, PEER_DATA_CHUNK_BYTES } from '@riffroom/protocol';
import { describe, expect, it } from 'vitest';
import { encodeFrames, FRAME_PAYLOAD_BYTES, Reassembler, sendFrames } from './p2pChat';

class FakeChannel {
  readonly sent: Uint8Array[] = [];
  constructor(public bufferedAmount = 0) {}
  send(frame: Uint8Array) {
    this.sent.push(frame);
  }
}

describe('peer-to-peer data framing (spec part 9: 16300-byte chunks, 8 MB buffer)', () => {
  it('sends a small message as one frame and reads it back', () => {
    const frames = encodeFrames({ type: 'chat', text: 'hi' }, 1);
    expect(frames).toHaveLength(1);
    expect(new Reassembler().push(frames[0]!.buffer as ArrayBuffer)).toEqual({ type: 'chat', text: 'hi' });
  });

  it('splits a long message into frames of at most 16300 bytes and joins them in order', () => {
    const text = 'x'.repeat(3 * PEER_DATA_CHUNK_BYTES);
    const frames = encodeFrames({ text }, 7);
    expect(frames.length).toBe(4);
    for (const frame of frames) expect(frame.byteLength).toBeLessThanOrEqual(PEER_DATA_CHUNK_BYTES);
    expect(frames[0]!.byteLength).toBe(PEER_DATA_CHUNK_BYTES);
    const reassembler = new Reassembler();
    const results = frames.map((frame) => reassembler.push(frame));
    expect(results.slice(0, -1)).toEqual([undefined, undefined, undefined]);
    expect(results.at(-1)).toEqual({ text });
  });

  it('keeps a multi-byte character that straddles a chunk boundary whole', () => {
    // '{"t":"' is 6 bytes: pad so the 4-byte emoji starts 2 bytes before the first boundary.
    const text = 'a'.repeat(FRAME_PAYLOAD_BYTES - 6 - 2) + '🎸é漢' + 'b'.repeat(100);
    const frames = encodeFrames({ t: text }, 2);
    expect(frames).toHaveLength(2);
    const reassembler = new Reassembler();
    reassembler.push(frames[0]!);
    expect(reassembler.push(frames[1]!)).toEqual({ t: text });
  });

  it('reassembles interleaved messages and ignores malformed frames', () => {
    const a = encodeFrames({ m: 'a'.repeat(20_000) }, 1);
    const b = encodeFrames({ m: 'b'.repeat(20_000) }, 2);
    const reassembler = new Reassembler();
    expect(reassembler.push(new Uint8Array([1, 2, 3]))).toBeUndefined();
    expect(reassembler.push(a[0]!)).toBeUndefined();
    expect(reassembler.push(b[0]!)).toBeUndefined();
    expect(reassembler.push(b[1]!)).toEqual({ m: 'b'.repeat(20_000) });
    expect(reassembler.push(a[1]!)).toEqual({ m: 'a'.repeat(20_000) });
  });

  it('queues the frames when the buffer has room', () => {
    const channel = new FakeChannel(PEER_DATA_BUFFER_LIMIT_BYTES - 100_000);
    expect(sendFrames(channel, encodeFrames({ m: 'x'.repeat(50_000) }, 1))).toBe(true);
    expect(channel.sent).toHaveLength(4);
  });

  it('queues nothing when the message would take the buffer past 8 MB: the caller uses the socket', () => {
    const channel = new FakeChannel(PEER_DATA_BUFFER_LIMIT_BYTES - 1_000);
    expect(sendFrames(channel, encodeFrames({ m: 'x'.repeat(50_000) }, 1))).toBe(false);
    expect(channel.sent).toEqual([]);
  });
});
