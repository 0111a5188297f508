import { describe, expect, it } from 'vitest';
import { LiveRoom, type MemberIdentity } from './live-room.js';

const settings = { isPublic: true, maxParticipants: 2, allowGuestAccess: true, tier: 'auto' as const };
const host: MemberIdentity = { uid: 'host-uid', guestId: 'g-h', name: 'Hana' };
const user = (uid: string): MemberIdentity => ({ uid, guestId: `g-${uid}`, name: uid });
const guest = (id: string): MemberIdentity => ({ uid: null, guestId: id, name: 'Guest User' });

describe('a live room', () => {
  it('makes the record host the host, whatever else; others are viewers or their API role', () => {
    const room = new LiveRoom('r', 'host-uid', settings);
    const h = room.admit('s1', host);
    const bob = room.admit('s2', { ...user('bob'), requestedRole: 'participant' });
    const anon = room.admit('s3', guest('guest-1'));
    expect(h.ok && h.member.role).toBe('host');
    expect(bob.ok && bob.member.role).toBe('participant');
    expect(anon.ok && anon.member).toMatchObject({ role: 'viewer', firebase_uid: null, user_name: 'Guest User' });
    expect(room.member('s1')?.role).toBe('host');
    expect(room.member('s2')?.role).toBe('participant');
  });

  it.each([
    // [what the host set, who comes, admitted or the refusal's code]; the lock and capacity are the
    // room state store's (state/memory-room-state.test.ts).
    [{ allowGuestAccess: false }, 'new guest', 'room/guests-not-allowed'],
    [{ allowGuestAccess: false }, 'new user', true],
    [{ remove: true }, 'removed user', 'room/removed'],
    [{ remove: true }, 'new user', true],
  ] as const)('with %o, a %s is admitted: %s', (control, who, expected) => {
    const room = new LiveRoom('r', 'host-uid', { ...settings, maxParticipants: 5 });
    room.admit('s-host', host);
    room.admit('s-old', user('old'));
    room.admit('s-bad', user('bad'));
    room.remove('s-old');
    if ('remove' in control) {
      expect(room.removePerson('s-bad')).toEqual(['s-bad']);
      room.remove('s-bad');
    } else room.applyControls(control);
    const identity = {
      'new user': user('new'),
      'returning user': user('old'),
      'removed user': user('bad'),
      host,
      'new guest': guest('guest-new'),
    }[who];
    const result = room.admit('s-next', identity);
    expect(result.ok ? true : result.code).toBe(expected);
  });

  it('never removes the host, and removes every tab of a person', () => {
    const room = new LiveRoom('r', 'host-uid', settings);
    room.admit('h', host);
    room.admit('b1', user('bob'));
    room.admit('b2', user('bob'));
    expect(room.removePerson('h')).toBeNull();
    expect(room.removePerson('nobody')).toBeNull();
    expect(room.removePerson('b2')).toEqual(['b1', 'b2']);
  });

  it('refuses anonymous sockets when guest access is off, but not signed-in ones', () => {
    const room = new LiveRoom('r', 'host-uid', { ...settings, allowGuestAccess: false });
    expect(room.admit('a', guest('guest-1'))).toMatchObject({ ok: false, code: 'room/guests-not-allowed' });
    expect(room.admit('b', user('bob')).ok).toBe(true);
  });

  it('reports host-left when the host’s last socket leaves, and hostOnline follows', () => {
    const room = new LiveRoom('r', 'host-uid', settings);
    room.admit('h1', host);
    room.admit('h2', host);
    room.admit('g', guest('guest-1'));
    expect(room.hostOnline).toBe(true);
    expect(room.remove('h1')).toMatchObject({ hostLeft: false });
    expect(room.hostOnline).toBe(true);
    expect(room.remove('h2')).toMatchObject({ hostLeft: true, lastOfKey: true });
    expect(room.hostOnline).toBe(false);
    expect(room.remove('h2')).toBeNull();
    expect(room.isEmpty).toBe(false);
    room.remove('g');
    expect(room.isEmpty).toBe(true);
  });

  it('sets the chat author and time itself', () => {
    const room = new LiveRoom('r', 'host-uid', settings);
    room.admit('s', guest('guest-7'));
    const message = room.chat('s', 'hello', Date.UTC(2026, 0, 1));
    expect(message).toEqual({
      from: 'guest-7',
      fromName: 'Guest User',
      message: 'hello',
      timestamp: '2026-01-01T00:00:00.000Z',
    });
    expect(room.chat('nobody', 'x', 0)).toBeNull();
    // The sender's message id (peer-to-peer dedupe) is echoed as given.
    expect(room.chat('s', 'again', Date.UTC(2026, 0, 1), 'm-1')).toMatchObject({ message: 'again', id: 'm-1' });
  });

  it("hands out only the host's PeerJS id, and ties each announced id to one member", () => {
    const room = new LiveRoom('r', 'host-uid', settings);
    room.admit('h', host);
    room.admit('g', guest('guest-1'));
    room.admit('g2', guest('guest-2'));
    expect(room.setP2pPeer('g', 'peer-guest')).toBe(true);
    expect(room.hostP2pPeers('g2')).toEqual([]); // a guest's id is never handed out
    expect(room.setP2pPeer('h', 'peer-host')).toBe(true);
    expect(room.hostP2pPeers('g')).toEqual(['peer-host']);
    expect(room.hostP2pPeers('h')).toEqual([]);

    expect(room.setP2pPeer('g2', 'peer-guest')).toBe(false); // another member's id
    expect(room.memberByP2pPeer('peer-guest')?.peerId).toBe('g');
    expect(room.setP2pPeer('g2', 'peer-host')).toBe(false);
    expect(room.memberByP2pPeer('nobody')).toBeUndefined();

    // The host's claim wins over a guest that took its id first.
    expect(room.setP2pPeer('g2', 'peer-host-2')).toBe(true);
    expect(room.setP2pPeer('h', 'peer-host-2')).toBe(true);
    expect(room.memberByP2pPeer('peer-host-2')?.peerId).toBe('h');
    expect(room.member('g2')?.p2pPeerId).toBeNull();

    room.remove('g');
    expect(room.memberByP2pPeer('peer-guest')).toBeUndefined();
  });
});
