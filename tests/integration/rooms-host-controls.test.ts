import { REMOVED_FROM_ROOM_MESSAGE } from '@riffroom/protocol';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { signUpUser } from '../../server/src/testing/test-api.js';
import { useInProcessBox } from '../support/in-process-box.js';
import { ask, createRoomAs, roomSocketFactory } from '../support/room-sockets.js';
import { until } from '../support/until.js';

// The host's controls over real sockets: who may join, removing someone, and that nobody but the
// host can use them.
const box = useInProcessBox();
const sockets = roomSocketFactory(() => box.baseUrl);
let host: Awaited<ReturnType<typeof signUpUser>>;
let bob: Awaited<ReturnType<typeof signUpUser>>;
let carol: Awaited<ReturnType<typeof signUpUser>>;

beforeAll(async () => {
  host = await signUpUser(box, { name: 'Hana Host' });
  bob = await signUpUser(box, { name: 'Bob' });
  carol = await signUpUser(box, { name: 'Carol' });
});
afterEach(() => sockets.closeAll());

const { joined } = sockets;

async function refusedJoin(roomId: string, token?: string) {
  const socket = await sockets.connect(token);
  return ask(socket, 'join-room', { roomId });
}

const roomSettings = async (roomId: string) =>
  (await box.call('GET', `/api/rooms/${roomId}`, { token: host.idToken })).body.room.settings;

