import type { RoomTier } from '@riffroom/protocol';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { bannerFor } from '../../features/rooms/banner';
import { FakeP2p } from '../../testing/fakeP2p';
import { FakeRoomSocket, joinResult } from '../../testing/fakeRoomSocket';
import { FakeSfu, fakeTrack } from '../../testing/fakeSfu';
import { HOST_CLIMB_INTERVAL_MS } from './hostTierChooser';
import { connectGuestRoom } from './guestRoomConnection';
import { connectHostRoom } from './hostRoomConnection';
import type { RoomConnection } from './roomConnection';
import type { MediaTier } from './roomState';

afterEach(() => {
  vi.useRealTimers();
  vi.unstubAllGlobals();
});

const HOST_OFF_SFU = { refuse: 'sfu/host-off-sfu' } as const;

/** A guest the media node turned away from the SFU (the host was off it), now on `p2p`'s outcome. */
function fallenBackGuest(p2p: FakeP2p, options: { tier?: MediaTier; roomTier?: RoomTier; relayWorks?: boolean } = {}) {
  const sfu = new FakeSfu(HOST_OFF_SFU);
  const joined = joinResult();
  joined.room.settings = { ...joined.room.settings, tier: options.roomTier ?? 'auto' };
  const socket = new FakeRoomSocket({
    'join-room': () => joined,
    ...(options.relayWorks === false ? {} : { 'relay:subscribe': () => ({ guests: 1 }) }),
  });
  const room = connectGuestRoom({
    roomId: 'r1',
    token: null,
    socket,
    sfu: sfu.guestFactory,
    p2p: p2p.factory,
    ...(options.tier ? { tier: options.tier } : {}),
  });
  return { socket, room, sfu };
}

/** Every banner text the guest shows from now on. */
function bannerTexts(room: RoomConnection): string[] {
  const texts = [bannerFor(room.getState(), 'guest').text];
  room.subscribe(() => {
    const { text } = bannerFor(room.getState(), 'guest');
    if (texts.at(-1) !== text) texts.push(text);
  });
  return texts;
}

const videoTrackIds = (room: RoomConnection) =>
  room
    .getState()
    .remoteVideo?.getVideoTracks()
    .map((t) => t.id);

