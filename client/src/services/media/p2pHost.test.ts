import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { FakeRoomSocket } from '../../testing/fakeRoomSocket';
import { encodeFrames } from './p2pChat';
import { P2pHost } from './p2pHost';
import type { P2pShare } from './p2pPeer';

/**
 * PeerJS in memory (happy-dom has no WebRTC): just the events and calls P2pHost uses. The real
 * thing is covered end to end in tests/e2e/rooms-p2p.test.ts; this checks when the host calls.
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

class FakeDataConnection extends Emitter {
  open = false;
  dataChannel = { bufferedAmount: 0 };
  constructor(readonly peer: string) {
    super();
  }
  send() {}
  close() {
    this.open = false;
  }
  /** The guest says something over the connection, framed as p2pData does. */
  receive(message: unknown) {
    for (const frame of encodeFrames(message, 1)) this.emit('data', frame.buffer);
  }
}

class FakeMediaConnection extends Emitter {
  closed = false;
  peerConnection = undefined;
  close() {
    this.closed = true;
  }
}

const peers: FakePeer[] = [];

class FakePeer extends Emitter {
  id = 'host-peer';
  open = false;
  destroyed = false;
  readonly calls: Array<{ to: string; tracks: MediaStreamTrack[]; call: FakeMediaConnection }> = [];
  constructor() {
    super();
    peers.push(this);
    queueMicrotask(() => {
      this.open = true;
      this.emit('open', this.id);
    });
  }
  call(to: string, stream: MediaStream) {
    const call = new FakeMediaConnection();
    this.calls.push({ to, tracks: stream.getTracks(), call });
    return call;
  }
  destroy() {
    this.destroyed = true;
  }
  reconnect() {}
}

/** happy-dom's MediaStream keeps no tracks. */
class TrackList {
  constructor(private readonly tracks: MediaStreamTrack[] = []) {}
  getTracks() {
    return this.tracks;
  }
}

vi.mock('peerjs', () => ({ Peer: FakePeer }));

beforeEach(() => {
  vi.stubGlobal('MediaStream', TrackList);
});

afterEach(() => {
  peers.splice(0);
});

async function sharingHost() {
  const socket = new FakeRoomSocket({
    'rtc-config': () => ({ iceServers: [] }),
    'peer-ready': () => ({}),
  });
  const host = new P2pHost({
    socket,
    roomId: 'r1',
    listener: { onChat: () => {}, onMedia: () => {}, onFailed: () => {} },
  });
  await host.start();
  const peer = peers[0]!;
  const share: P2pShare = { video: fakeTrack('video'), audio: null, audioBitrate: 128_000 };
  host.setShare(share);
  return { host, peer, share };
}

function fakeTrack(kind: 'video' | 'audio'): MediaStreamTrack {
  return { kind, id: `${kind}-1` } as unknown as MediaStreamTrack;
}

describe('the host on the peer-to-peer tier', () => {
  it("calls a guest as soon as its data connection opens, not after guest-joined's 1 s", async () => {
    const { host, peer } = await sharingHost();
    const connection = new FakeDataConnection('guest-peer');
    peer.emit('connection', connection);
    expect(peer.calls).toHaveLength(0); // not before the guest's connection is up

    connection.open = true;
    connection.emit('open');
    expect(peer.calls.map((c) => c.to)).toEqual(['guest-peer']);

    // guest-joined (spec part 9) still comes a second later: the guest keeps the call it has.
    connection.receive({ type: 'guest-joined' });
    expect(peer.calls).toHaveLength(1);
    expect(peer.calls[0]!.call.closed).toBe(false);
    host.close();
  });

  it('calls a ready guest again when the share changes', async () => {
    const { host, peer, share } = await sharingHost();
    const connection = new FakeDataConnection('guest-peer');
    peer.emit('connection', connection);
    connection.open = true;
    connection.emit('open');
    host.setShare({ ...share, audio: fakeTrack('audio') });
    expect(peer.calls).toHaveLength(2);
    expect(peer.calls[0]!.call.closed).toBe(true);
    expect(peer.calls[1]!.tracks.map((t) => t.kind)).toEqual(['video', 'audio']);
    host.close();
  });
});