describe('host controls', () => {
  it('removes a signed-in person from every tab; they cannot come back, others still can', async () => {
    const roomId = await createRoomAs(box, host.idToken);
    const h = await joined(roomId, host.idToken);
    const tab1 = await joined(roomId, bob.idToken);
    const tab2 = await joined(roomId, bob.idToken);
    expect(await ask(h.socket, 'room:remove', { roomId, peerId: tab2.peerId })).toEqual({ ok: true });
    for (const tab of [tab1, tab2]) {
      await until(() => tab.heard.get('removed-from-room')?.length === 1, { what: 'removed-from-room heard' });
      expect(await ask(tab.socket, 'chat', { roomId, message: 'still here?' })).toMatchObject({
        code: 'room/not-joined',
      });
    }
    await until(() => h.heard.get('participant-left')?.length === 1, { what: 'host hears participant-left' });
    expect(await refusedJoin(roomId, bob.idToken)).toMatchObject({ ok: false, code: 'room/removed' });
    await joined(roomId, carol.idToken);
  });

  it('removes an anonymous guest, who is told', async () => {
    const roomId = await createRoomAs(box, host.idToken);
    const h = await joined(roomId, host.idToken);
    const guest = await joined(roomId);
    expect(await ask(h.socket, 'room:remove', { roomId, peerId: guest.peerId })).toEqual({ ok: true });
    await until(() => guest.heard.get('removed-from-room')?.length === 1, { what: 'removed-from-room heard' });
  });

  it('refuses the controls to anyone but the host, and changes nothing', async () => {
    const roomId = await createRoomAs(box, host.idToken);
    await joined(roomId, host.idToken);
    const b = await joined(roomId, bob.idToken);
    const c = await joined(roomId, carol.idToken);
    expect(await ask(b.socket, 'room:remove', { roomId, peerId: c.peerId })).toMatchObject({
      ok: false,
      code: 'room/not-host',
    });
    expect(await ask(b.socket, 'room:controls', { roomId, allowGuestAccess: false, locked: true })).toMatchObject({
      ok: false,
      code: 'room/not-host',
    });
    expect(c.heard.get('removed-from-room')).toBeUndefined();
    expect(await ask(c.socket, 'chat', { roomId, message: 'still in' })).toMatchObject({ ok: true });
    expect(await roomSettings(roomId)).toMatchObject({ allowGuestAccess: true });
    await joined(roomId);
  });

  it('turns guest access off and a lower maximum live, kept with the room', async () => {
    const roomId = await createRoomAs(box, host.idToken);
    const h = await joined(roomId, host.idToken);
    const b = await joined(roomId, bob.idToken);
    const ack = await ask(h.socket, 'room:controls', { roomId, allowGuestAccess: false, maxParticipants: 1 });
    expect(ack).toMatchObject({ ok: true, data: { settings: { allowGuestAccess: false, maxParticipants: 1 } } });
    await until(() => b.heard.get('room-controls')?.length === 1, { what: 'members hear room-controls' });
    expect(await refusedJoin(roomId)).toMatchObject({ ok: false, code: 'room/guests-not-allowed' });
    expect(await refusedJoin(roomId, carol.idToken)).toMatchObject({ ok: false, code: 'room/full' });
    expect(await roomSettings(roomId)).toMatchObject({ allowGuestAccess: false, maxParticipants: 1 });
  });

  it('locks the room: nobody new gets in, someone who was in comes back; unlocked, new people join', async () => {
    const roomId = await createRoomAs(box, host.idToken);
    const h = await joined(roomId, host.idToken);
    const b = await joined(roomId, bob.idToken);
    expect(await ask(h.socket, 'room:controls', { roomId, locked: true })).toMatchObject({
      ok: true,
      data: { locked: true },
    });
    expect(await refusedJoin(roomId, carol.idToken)).toMatchObject({ ok: false, code: 'room/locked' });
    expect(await refusedJoin(roomId)).toMatchObject({ ok: false, code: 'room/locked' });
    b.socket.close();
    await joined(roomId, bob.idToken);
    expect(await ask(h.socket, 'room:controls', { roomId, locked: false })).toMatchObject({ ok: true });
    await joined(roomId, carol.idToken);
  });

  it('a removed user is refused by the REST join as by join-room, and the room is as it was', async () => {
    const roomId = await createRoomAs(box, host.idToken);
    const h = await joined(roomId, host.idToken);
    expect((await box.call('POST', `/api/rooms/${roomId}/join`, { token: bob.idToken, body: {} })).status).toBe(200);
    const b = await joined(roomId, bob.idToken);
    expect(await ask(h.socket, 'room:remove', { roomId, peerId: b.peerId })).toEqual({ ok: true });
    await until(() => b.heard.get('removed-from-room')?.length === 1, { what: 'removed-from-room heard' });
    const before = (await box.call('GET', `/api/rooms/${roomId}`, { token: host.idToken })).body.room;
    // Removing took bob off the room's participants too.
    expect(before.participants.map((p: { firebase_uid: string }) => p.firebase_uid)).not.toContain(bob.user.uid);

    const rest = await box.call('POST', `/api/rooms/${roomId}/join`, { token: bob.idToken, body: {} });
    const socket = await refusedJoin(roomId, bob.idToken);
    expect(rest).toEqual({
      status: 403,
      body: { error: { code: 'room/removed', message: REMOVED_FROM_ROOM_MESSAGE } },
    });
    expect(socket).toEqual({ ok: false, code: 'room/removed', message: REMOVED_FROM_ROOM_MESSAGE });
    expect((await box.call('GET', `/api/rooms/${roomId}`, { token: host.idToken })).body.room).toEqual(before);
    expect(h.heard.get('participant-joined')).toHaveLength(1);
    // The host is never refused, and someone else still gets in by either door.
    expect((await box.call('POST', `/api/rooms/${roomId}/join`, { token: host.idToken, body: {} })).status).toBe(200);
    expect((await box.call('POST', `/api/rooms/${roomId}/join`, { token: carol.idToken, body: {} })).status).toBe(200);
  });

  it("join-room answers the room's controls: a host back after a reload sees the lock it set", async () => {
    const roomId = await createRoomAs(box, host.idToken);
    const h = await joined(roomId, host.idToken);
    const guest = await joined(roomId);
    const set = await ask(h.socket, 'room:controls', { roomId, locked: true, maxParticipants: 3 });
    expect(set).toMatchObject({ ok: true });
    h.socket.close();
    const again = await sockets.connect(host.idToken);
    const ack = await ask(again, 'join-room', { roomId });
    expect(ack.data.controls).toEqual(set.data);
    expect(ack.data.controls).toMatchObject({ locked: true, settings: { maxParticipants: 3 } });
    // Still the truth for everyone else too: nobody new gets in.
    expect(await refusedJoin(roomId)).toMatchObject({ code: 'room/locked' });
    expect(guest.heard.get('removed-from-room')).toBeUndefined();
  });

  it('refuses a bad payload with a validation code', async () => {
    const roomId = await createRoomAs(box, host.idToken);
    const h = await joined(roomId, host.idToken);
    expect(await ask(h.socket, 'room:controls', { roomId, maxParticipants: 0 })).toMatchObject({
      ok: false,
      code: expect.stringMatching(/^validation\//),
    });
    expect(await ask(h.socket, 'room:remove', { roomId, peerId: h.peerId })).toMatchObject({
      ok: false,
      code: 'room/not-joined',
    });
  });
});
