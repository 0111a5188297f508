import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import {
  FakeDataConnection,
  FakeMediaConnection,
  FakePeer,
  fakePeers as peers,
  TrackList,
} from '../../testing/fakePeerJs';
import { FakeRoomSocket } from '../../testing/fakeRoomSocket';
import { P2pGuest } from './p2pGuest';
import type { P2pChatMessage } from './p2pPeer';

vi.mock('peerjs', async () => ({ Peer: (await import('../../testing/fakePeerJs')).FakePeer }));

beforeEach(() => {
  vi.stubGlobal('MediaStream', TrackList);
  FakePeer.nextId = 'guest-peer';
});

afterEach(() => {
  peers.splice(0);
  FakePeer.nextId = 'host-peer';
});

/** A guest whose data connection to the host 'host-peer' is open. */
async function connectedGuest() {
  const socket = new FakeRoomSocket({
    'rtc-config': () => ({ iceServers: [] }),
    'peer-ready': () => ({}),
    'get-peers': () => ['host-peer'],
  });
  const chat: P2pChatMessage[] = [];
  const guest = new P2pGuest({
    socket,
    roomId: 'r1',
    listener: { onChat: (message) => chat.push(message), onMedia: () => {}, onFailed: () => {} },
  });
  const started = guest.start();
  const toHost = await vi.waitFor(() => {
    const connection = peers[0]?.connections[0];
    if (!connection) throw new Error('not dialled yet');
    return connection;
  });
  toHost.open = true;
  toHost.emit('open');
  await started;
  return { guest, socket, peer: peers[0]!, toHost, chat };
}

const chatFrom = (from: string) => ({
  type: 'chat',
  message: { id: `m-${from}`, from, fromName: from, message: `hi from ${from}`, timestamp: '2026-01-01T00:00:00Z' },
});

describe('a guest on the peer-to-peer tier', () => {
  it("announces its own PeerJS id to the server before dialling the host's", async () => {
    const { guest, socket, toHost } = await connectedGuest();
    expect(socket.sent.map((sent) => sent.event)).toEqual(['rtc-config', 'peer-ready', 'get-peers']);
    expect(socket.sent[1]!.payload).toEqual({ roomId: 'r1', peerId: 'guest-peer' });
    expect(toHost.peer).toBe('host-peer');
    guest.close();
  });

  it('answers calls from the host only, and closes anything else that dials it', async () => {
    const { guest, peer } = await connectedGuest();
    const stranger = new FakeMediaConnection('stranger-peer');
    peer.emit('call', stranger);
    expect(stranger).toMatchObject({ answered: false, closed: true });
    const strangerLink = new FakeDataConnection('stranger-peer');
    peer.emit('connection', strangerLink);
    expect(strangerLink.closed).toBe(true);

    const fromHost = new FakeMediaConnection('host-peer');
    peer.emit('call', fromHost);
    expect(fromHost).toMatchObject({ answered: true, closed: false });
    guest.close();
  });

  it('hears chat over its own connection to the host only', async () => {
    const { guest, peer, toHost, chat } = await connectedGuest();
    const strangerLink = new FakeDataConnection('stranger-peer');
    peer.emit('connection', strangerLink);
    strangerLink.receive(chatFrom('stranger'));
    toHost.receive(chatFrom('host'));
    expect(chat.map((message) => message.from)).toEqual(['host']);
    guest.close();
  });
});
