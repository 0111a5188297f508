import type { VerifiedP2pPeer } from '@riffroom/protocol';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { FakePeer } from '../../testing/fakePeerJs';
import { FakeDataConnection, fakePeers as peers, TrackList } from '../../testing/fakePeerJs';
import { FakeRoomSocket } from '../../testing/fakeRoomSocket';
import { P2pHost } from './p2pHost';
import type { P2pChatMessage, P2pShare } from './p2pPeer';
import { RoomRequestError } from './roomSocket';

vi.mock('peerjs', async () => ({ Peer: (await import('../../testing/fakePeerJs')).FakePeer }));

beforeEach(() => {
  vi.stubGlobal('MediaStream', TrackList);
});

afterEach(() => {
  peers.splice(0);
});

/** The members the fake server vouches for, by PeerJS id (p2p:verify-peer). */
const MEMBERS: Record<string, VerifiedP2pPeer> = {
  'guest-peer': { peerId: 'sock-bob', firebase_uid: 'bob', user_name: 'Bob', role: 'participant', from: 'bob' },
};

async function sharingHost() {
  const socket = new FakeRoomSocket({
    'rtc-config': () => ({ iceServers: [] }),
    'peer-ready': () => ({}),
    'p2p:verify-peer': (payload) => {
      const member = MEMBERS[(payload as { peerId: string }).peerId];
      if (!member)
        throw new RoomRequestError('p2p/unknown-peer', 'No other member of this room announced that peer id.');
      return member;
    },
  });
  const chat: P2pChatMessage[] = [];
  const host = new P2pHost({
    socket,
    roomId: 'r1',
    listener: { onChat: (message) => chat.push(message), onMedia: () => {}, onFailed: () => {} },
  });
  await host.start();
  const peer = peers[0]!;
  const share: P2pShare = { video: fakeTrack('video'), audio: null, audioBitrate: 128_000 };
  host.setShare(share);
  return { host, peer, share, socket, chat };
}

/** A guest dials the host, the server's answer comes back, and the connection opens. */
async function dialled(peer: FakePeer, from: string): Promise<FakeDataConnection> {
  const connection = new FakeDataConnection(from);
  peer.emit('connection', connection);
  await new Promise((resolve) => setTimeout(resolve, 0)); // the p2p:verify-peer round trip
  connection.open = true;
  connection.emit('open');
  return connection;
}

function fakeTrack(kind: 'video' | 'audio'): MediaStreamTrack {
  return { kind, id: `${kind}-1` } as unknown as MediaStreamTrack;
}

describe('the host on the peer-to-peer tier', () => {
  it("calls a guest as soon as its data connection opens, not after guest-joined's 1 s", async () => {
    const { host, peer } = await sharingHost();
    const connection = new FakeDataConnection('guest-peer');
    peer.emit('connection', connection);
    await new Promise((resolve) => setTimeout(resolve, 0));
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
    await dialled(peer, 'guest-peer');
    host.setShare({ ...share, audio: fakeTrack('audio') });
    expect(peer.calls).toHaveLength(2);
    expect(peer.calls[0]!.call.closed).toBe(true);
    expect(peer.calls[1]!.tracks.map((t) => t.kind)).toEqual(['video', 'audio']);
    host.close();
  });

  it('asks the server about each connection, and closes one from a stranger before any call', async () => {
    const { host, peer, socket } = await sharingHost();
    const stranger = await dialled(peer, 'stranger-peer');
    expect(socket.sent.filter((s) => s.event === 'p2p:verify-peer').map((s) => s.payload)).toEqual([
      { roomId: 'r1', peerId: 'stranger-peer' },
    ]);
    expect(stranger.closed).toBe(true);
    expect(peer.calls).toHaveLength(0);
    stranger.receive({ type: 'guest-joined' });
    expect(peer.calls).toHaveLength(0);
    host.close();
  });

  it("shows a guest's chat under the verified member's name, whatever the message claims", async () => {
    const { host, peer, chat } = await sharingHost();
    const connection = await dialled(peer, 'guest-peer');
    connection.receive({
      type: 'chat',
      message: { id: 'm1', from: 'host', fromName: 'Hana Host', message: 'hi', timestamp: '2026-01-01T00:00:00Z' },
    });
    expect(chat).toEqual([
      { id: 'm1', from: 'bob', fromName: 'Bob', message: 'hi', timestamp: '2026-01-01T00:00:00Z' },
    ]);
    host.close();
  });

  it('drops the link and the call of a member who leaves the room', async () => {
    const { host, peer, socket } = await sharingHost();
    const connection = await dialled(peer, 'guest-peer');
    expect(peer.calls).toHaveLength(1);
    socket.serverSends('user-left', { peerId: 'sock-someone-else' });
    expect(connection.closed).toBe(false);
    socket.serverSends('user-left', { peerId: 'sock-bob' });
    expect(connection.closed).toBe(true);
    expect(peer.calls[0]!.call.closed).toBe(true);
    host.setShare({ video: fakeTrack('video'), audio: fakeTrack('audio'), audioBitrate: 128_000 });
    expect(peer.calls).toHaveLength(1); // nobody left to call
    host.close();
  });
});
