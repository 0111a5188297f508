import { SFU_RECONNECT_REASONS } from '@riffroom/protocol';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { connectGuestRoom } from './guestRoomConnection';
import { connectHostRoom } from './hostRoomConnection';
import { FakeRoomSocket, joinResult, type Handler } from '../../testing/fakeRoomSocket';
import { RoomRequestError } from './roomSocket';
import type { RoomRequestName } from './roomProtocol';

async function joinedGuest(handlers: Partial<Record<RoomRequestName, Handler>> = {}, result = joinResult()) {
  const socket = new FakeRoomSocket({ 'join-room': () => result, ...handlers });
  const room = connectGuestRoom({ roomId: 'r1', token: null, socket });
  await vi.waitFor(() => expect(room.getState().self).not.toBeNull());
  return { socket, room };
}

afterEach(() => {
  vi.useRealTimers();
});

describe('room connection', () => {
  it('joins, then shows the members, the chat so far and the host as online', async () => {
    const { room, socket } = await joinedGuest();
    expect(socket.sent[0]).toEqual({ event: 'join-room', payload: { roomId: 'r1', isHost: false } });
    const state = room.getState();
    expect(state.self).toMatchObject({ peerId: 'sock-guest', user_name: 'Guest User', role: 'viewer' });
    expect(state.peers.map((peer) => peer.peerId)).toEqual(['sock-host']);
    expect(state.chat).toMatchObject([{ fromName: 'Hana Host', message: 'welcome', own: false }]);
    expect(state.hostPresence).toBe('online');
    room.close();
  });

  it("says 'Unable to connect. Please try again.' when the SFU cannot be set up after its attempts", async () => {
    const { room, socket } = await joinedGuest();
    await vi.waitFor(() => expect(room.getState().status).toBe('error'));
    expect(room.getState().error).toBe('Unable to connect. Please try again.');
    expect(socket.sent.filter((s) => s.event === 'sfu:router-capabilities')).toHaveLength(3);
    room.close();
  });

  it('falls back to the relay when the SFU fails: subscribes, and shows the relay tier', async () => {
    const { room, socket } = await joinedGuest({ 'relay:subscribe': () => ({ guests: 1 }) });
    await vi.waitFor(() => expect(room.getState().status).toBe('connected-fallback'));
    expect(room.getState().tier).toBe('relay');
    expect(socket.sent.filter((s) => s.event === 'sfu:router-capabilities')).toHaveLength(3);
    expect(socket.sent.filter((s) => s.event === 'relay:subscribe').map((s) => s.payload)).toEqual([
      { roomId: 'r1', subscribe: true },
    ]);
    room.close();
    // Leaving the tier tells the media node to stop sending frames.
    expect(socket.sent.at(-1)).toEqual({ event: 'relay:subscribe', payload: { roomId: 'r1', subscribe: false } });
  });

  it('tells the media node when it abandons the SFU for the relay', async () => {
    const { room, socket } = await joinedGuest({ 'relay:subscribe': () => ({ guests: 1 }) });
    await vi.waitFor(() => expect(room.getState().tier).toBe('relay'));
    const events = socket.sent.map((s) => s.event);
    expect(events.filter((event) => event === 'sfu:close-transports')).toHaveLength(1);
    expect(events.lastIndexOf('sfu:router-capabilities')).toBeLessThan(events.indexOf('sfu:close-transports'));
    expect(socket.sent.find((s) => s.event === 'sfu:close-transports')?.payload).toEqual({ roomId: 'r1' });
    room.close();
  });

  it('a guest the media node turns away from the SFU (host off it) goes to the relay after one try', async () => {
    const { room, socket } = await joinedGuest({
      'sfu:router-capabilities': () => {
        throw new RoomRequestError('sfu/host-off-sfu', 'The host is not using the SFU; try the next tier.');
      },
      'relay:subscribe': () => ({ guests: 1 }),
    });
    await vi.waitFor(() => expect(room.getState().status).toBe('connected-fallback'));
    expect(room.getState().tier).toBe('relay');
    expect(socket.sent.filter((s) => s.event === 'sfu:router-capabilities')).toHaveLength(1);
    room.close();
  });

  it('a guest still waiting on the SFU chooses again at once when the host abandons it', async () => {
    let hostOnSfu = true;
    const { room, socket } = await joinedGuest({
      // The first attempt hangs (the SFU port is unreachable) until the host's move changes the answer.
      'sfu:router-capabilities': () => {
        if (hostOnSfu) return new Promise(() => {});
        throw new RoomRequestError('sfu/host-off-sfu', 'The host is not using the SFU; try the next tier.');
      },
      'relay:subscribe': () => ({ guests: 1 }),
    });
    await vi.waitFor(() => expect(socket.sent.some((s) => s.event === 'sfu:router-capabilities')).toBe(true));
    expect(room.getState().status).toBe('connecting');
    hostOnSfu = false;
    socket.serverSends('sfu:host-closed', {});
    // Well within the first attempt's 10 s: the fallback does not wait for the SFU's timeouts.
    await vi.waitFor(() => expect(room.getState().tier).toBe('relay'), { timeout: 2000 });
    expect(room.getState().status).toBe('connected-fallback');
    // Once on the relay, another sfu:host-closed changes nothing.
    const before = socket.sent.length;
    socket.serverSends('sfu:host-closed', {});
    expect(socket.sent.length).toBe(before);
    room.close();
  });

  it('a host whose SFU fails keeps serving the relay: the orange fallback, not an error', async () => {
    const socket = new FakeRoomSocket({ 'join-room': () => joinResult() });
    const room = connectHostRoom({ roomId: 'r1', token: 'token', socket });
    await vi.waitFor(() => expect(room.getState().status).toBe('connected-fallback'));
    expect(room.getState()).toMatchObject({ tier: 'relay', error: null });
    expect(socket.sent.filter((s) => s.event === 'sfu:router-capabilities')).toHaveLength(3);
    // The host never subscribes to its own relay, and tells the media node it left the SFU.
    expect(socket.sent.some((s) => s.event === 'relay:subscribe')).toBe(false);
    expect(socket.sent.some((s) => s.event === 'sfu:close-transports')).toBe(true);
    room.close();
  });

  it('?tier=relay goes straight to the relay, never asking the SFU', async () => {
    const socket = new FakeRoomSocket({ 'join-room': () => joinResult(), 'relay:subscribe': () => ({ guests: 1 }) });
    const room = connectGuestRoom({ roomId: 'r1', token: null, socket, tier: 'relay' });
    await vi.waitFor(() => expect(room.getState().status).toBe('connected-fallback'));
    expect(room.getState().tier).toBe('relay');
    expect(socket.sent.some((s) => s.event.startsWith('sfu:'))).toBe(false);
    room.close();
  });

  it('?tier=sfu never falls back: a failed SFU is an error', async () => {
    const socket = new FakeRoomSocket({ 'join-room': () => joinResult(), 'relay:subscribe': () => ({ guests: 1 }) });
    const room = connectGuestRoom({ roomId: 'r1', token: null, socket, tier: 'sfu' });
    await vi.waitFor(() => expect(room.getState().status).toBe('error'));
    expect(room.getState().error).toBe('Unable to connect. Please try again.');
    expect(socket.sent.some((s) => s.event === 'relay:subscribe')).toBe(false);
    room.close();
  });

  it('on the relay, frames are acked and mark the screen live until the host stops sharing', async () => {
    const { room, socket } = await joinedGuest({ 'relay:subscribe': () => ({ guests: 1 }) });
    await vi.waitFor(() => expect(room.getState().tier).toBe('relay'));
    // happy-dom cannot decode JPEG: the frame is acked unpainted, so the lane is freed regardless.
    const ack = vi.fn();
    socket.serverSends('screen-frame', { frame: new Uint8Array([1, 2, 3]) }, ack);
    await vi.waitFor(() => expect(ack).toHaveBeenCalledOnce());
    expect(room.getState().relayLive).toBe(false);
    // sfu:reconnect does not pull a relay guest back into 30 s of SFU attempts.
    const before = socket.sent.length;
    socket.serverSends('sfu:reconnect', { reason: SFU_RECONNECT_REASONS[0] });
    expect(socket.sent.length).toBe(before);
    room.close();
  });

  it('keeps a refused join as the reason to show (unknown room, full, guests off)', async () => {
    const socket = new FakeRoomSocket({
      'join-room': () => {
        throw new RoomRequestError('room/full', 'This room is full.');
      },
    });
    const room = connectGuestRoom({ roomId: 'r1', token: null, socket });
    await vi.waitFor(() => expect(room.getState().joinRefused).toBe('This room is full.'));
    expect(room.getState().status).toBe('error');
    room.close();
  });

  it("after a mid-session drop whose reconnection attempts run out, says 'Unable to connect. Please try again.' and lets go", async () => {
    const { room, socket } = await joinedGuest({ 'relay:subscribe': () => ({ guests: 1 }) });
    await vi.waitFor(() => expect(room.getState().tier).toBe('relay'));
    socket.connectionChanged(false);
    expect(room.getState().status).toBe('connecting');
    socket.giveUp();
    expect(room.getState()).toMatchObject({
      status: 'error',
      error: 'Unable to connect. Please try again.',
      joinRefused: null,
      tier: null,
    });
    expect(socket.closed).toBe(true);
    room.close();
  });

  it("says 'Connection timeout' when join-room goes unanswered, and 'Failed to initialize connection' when it breaks", async () => {
    const timedOut = new FakeRoomSocket({
      'join-room': () => {
        throw new RoomRequestError('room/request-timeout', 'Connection timeout');
      },
    });
    const first = connectGuestRoom({ roomId: 'r1', token: null, socket: timedOut });
    await vi.waitFor(() => expect(first.getState()).toMatchObject({ status: 'error', error: 'Connection timeout' }));
    first.close();
    const broken = new FakeRoomSocket({ 'join-room': () => undefined });
    const second = connectGuestRoom({ roomId: 'r1', token: null, socket: broken });
    await vi.waitFor(() =>
      expect(second.getState()).toMatchObject({ status: 'error', error: 'Failed to initialize connection' }),
    );
    second.close();
  });

  it('tracks peers joining and leaving', async () => {
    const { room, socket } = await joinedGuest();
    socket.serverSends('peer-joined', {
      peerId: 'sock-bob',
      firebase_uid: 'bob',
      user_name: 'Bob',
      role: 'participant',
    });
    expect(room.getState().peers.map((p) => p.peerId)).toEqual(['sock-host', 'sock-bob']);
    socket.serverSends('user-left', { peerId: 'sock-host' });
    expect(room.getState().peers.map((p) => p.peerId)).toEqual(['sock-bob']);
    socket.serverSends('room-update', { participantCount: 1, hostOnline: false });
    expect(room.getState().participantCount).toBe(1);
  });

  it('keeps each person once: a second tab says nothing, the last one leaving takes them off', async () => {
    const { room, socket } = await joinedGuest();
    const bob = { peerId: 'sock-bob', firebase_uid: 'bob', user_name: 'Bob', role: 'participant' } as const;
    const guest = { peerId: 'sock-g', firebase_uid: null, user_name: 'Guest User', role: 'viewer' } as const;
    const before = room.getState().people.map((person) => person.key);
    socket.serverSends('participant-joined', bob);
    socket.serverSends('participant-joined', { ...bob, peerId: 'sock-bob-2' });
    socket.serverSends('participant-joined', guest);
    expect(room.getState().people.map((person) => person.key)).toEqual([...before, 'bob', 'sock-g']);
    socket.serverSends('participant-left', { ...bob, peerId: 'sock-bob-2' });
    socket.serverSends('participant-left', guest);
    expect(room.getState().people.map((person) => person.key)).toEqual(before);
    room.close();
  });

  it('shows the removed view once the host removes this guest, and closes', async () => {
    const { room, socket } = await joinedGuest();
    socket.serverSends('removed-from-room', { roomId: 'r1' });
    expect(room.getState().removed).toBe(true);
    expect(socket.closed).toBe(true);
    room.close();
  });

  it("marks a guest's own messages once the chat ack names its guest id", async () => {
    const mine = { from: 'guest-abc', fromName: 'Guest User', message: 'hi', timestamp: '2026-01-01T00:00:01.000Z' };
    let socket: FakeRoomSocket | null = null;
    const joined = await joinedGuest({
      chat: () => {
        // The broadcast reaches us before the ack does, as it can on a real socket.
        socket!.serverSends('chat', mine);
        return mine;
      },
    });
    socket = joined.socket;
    await expect(joined.room.sendChat('   ')).resolves.toBe(false);
    await expect(joined.room.sendChat('  hi  ')).resolves.toBe(true);
    expect(socket.sent.find((s) => s.event === 'chat')?.payload).toEqual({
      roomId: 'r1',
      message: 'hi',
      id: expect.stringMatching(/^[A-Za-z0-9_-]+$/),
    });
    expect(joined.room.getState().chat.at(-1)).toMatchObject({ message: 'hi', own: true });
    socket.serverSends('chat', { ...mine, from: 'host', message: 'yo' });
    expect(joined.room.getState().chat.at(-1)).toMatchObject({ message: 'yo', own: false });
    joined.room.close();
  });

  it('keeps a message whose id another sender reuses: each shows under its own author (issue 34 item 7)', async () => {
    const { room, socket } = await joinedGuest();
    const at = '2026-01-01T00:00:01.000Z';
    socket.serverSends('chat', { from: 'member', fromName: 'Mia', message: 'real', timestamp: at, id: 'victim1' });
    socket.serverSends('chat', {
      from: 'guest-x',
      fromName: 'Guest User',
      message: 'fake',
      timestamp: at,
      id: 'victim1',
    });
    expect(room.getState().chat.slice(-2)).toMatchObject([
      { from: 'member', fromName: 'Mia', message: 'real' },
      { from: 'guest-x', fromName: 'Guest User', message: 'fake' },
    ]);
    room.close();
  });

  it("moves through the guest's host states: waiting, online, left, and back", async () => {
    const { room, socket } = await joinedGuest({}, joinResult({ hostOnline: false }));
    expect(room.getState().hostPresence).toBe('waiting');
    socket.serverSends('room-update', { participantCount: 1, hostOnline: true });
    expect(room.getState().hostPresence).toBe('online');
    socket.serverSends('host-left', {});
    socket.serverSends('room-update', { participantCount: 1, hostOnline: false });
    expect(room.getState().hostPresence).toBe('left');
    socket.serverSends('room-update', { participantCount: 1, hostOnline: true });
    expect(room.getState().hostPresence).toBe('online');
    socket.serverSends('room-update', { participantCount: 1, hostOnline: false });
    expect(room.getState().hostPresence).toBe('disconnected');
    room.close();
  });

  it('follows the cursor, clamped to the picture', async () => {
    const { room, socket } = await joinedGuest();
    socket.serverSends('cursor-move', { x: 0.25, y: 1.5 });
    expect(room.getState().cursor).toEqual({ x: 0.25, y: 1 });
    room.close();
  });

  it('notes a draining server and carries on: the same status, the socket open', async () => {
    const { room, socket } = await joinedGuest();
    const { status, draining } = room.getState();
    expect(draining).toBe(false);
    socket.serverSends('server-draining', { closesWithinSeconds: 600 });
    expect(room.getState()).toMatchObject({ draining: true, status, ended: false });
    expect(socket.closed).toBe(false);
  });

  it('ends when the host ends the room: the end state, and the socket closed', async () => {
    const { room, socket } = await joinedGuest();
    socket.serverSends('room-ended', { roomId: 'r1' });
    expect(room.getState().ended).toBe(true);
    expect(socket.closed).toBe(true);
  });

  it('host: sends the latest pointer position, no faster than the server accepts', async () => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout', 'Date'] });
    const socket = new FakeRoomSocket({
      'join-room': () => joinResult({ self: { ...joinResult().self, role: 'host' } }),
    });
    const room = connectHostRoom({ roomId: 'r1', token: 'tok', socket });
    room.moveCursor(0.1, 0.1);
    room.moveCursor(0.2, 0.2);
    room.moveCursor(0.3, 0.3);
    const cursorMoves = () => socket.sent.filter((s) => s.event === 'cursor-move').map((s) => s.payload);
    expect(cursorMoves()).toEqual([{ roomId: 'r1', x: 0.1, y: 0.1 }]);
    vi.advanceTimersByTime(100);
    expect(cursorMoves()).toEqual([
      { roomId: 'r1', x: 0.1, y: 0.1 },
      { roomId: 'r1', x: 0.3, y: 0.3 },
    ]);
    room.close();
  });
});

describe('leaving on purpose (issue 37)', () => {
  it("a host's leaveAndClose sends leave-room before it closes, so guests read 'Host has left the room'", async () => {
    const socket = new FakeRoomSocket({ 'join-room': () => joinResult() });
    const room = connectHostRoom({ roomId: 'r1', token: 'token', socket });
    await vi.waitFor(() => expect(room.getState().self).not.toBeNull());
    room.leaveAndClose();
    // Sent at once (a page being unloaded gives no second chance); the socket closes once answered.
    expect(socket.sent.at(-1)).toEqual({ event: 'leave-room', payload: { roomId: 'r1' } });
    await vi.waitFor(() => expect(socket.closed).toBe(true));
  });

  it('after End Session closed the connection, leaving sends nothing more', async () => {
    const socket = new FakeRoomSocket({ 'join-room': () => joinResult() });
    const room = connectHostRoom({ roomId: 'r1', token: 'token', socket });
    await vi.waitFor(() => expect(room.getState().self).not.toBeNull());
    room.close();
    room.leaveAndClose();
    expect(socket.sent.some((s) => s.event === 'leave-room')).toBe(false);
  });
});
