import type { ChatMessage, RoomTier } from '@riffroom/protocol';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { bannerFor } from '../../features/rooms/banner';
import { FakeP2p } from '../../testing/fakeP2p';
import { FakeRoomSocket, joinResult } from '../../testing/fakeRoomSocket';
import { connectGuestRoom } from './guestRoomConnection';
import type { MediaTier } from './roomState';

afterEach(() => {
  vi.useRealTimers();
});

/** The SFU's requests are refused by the fake socket, so the SFU tier always fails here. */
function guestRoom(p2p: FakeP2p, tier?: MediaTier, roomTier: RoomTier = 'auto') {
  const joined = joinResult();
  joined.room.settings = { ...joined.room.settings, tier: roomTier };
  const socket = new FakeRoomSocket({
    'join-room': () => joined,
    'relay:subscribe': () => ({ guests: 1 }),
    chat: (payload) => {
      const { message, id } = payload as { message: string; id: string };
      const sent: ChatMessage = { from: 'guest-abc', fromName: 'Guest User', message, timestamp: 'server-time', id };
      socket.serverSends('chat', sent);
      return sent;
    },
  });
  const room = connectGuestRoom({
    roomId: 'r1',
    token: null,
    socket,
    p2p: p2p.factory,
    ...(tier ? { tier } : {}),
  });
  return { socket, room };
}

describe('room connection: the peer-to-peer tier (spec part 4 order: SFU, then P2P, then relay)', () => {
  it("falls back from a failed SFU to peer-to-peer: 'Connected (Cloud Backup)' in orange, no relay", async () => {
    const p2p = new FakeP2p('open');
    const { room, socket } = guestRoom(p2p);
    await vi.waitFor(() => expect(room.getState().status).toBe('connected-fallback'));
    expect(room.getState()).toMatchObject({ tier: 'p2p', error: null });
    expect(socket.sent.filter((s) => s.event === 'sfu:router-capabilities')).toHaveLength(3);
    expect(socket.sent.some((s) => s.event === 'relay:subscribe')).toBe(false);
    expect(bannerFor(room.getState(), 'guest')).toEqual({ tone: 'fallback', text: 'Connected (Cloud Backup)' });
    room.close();
    expect(p2p.closed).toBe(true);
  });

  it('falls back from a failed peer-to-peer tier to the relay', async () => {
    const p2p = new FakeP2p({ fail: 'peer-unavailable' });
    const { room, socket } = guestRoom(p2p);
    await vi.waitFor(() => expect(room.getState().tier).toBe('relay'));
    expect(p2p.starts).toBe(1);
    expect(socket.sent.filter((s) => s.event === 'relay:subscribe')).toHaveLength(1);
    room.close();
  });

  it('?tier=p2p never asks the SFU or the relay', async () => {
    const p2p = new FakeP2p('open');
    const { room, socket } = guestRoom(p2p, 'p2p');
    await vi.waitFor(() => expect(room.getState().tier).toBe('p2p'));
    expect(socket.sent.some((s) => s.event.startsWith('sfu:') || s.event === 'relay:subscribe')).toBe(false);
    room.close();
  });

  it('?tier=p2p that fails says why in the banner, in plain words', async () => {
    const p2p = new FakeP2p({ fail: 'network' });
    const { room } = guestRoom(p2p, 'p2p');
    await vi.waitFor(() => expect(room.getState().status).toBe('error'));
    expect(bannerFor(room.getState(), 'guest')).toEqual({
      tone: 'error',
      text: 'Cannot reach the peer server. Check your network.',
    });
    room.close();
  });

  it("gives peer-to-peer 10 s, then says 'Fallback connection timeout'", async () => {
    vi.useFakeTimers();
    const p2p = new FakeP2p('hang');
    const { room } = guestRoom(p2p, 'p2p');
    await vi.advanceTimersByTimeAsync(9_999);
    expect(room.getState().status).toBe('connecting');
    await vi.advanceTimersByTimeAsync(2);
    expect(room.getState()).toMatchObject({ status: 'error', error: 'Fallback connection timeout' });
    // The abandoned attempt is torn down, not left dialling.
    expect(p2p.suspends).toBeGreaterThan(0);
    room.close();
  });

  it('when the connected peer-to-peer tier breaks, tries it again, then the relay', async () => {
    const p2p = new FakeP2p('open');
    const { room } = guestRoom(p2p);
    await vi.waitFor(() => expect(room.getState().tier).toBe('p2p'));
    p2p.outcome = { fail: 'peer-unavailable' };
    p2p.context.listener.onFailed(new (await import('./p2pTier')).P2pError('connection-closed'));
    await vi.waitFor(() => expect(room.getState().tier).toBe('relay'));
    expect(p2p.starts).toBe(2);
    room.close();
  });

  it('shows the host screen that arrives over the call, and nothing once it ends', async () => {
    const p2p = new FakeP2p('open');
    const { room } = guestRoom(p2p);
    await vi.waitFor(() => expect(room.getState().tier).toBe('p2p'));
    const video = new MediaStream();
    p2p.context.listener.onMedia(video, null);
    expect(room.getState().remoteVideo).toBe(video);
    p2p.context.listener.onMedia(null, null);
    expect(room.getState().remoteVideo).toBeNull();
    room.close();
  });
});

