import { describe, expect, it, vi } from 'vitest';
import { RelayAudioGuest } from './relayAudioGuest';
import type { RoomEvents } from './roomProtocol';
import type { RoomSocket } from './roomSocket';

function fakeSocket() {
  let deliver: RoomEvents['audio-chunks'] | null = null;
  const socket = {
    on: (event: string, listener: RoomEvents['audio-chunks']) => {
      if (event === 'audio-chunks') deliver = listener;
      return () => void (deliver = null);
    },
  } as unknown as RoomSocket;
  return {
    socket,
    send: (...args: Parameters<RoomEvents['audio-chunks']>) => deliver?.(...args),
    listening: () => !!deliver,
  };
}

const batch = { chunks: [{ data: new Uint8Array([0xfc, 0xff, 0xfe]), timestamp: 0, duration: 20_000 }] };

describe('relay audio on a guest', () => {
  // happy-dom has no WebCodecs, like a browser without AudioDecoder.
  it("acks every batch, and says 'unsupported' where the browser cannot decode", () => {
    const { socket, send } = fakeSocket();
    const onStatus = vi.fn();
    const guest = new RelayAudioGuest(socket, { onStream: vi.fn(), onStatus });
    const ack = vi.fn();
    send(batch, ack);
    send({ chunks: [] }, ack);
    expect(ack).toHaveBeenCalledTimes(2);
    expect(onStatus).toHaveBeenCalledWith('unsupported');
    guest.close();
  });

  it('stops listening when closed, and closing twice is harmless', () => {
    const { socket, listening } = fakeSocket();
    const guest = new RelayAudioGuest(socket, { onStream: vi.fn(), onStatus: vi.fn() });
    expect(listening()).toBe(true);
    guest.close();
    guest.close();
    expect(listening()).toBe(false);
  });
});
