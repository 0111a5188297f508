import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { signUpUser } from '../../server/src/testing/test-api.js';
import { useInProcessBox } from '../support/in-process-box.js';
import { ask, createRoomAs, roomSocketFactory } from '../support/room-sockets.js';
import { until } from '../support/until.js';

/**
 * Issue 14 items 2 and 3 at the server: who may learn the host's PeerJS id, and who the host may
 * admit. The browser side (an outsider dialling the host) is tests/security/p2p-outsider.test.ts.
 */
const box = useInProcessBox();
const sockets = roomSocketFactory(() => box.baseUrl);
type User = Awaited<ReturnType<typeof signUpUser>>;
let host: User;
let guest: User;
let other: User;

beforeAll(async () => {
  host = await signUpUser(box, { name: 'Hana Host' });
  guest = await signUpUser(box, { name: 'Gus Guest' });
  other = await signUpUser(box, { name: 'Mo Member' });
});
afterEach(() => sockets.closeAll());

const joined = async (roomId: string, token?: string) => (await sockets.joined(roomId, token)).socket;

describe("the host's PeerJS id and who may use it", () => {
  it('is not in the open room view, even once the host has announced it', async () => {
    const roomId = await createRoomAs(box, host.idToken);
    const h = await joined(roomId, host.idToken);
    expect(await ask(h, 'peer-ready', { roomId, peerId: 'host-peer-1' })).toEqual({ ok: true });
    const patched = await box.call('PATCH', `/api/rooms/${roomId}/peer`, {
      token: host.idToken,
      body: { peerId: 'host-peer-1' },
    });
    expect(patched.status).toBe(200);
    const view = await box.call('GET', `/api/rooms/${roomId}`);
    expect(view.status).toBe(200);
    expect(view.body.room).not.toHaveProperty('hostPeerId');
    expect(JSON.stringify(view.body)).not.toContain('host-peer-1');
  });

  it('goes to members only: get-peers from a socket outside the room is refused', async () => {
    const roomId = await createRoomAs(box, host.idToken, { settings: { allowGuestAccess: false } });
    const h = await joined(roomId, host.idToken);
    await ask(h, 'peer-ready', { roomId, peerId: 'host-peer-2' });

    const stranger = await sockets.connect();
    expect(await ask(stranger, 'get-peers', { roomId })).toMatchObject({ ok: false, code: 'room/not-joined' });
    // An anonymous socket cannot become a member of a room without guest access.
    expect(await ask(stranger, 'join-room', { roomId })).toMatchObject({ code: 'room/guests-not-allowed' });
    expect(await ask(stranger, 'get-peers', { roomId })).toMatchObject({ code: 'room/not-joined' });
    // A signed-in user who is a member of another room only.
    const elsewhere = await joined(await createRoomAs(box, other.idToken), other.idToken);
    expect(await ask(elsewhere, 'get-peers', { roomId })).toMatchObject({ code: 'room/not-joined' });

    const member = await joined(roomId, guest.idToken);
    expect(await ask(member, 'get-peers', { roomId })).toEqual({ ok: true, data: ['host-peer-2'] });
  });

  it("cannot be taken over: a guest's peer-ready with isHost:true is not what get-peers answers", async () => {
    const roomId = await createRoomAs(box, host.idToken);
    const h = await joined(roomId, host.idToken);
    const attacker = await joined(roomId, guest.idToken);
    const victim = await joined(roomId); // an anonymous guest
    // The review's attack: the guest announces first, claiming to be the host.
    expect(
      await ask(attacker, 'peer-ready', { roomId, peerId: 'attacker-peer', userId: host.user.uid, isHost: true }),
    ).toEqual({ ok: true });
    expect(await ask(victim, 'get-peers', { roomId })).toEqual({ ok: true, data: [] });
    expect(await ask(h, 'peer-ready', { roomId, peerId: 'real-host-peer', isHost: true })).toEqual({ ok: true });
    expect(await ask(victim, 'get-peers', { roomId })).toEqual({ ok: true, data: ['real-host-peer'] });
    expect(await ask(attacker, 'get-peers', { roomId })).toEqual({ ok: true, data: ['real-host-peer'] });
    // Nor can the guest claim the host's id as its own, or bad ids at all.
    expect(await ask(attacker, 'peer-ready', { roomId, peerId: 'real-host-peer' })).toMatchObject({
      ok: false,
      code: 'p2p/peer-taken',
    });
    expect(await ask(attacker, 'peer-ready', { roomId, peerId: '../x' })).toMatchObject({
      code: 'validation/invalid-payload',
    });
    expect(await ask(victim, 'get-peers', { roomId })).toEqual({ ok: true, data: ['real-host-peer'] });
  });
});

describe('p2p:verify-peer: the host asks who dialled it', () => {
  it('names a current member, says so for an unknown id, and answers only the host', async () => {
    const roomId = await createRoomAs(box, host.idToken, { settings: { allowGuestAccess: false } });
    const h = await joined(roomId, host.idToken);
    const g = await joined(roomId, guest.idToken);
    await ask(h, 'peer-ready', { roomId, peerId: 'host-peer-3' });
    await ask(g, 'peer-ready', { roomId, peerId: 'guest-peer-3' });

    const verified = await ask(h, 'p2p:verify-peer', { roomId, peerId: 'guest-peer-3' });
    expect(verified).toEqual({
      ok: true,
      data: {
        peerId: g.id,
        firebase_uid: guest.user.uid,
        user_name: 'Gus Guest',
        role: 'viewer',
        from: guest.user.uid,
      },
    });
    // An outsider's id, or the host's own: nobody the host should call.
    expect(await ask(h, 'p2p:verify-peer', { roomId, peerId: 'outsider-peer' })).toMatchObject({
      ok: false,
      code: 'p2p/unknown-peer',
    });
    expect(await ask(h, 'p2p:verify-peer', { roomId, peerId: 'host-peer-3' })).toMatchObject({
      code: 'p2p/unknown-peer',
    });
    // A guest may not ask (it would learn who is behind other members' ids), nor may a stranger.
    expect(await ask(g, 'p2p:verify-peer', { roomId, peerId: 'host-peer-3' })).toMatchObject({
      ok: false,
      code: 'room/not-host',
    });
    const stranger = await sockets.connect(other.idToken);
    expect(await ask(stranger, 'p2p:verify-peer', { roomId, peerId: 'guest-peer-3' })).toMatchObject({
      code: 'room/not-joined',
    });
    expect(await ask(h, 'p2p:verify-peer', { roomId, peerId: 'a b' })).toMatchObject({
      code: 'validation/invalid-payload',
    });

    // Once the member leaves, its id names nobody.
    g.close();
    await until(
      async () => (await ask(h, 'p2p:verify-peer', { roomId, peerId: 'guest-peer-3' })).code === 'p2p/unknown-peer',
      { what: "the departed guest's id unknown" },
    );
  });
});