describe('room chat with a peer-to-peer data connection: every message shown exactly once', () => {
  it('sends over the data connection and the socket with one id, and shows it once', async () => {
    const p2p = new FakeP2p('open');
    const { room, socket } = guestRoom(p2p);
    await vi.waitFor(() => expect(room.getState().tier).toBe('p2p'));
    await expect(room.sendChat(' hello host ')).resolves.toBe(true);
    const [direct] = p2p.sentChat;
    expect(direct).toMatchObject({ message: 'hello host', fromName: 'Guest User' });
    const bySocket = socket.sent.find((s) => s.event === 'chat')?.payload;
    expect(bySocket).toEqual({ roomId: 'r1', message: 'hello host', id: direct!.id });
    const mine = room.getState().chat.filter((entry) => entry.message === 'hello host');
    expect(mine).toHaveLength(1);
    // The socket's copy is the room's record: its author and time replace what was sent directly.
    expect(mine[0]).toMatchObject({ from: 'guest-abc', timestamp: 'server-time', own: true });
    room.close();
  });

  it('shows a message from the host that comes both ways once, whichever copy is first', async () => {
    const p2p = new FakeP2p('open');
    const { room, socket } = guestRoom(p2p);
    await vi.waitFor(() => expect(room.getState().tier).toBe('p2p'));
    const first = { id: 'm1', from: 'host', fromName: 'Hana Host', message: 'direct first', timestamp: 't1' };
    p2p.context.listener.onChat(first);
    socket.serverSends('chat', { ...first, timestamp: 't1-server' });
    const second = { id: 'm2', from: 'host', fromName: 'Hana Host', message: 'socket first', timestamp: 't2' };
    socket.serverSends('chat', second);
    p2p.context.listener.onChat({ ...second, fromName: 'Someone Else' });
    const texts = room.getState().chat.map((entry) => entry.message);
    expect(texts).toEqual(['welcome', 'direct first', 'socket first']);
    expect(room.getState().chat[1]).toMatchObject({ timestamp: 't1-server', own: false });
    expect(room.getState().chat[2]).toMatchObject({ fromName: 'Hana Host' });
    room.close();
  });

  it('with no open data connection, chat goes by socket only', async () => {
    const p2p = new FakeP2p({ fail: 'peer-unavailable' });
    const { room, socket } = guestRoom(p2p);
    await vi.waitFor(() => expect(room.getState().tier).toBe('relay'));
    await room.sendChat('by socket');
    expect(p2p.sentChat).toEqual([]);
    expect(socket.sent.filter((s) => s.event === 'chat')).toHaveLength(1);
    expect(room.getState().chat.filter((entry) => entry.message === 'by socket')).toHaveLength(1);
    room.close();
  });
});

describe("room connection: the room's tier setting", () => {
  it('a room set to peer-to-peer puts its guests there without asking the SFU', async () => {
    const p2p = new FakeP2p('open');
    const { room, socket } = guestRoom(p2p, undefined, 'p2p');
    await vi.waitFor(() => expect(room.getState().tier).toBe('p2p'));
    expect(socket.sent.some((s) => s.event.startsWith('sfu:'))).toBe(false);
    room.close();
  });

  it("the guest's ?tier= wins over the room's setting", async () => {
    const p2p = new FakeP2p('open');
    const { room, socket } = guestRoom(p2p, 'relay', 'p2p');
    await vi.waitFor(() => expect(room.getState().tier).toBe('relay'));
    expect(p2p.starts).toBe(0);
    socket.serverSends('room-settings', { tier: 'sfu' });
    expect(room.getState().tier).toBe('relay');
    room.close();
  });

  it('when the host changes the tier, guests choose again: p2p to relay, then back, leaving the relay', async () => {
    const p2p = new FakeP2p('open');
    const { room, socket } = guestRoom(p2p, undefined, 'p2p');
    await vi.waitFor(() => expect(room.getState().tier).toBe('p2p'));
    socket.serverSends('room-settings', { tier: 'relay' });
    await vi.waitFor(() => expect(room.getState().tier).toBe('relay'));
    expect(p2p.open).toBe(false);
    socket.serverSends('room-settings', { tier: 'p2p' });
    await vi.waitFor(() => expect(room.getState().tier).toBe('p2p'));
    expect(p2p.starts).toBe(2);
    expect(socket.sent.filter((s) => s.event === 'relay:subscribe').map((s) => s.payload)).toEqual([
      { roomId: 'r1', subscribe: true },
      { roomId: 'r1', subscribe: false },
    ]);
    // 'auto' starts from the top: the SFU first (refused here), then peer-to-peer.
    socket.serverSends('room-settings', { tier: 'auto' });
    await vi.waitFor(() => expect(socket.sent.some((s) => s.event === 'sfu:router-capabilities')).toBe(true));
    await vi.waitFor(() => expect(room.getState().tier).toBe('p2p'));
    room.close();
  });
});