describe('climbing back to the SFU when the host returns to it (sfu:host-returned)', () => {
  it('a peer-to-peer guest tries the SFU once and moves up only when the host media flows, with no flapping', async () => {
    const p2p = new FakeP2p('open');
    const { room, socket, sfu } = fallenBackGuest(p2p);
    await vi.waitFor(() => expect(room.getState().tier).toBe('p2p'));
    expect(sfu.starts).toBe(1);
    const p2pVideo = new MediaStream([fakeTrack('video', 'p2p-screen')]);
    p2p.context.listener.onMedia(p2pVideo, null);
    const banners = bannerTexts(room);

    sfu.outcome = 'connect';
    sfu.flowing = false;
    socket.serverSends('sfu:host-returned', { roomId: 'r1' });
    expect(sfu.starts).toBe(2);
    // The SFU transport is up but nothing arrives yet (read again and again): the peer-to-peer picture and banner stay.
    const reads = sfu.statsReads;
    await vi.waitFor(() => expect(sfu.statsReads).toBeGreaterThan(reads + 4));
    expect(room.getState()).toMatchObject({ tier: 'p2p', status: 'connected-fallback', remoteVideo: p2pVideo });
    // A second announcement while climbing starts no second attempt.
    socket.serverSends('sfu:host-returned', { roomId: 'r1' });
    expect(sfu.starts).toBe(2);

    sfu.flowing = true;
    await vi.waitFor(() => expect(room.getState().tier).toBe('sfu'));
    expect(room.getState()).toMatchObject({ status: 'connected', error: null });
    expect(videoTrackIds(room)).toEqual(['sfu-screen']);
    expect(banners).toEqual(['Connected (Cloud Backup)', 'Connected (High Performance)']);
    // It left peer-to-peer, whose late media no longer replaces the SFU's picture.
    expect(p2p.suspends).toBeGreaterThan(0);
    p2p.context.listener.onMedia(p2pVideo, null);
    expect(videoTrackIds(room)).toEqual(['sfu-screen']);
    // Only the first fallback closed the SFU side: the climb's transports carry the media now.
    expect(sfu.suspends).toBe(1);
    room.close();
  });

  it('a failed climb (refused, or no media within 10 s) leaves the guest where it was, picture and banner alike', async () => {
    const p2p = new FakeP2p('open');
    const { room, socket, sfu } = fallenBackGuest(p2p);
    await vi.waitFor(() => expect(room.getState().tier).toBe('p2p'));
    const p2pVideo = new MediaStream([fakeTrack('video', 'p2p-screen')]);
    p2p.context.listener.onMedia(p2pVideo, null);
    const banners = bannerTexts(room);
    const p2pSuspends = p2p.suspends;
    // The fallback itself closed the SFU side once.
    expect(sfu.suspends).toBe(1);

    // Refused (the host left again before the guest asked).
    socket.serverSends('sfu:host-returned', { roomId: 'r1' });
    await vi.waitFor(() => expect(sfu.suspends).toBe(2));
    expect(sfu.starts).toBe(2);

    // Connected, but the host's media never arrives: given up after the tier's 10 s.
    vi.useFakeTimers();
    sfu.outcome = 'connect';
    sfu.flowing = false;
    socket.serverSends('sfu:host-returned', { roomId: 'r1' });
    expect(sfu.starts).toBe(3);
    await vi.advanceTimersByTimeAsync(9_900);
    expect(sfu.suspends).toBe(2);
    await vi.advanceTimersByTimeAsync(400);
    expect(sfu.suspends).toBe(3);

    expect(room.getState()).toMatchObject({ tier: 'p2p', status: 'connected-fallback', remoteVideo: p2pVideo });
    expect(banners).toEqual(['Connected (Cloud Backup)']);
    expect(p2p.suspends).toBe(p2pSuspends);
    room.close();
  });

  it('a relay guest climbs too, and the media node stops sending it frames', async () => {
    const p2p = new FakeP2p({ fail: 'peer-unavailable' });
    const { room, socket, sfu } = fallenBackGuest(p2p);
    await vi.waitFor(() => expect(room.getState().tier).toBe('relay'));
    sfu.outcome = 'connect';
    socket.serverSends('sfu:host-returned', { roomId: 'r1' });
    await vi.waitFor(() => expect(room.getState().tier).toBe('sfu'));
    expect(room.getState()).toMatchObject({ status: 'connected', relayLive: false });
    expect(socket.sent.filter((s) => s.event === 'relay:subscribe').map((s) => s.payload)).toEqual([
      { roomId: 'r1', subscribe: true },
      { roomId: 'r1', subscribe: false },
    ]);
    room.close();
    // Already unsubscribed: closing does not say it again.
    expect(socket.sent.filter((s) => s.event === 'relay:subscribe')).toHaveLength(2);
  });

  it("a guest left on 'Unable to connect' (every tier failed, or ?tier=sfu turned away) connects when the host returns", async () => {
    for (const options of [{ relayWorks: false }, { tier: 'sfu' as const }]) {
      const p2p = new FakeP2p({ fail: 'peer-unavailable' });
      const { room, socket, sfu } = fallenBackGuest(p2p, options);
      await vi.waitFor(() => expect(room.getState().status).toBe('error'));
      expect(room.getState().error).toBe('Unable to connect. Please try again.');
      const banners = bannerTexts(room);
      sfu.outcome = 'connect';
      socket.serverSends('sfu:host-returned', { roomId: 'r1' });
      await vi.waitFor(() => expect(room.getState()).toMatchObject({ status: 'connected', tier: 'sfu', error: null }));
      expect(videoTrackIds(room)).toEqual(['sfu-screen']);
      expect(banners).toEqual(['Unable to connect. Please try again.', 'Connected (High Performance)']);
      room.close();
    }
  });

  it('the host leaving the SFU again during a climb ends it: the guest stays', async () => {
    const p2p = new FakeP2p('open');
    const { room, socket, sfu } = fallenBackGuest(p2p);
    await vi.waitFor(() => expect(room.getState().tier).toBe('p2p'));
    sfu.outcome = 'connect';
    sfu.flowing = false;
    socket.serverSends('sfu:host-returned', { roomId: 'r1' });
    await vi.waitFor(() => expect(sfu.live).toBe(true));
    socket.serverSends('sfu:host-closed', {});
    sfu.flowing = true;
    await vi.waitFor(() => expect(sfu.suspends).toBe(2));
    expect(room.getState()).toMatchObject({ tier: 'p2p', status: 'connected-fallback' });
    room.close();
  });

  it('a forced tier never climbs, and an announcement for another room or a bad one is ignored', async () => {
    for (const options of [{ tier: 'p2p' as const }, { roomTier: 'p2p' as const }, {}]) {
      const p2p = new FakeP2p('open');
      const { room, socket, sfu } = fallenBackGuest(p2p, options);
      await vi.waitFor(() => expect(room.getState().tier).toBe('p2p'));
      const starts = sfu.starts;
      sfu.outcome = 'connect';
      if ('tier' in options || 'roomTier' in options) {
        socket.serverSends('sfu:host-returned', { roomId: 'r1' });
      } else {
        socket.serverSends('sfu:host-returned', { roomId: 'other-room' });
        socket.serverSends('sfu:host-returned', {} as { roomId: string });
      }
      // A climb's attempt starts at once (synchronously), so none started is none at all.
      expect(sfu.starts).toBe(starts);
      expect(room.getState().tier).toBe('p2p');
      room.close();
    }
  });
});

