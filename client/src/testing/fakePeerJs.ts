import { encodeFrames } from '../services/media/p2pChat';

/**
 * PeerJS in memory (happy-dom has no WebRTC): just the events and calls P2pHost and P2pGuest use.
 * The real thing is covered end to end in tests/e2e/rooms-p2p.test.ts. Use it with
 * `vi.mock('peerjs', async () => ({ Peer: (await import('../../testing/fakePeerJs')).FakePeer }))`.
 */
class Emitter {
  private readonly handlers = new Map<string, Array<{ fn: (...args: unknown[]) => void; once: boolean }>>();
  on(event: string, fn: (...args: unknown[]) => void) {
    this.handlers.set(event, [...(this.handlers.get(event) ?? []), { fn, once: false }]);
    return this;
  }
  once(event: string, fn: (...args: unknown[]) => void) {
    this.handlers.set(event, [...(this.handlers.get(event) ?? []), { fn, once: true }]);
    return this;
  }
  emit(event: string, ...args: unknown[]) {
    const list = this.handlers.get(event) ?? [];
    this.handlers.set(
      event,
      list.filter((h) => !h.once),
    );
    for (const { fn } of list) fn(...args);
  }
}

export class FakeDataConnection extends Emitter {
  open = false;
  closed = false;
  dataChannel = { bufferedAmount: 0 };
  constructor(readonly peer: string) {
    super();
  }
  send() {}
  close() {
    this.open = false;
    this.closed = true;
  }
  /** The other end says something over the connection, framed as p2pData does. */
  receive(message: unknown) {
    for (const frame of encodeFrames(message, 1)) this.emit('data', frame.buffer);
  }
}

export class FakeMediaConnection extends Emitter {
  closed = false;
  answered = false;
  peerConnection = undefined;
  constructor(readonly peer: string) {
    super();
  }
  answer() {
    this.answered = true;
  }
  close() {
    this.closed = true;
  }
}

/** Every FakePeer made, in order; a test empties it after each case. */
export const fakePeers: FakePeer[] = [];

export class FakePeer extends Emitter {
  /** The id the next peer opens with. */
  static nextId = 'host-peer';
  id = FakePeer.nextId;
  open = false;
  destroyed = false;
  readonly calls: Array<{ to: string; tracks: MediaStreamTrack[]; call: FakeMediaConnection }> = [];
  readonly connections: FakeDataConnection[] = [];
  constructor() {
    super();
    fakePeers.push(this);
    queueMicrotask(() => {
      this.open = true;
      this.emit('open', this.id);
    });
  }
  call(to: string, stream: MediaStream) {
    const call = new FakeMediaConnection(to);
    this.calls.push({ to, tracks: stream.getTracks(), call });
    return call;
  }
  /** Dials a data connection; the test opens it (`open = true; emit('open')`). */
  connect(to: string) {
    const connection = new FakeDataConnection(to);
    this.connections.push(connection);
    return connection;
  }
  destroy() {
    this.destroyed = true;
  }
  reconnect() {}
}

/** happy-dom's MediaStream keeps no tracks. */
export class TrackList {
  constructor(private readonly tracks: MediaStreamTrack[] = []) {}
  getTracks() {
    return this.tracks;
  }
  getVideoTracks() {
    return this.tracks.filter((track) => track.kind === 'video');
  }
  getAudioTracks() {
    return this.tracks.filter((track) => track.kind === 'audio');
  }
}
