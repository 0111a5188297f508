import { describe, expect, it, vi } from 'vitest';
import type { EncodedRelayAudio, StartRelayAudioEncoder } from './relayAudioCodec';
import { RELAY_AUDIO_MAX_IN_FLIGHT, RelayAudioHost, type RelayAudioStatus } from './relayAudioHost';
import type { RoomEvents } from './roomProtocol';
import type { RoomSocket } from './roomSocket';

/** A socket that records requests (answered by `answer`) and plays relay:demand from the server. */
function fakeSocket(answer: () => Promise<unknown> = async () => ({ guests: 1 })) {
  const demandListeners = new Set<RoomEvents['relay:demand']>();
  const requests: Array<{ event: string; payload: unknown }> = [];
  const socket = {
    request: vi.fn(async (event: string, payload: unknown) => {
      requests.push({ event, payload });
      return answer();
    }),
    on: (event: string, listener: RoomEvents['relay:demand']) => {
      if (event === 'relay:demand') demandListeners.add(listener);
      return () => void demandListeners.delete(listener);
    },
  } as unknown as RoomSocket;
  return { socket, requests, demand: (guests: number) => demandListeners.forEach((l) => l({ guests, small: 0 })) };
}

/** An encoder factory that records each start and lets the test emit packets or fail it. */
function fakeEncoders() {
  const started: Array<{
    track: MediaStreamTrack;
    bitrate: number;
    emit: (chunk: EncodedRelayAudio) => void;
    fail: () => void;
    closed: boolean;
  }> = [];
  const start: StartRelayAudioEncoder = (track, bitrate, onChunk, onError) => {
    const entry = { track, bitrate, emit: onChunk, fail: () => onError(new Error('boom')), closed: false };
    started.push(entry);
    return { close: () => void (entry.closed = true) };
  };
  return { start, started, running: () => started.filter((e) => !e.closed) };
}

const track = (readyState: MediaStreamTrackState = 'live') => ({ kind: 'audio', readyState }) as MediaStreamTrack;
const packet = (timestamp: number): EncodedRelayAudio => ({ data: new ArrayBuffer(80), timestamp, duration: 20_000 });

function setup(options: { supported?: boolean; answer?: () => Promise<unknown> } = {}) {
  const socket = fakeSocket(options.answer);
  const encoders = fakeEncoders();
  const statuses: RelayAudioStatus[] = [];
  const host = new RelayAudioHost(socket.socket, 'r1', (status) => statuses.push(status), {
    start: encoders.start,
    supported: () => options.supported ?? true,
  });
  return { ...socket, ...encoders, statuses, host };
}

describe('relay audio on the host', () => {
  it('encodes only while a relay guest waits and program audio is live', () => {
    const { host, demand, running, started, statuses } = setup();
    const audio = track();
    host.setSource(audio, 256_000);
    expect(started).toHaveLength(0); // audio, but nobody on the relay
    demand(1);
    expect(running()).toHaveLength(1);
    expect(running()[0]).toMatchObject({ track: audio, bitrate: 128_000 }); // capped for the relay
    demand(2);
    expect(started).toHaveLength(1); // more guests, same encoder
    demand(0);
    expect(running()).toHaveLength(0);
    expect(statuses).toEqual(['live', 'off']);
    host.close();
  });

  it('does not start without program audio, and stops when sharing (or the audio) stops', () => {
    const { host, demand, running, started } = setup();
    demand(1);
    expect(started).toHaveLength(0);
    host.setSource(track('ended'), 96_000);
    expect(started).toHaveLength(0);
    host.setSource(track(), 96_000);
    expect(running()).toHaveLength(1);
    expect(running()[0]!.bitrate).toBe(96_000);
    host.setSource(null, 0);
    expect(running()).toHaveLength(0);
    host.close();
  });

  it('sends each packet as audio-chunk and never more than its in-flight limit unacknowledged', async () => {
    const answers: Array<() => void> = [];
    const { host, demand, running, requests } = setup({
      answer: () => new Promise((resolve) => answers.push(() => resolve({ guests: 1 }))),
    });
    host.setSource(track(), 128_000);
    demand(1);
    const encoder = running()[0]!;
    encoder.emit(packet(0));
    expect(requests[0]).toEqual({
      event: 'audio-chunk',
      payload: { roomId: 'r1', data: expect.any(ArrayBuffer), timestamp: 0, duration: 20_000 },
    });
    for (let i = 1; i < RELAY_AUDIO_MAX_IN_FLIGHT + 10; i += 1) encoder.emit(packet(i * 20_000));
    expect(requests).toHaveLength(RELAY_AUDIO_MAX_IN_FLIGHT);
    answers.splice(0).forEach((answer) => answer());
    await vi.waitFor(() => {
      encoder.emit(packet(999_000));
      expect(requests.length).toBeGreaterThan(RELAY_AUDIO_MAX_IN_FLIGHT);
    });
    host.close();
  });

  it("says 'unsupported' where the browser cannot encode, rather than sending nothing silently", () => {
    const { host, demand, started, statuses } = setup({ supported: false });
    host.setSource(track(), 128_000);
    demand(1);
    expect(started).toHaveLength(0);
    expect(statuses).toEqual(['unsupported']);
    host.close();
  });

  it('reports a failed encoder, and tries again when the source changes', () => {
    const { host, demand, running, started, statuses } = setup();
    host.setSource(track(), 128_000);
    demand(1);
    running()[0]!.fail();
    expect(running()).toHaveLength(0);
    expect(statuses.at(-1)).toBe('error');
    demand(2); // no retry loop on every demand change
    expect(started).toHaveLength(1);
    host.setSource(track(), 128_000);
    expect(running()).toHaveLength(1);
    expect(statuses.at(-1)).toBe('live');
    host.close();
    expect(running()).toHaveLength(0);
  });
});
