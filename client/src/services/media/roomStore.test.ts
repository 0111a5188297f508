import { describe, expect, it } from 'vitest';
import { RoomStore } from './roomStore';

const stream = () => new MediaStream();

describe('room state transitions', () => {
  it('joined: the others, without ourselves, the host presence and who may join', () => {
    const store = new RoomStore(256_000);
    const self = { peerId: 'me', firebase_uid: null, user_name: 'Me', role: 'viewer' as const };
    const controls = {
      settings: { isPublic: true, maxParticipants: 4, allowGuestAccess: false, tier: 'auto' as const },
      locked: true,
      allowGuestTalkback: false,
    };
    store.joined({ self, peers: [{ peerId: 'me' }, { peerId: 'host' }], hostPresence: 'waiting', controls });
    expect(store.get()).toMatchObject({ self, peers: [{ peerId: 'host' }], hostPresence: 'waiting', controls });
    const unlocked = { ...controls, locked: false };
    store.controlsChanged(unlocked);
    expect(store.get().controls).toEqual(unlocked);
  });

  it('a peer that joins again is listed once, with what it says now', () => {
    const store = new RoomStore(256_000);
    store.peerJoined({ peerId: 'bob', user_name: 'Bob' });
    store.peerJoined({ peerId: 'bob', user_name: 'Robert' });
    expect(store.get().peers).toEqual([{ peerId: 'bob', user_name: 'Robert' }]);
    store.peerLeft('bob');
    expect(store.get().peers).toEqual([]);
  });

  it('tierConnected says connected on the SFU and connected-fallback elsewhere; tiersFailed clears the tier', () => {
    const store = new RoomStore(256_000);
    store.tierConnected('sfu');
    expect(store.get()).toMatchObject({ status: 'connected', tier: 'sfu', error: null });
    store.tierConnected('relay');
    expect(store.get()).toMatchObject({ status: 'connected-fallback', tier: 'relay' });
    store.tiersFailed('Unable to connect. Please try again.');
    expect(store.get()).toMatchObject({ status: 'error', tier: null, error: 'Unable to connect. Please try again.' });
  });

  it("an ended SFU audio track takes its stats along; the relay's audio stream leaves them", () => {
    const store = new RoomStore(256_000);
    store.audioStatsMeasured({ kbps: 256, channels: 2 });
    store.relayAudioStreamChanged(null);
    expect(store.get().audioStats).toEqual({ kbps: 256, channels: 2 });
    store.remoteTrackShown('program-audio', stream());
    store.remoteTrackEnded('program-audio');
    expect(store.get()).toMatchObject({ remoteAudio: null, audioStats: null });
  });

  it("a guest's climb shows the SFU's media and drops the relay's canvas; the host's only moves its banner", () => {
    const guest = new RoomStore(256_000);
    guest.relayLiveChanged(true);
    const video = stream();
    guest.climbedToSfu({ video, audio: null });
    expect(guest.get()).toMatchObject({ status: 'connected', tier: 'sfu', remoteVideo: video, relayLive: false });
    const host = new RoomStore(256_000);
    host.relayLiveChanged(true);
    host.climbedToSfu();
    expect(host.get()).toMatchObject({ status: 'connected', tier: 'sfu', relayLive: true, remoteVideo: null });
  });

  it('remoteMediaCleared and roomEnded take the picture, the sound, the cursor and the canvas away', () => {
    const store = new RoomStore(256_000);
    store.remoteMediaChanged(stream(), stream());
    store.cursorMoved({ x: 0.5, y: 0.5 });
    store.remoteMediaCleared();
    expect(store.get()).toMatchObject({ remoteVideo: null, remoteAudio: null, cursor: null, relayLive: false });
    store.roomEnded();
    expect(store.get().ended).toBe(true);
  });

  it('notifies its listeners on each transition', () => {
    const store = new RoomStore(256_000);
    let calls = 0;
    const off = store.subscribe(() => (calls += 1));
    store.socketLost();
    store.shareStarted(stream());
    off();
    store.shareStopped();
    expect(calls).toBe(2);
  });
});