describe('a host on a fallback tier tries the SFU again every minute while it shares', () => {
  it('climbs back once the SFU works again, only while sending something, and stays on failure', async () => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout', 'setInterval', 'clearInterval'] });
    const track = fakeTrack('video', 'host-screen');
    // happy-dom's MediaStream has no getTracks.
    const screen = Object.assign(new MediaStream([track]), { getTracks: () => [track] });
    vi.stubGlobal('navigator', { ...navigator, mediaDevices: { getDisplayMedia: async () => screen } });
    const sfu = new FakeSfu({ refuse: 'sfu/unavailable' });
    const p2p = new FakeP2p('open');
    const socket = new FakeRoomSocket({ 'join-room': () => joinResult() });
    const room = connectHostRoom({ roomId: 'r1', token: 't', socket, sfu: sfu.hostFactory, p2p: p2p.factory });
    await vi.advanceTimersByTimeAsync(100);
    expect(room.getState()).toMatchObject({ tier: 'p2p', status: 'connected-fallback' });
    expect(sfu.starts).toBe(3);
    const statuses: string[] = [room.getState().status];
    room.subscribe(() => {
      if (statuses.at(-1) !== room.getState().status) statuses.push(room.getState().status);
    });

    // Not sharing: an attempt could not tell whether media gets through, so none is made.
    await vi.advanceTimersByTimeAsync(HOST_CLIMB_INTERVAL_MS);
    expect(sfu.starts).toBe(3);

    await room.startScreenShare();
    expect(sfu.produced.map((p) => p.source)).toEqual(['screen']);
    // Still failing: one attempt a minute, and the host stays on its fallback.
    await vi.advanceTimersByTimeAsync(HOST_CLIMB_INTERVAL_MS);
    expect(sfu.starts).toBe(4);
    expect(sfu.suspends).toBe(2);
    expect(room.getState().tier).toBe('p2p');

    sfu.outcome = 'connect';
    await vi.advanceTimersByTimeAsync(HOST_CLIMB_INTERVAL_MS);
    expect(sfu.starts).toBe(5);
    expect(room.getState()).toMatchObject({ tier: 'sfu', status: 'connected' });
    expect(statuses).toEqual(['connected-fallback', 'connected']);
    // Guests on peer-to-peer are still served.
    expect(p2p.suspends).toBe(0);
    await vi.advanceTimersByTimeAsync(HOST_CLIMB_INTERVAL_MS);
    expect(sfu.starts).toBe(5);
    room.close();
  });
});
