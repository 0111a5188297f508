import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { signUpUser } from '../../server/src/testing/test-api.js';
import { useInProcessBox } from '../support/in-process-box.js';
import { ask, createRoomAs, recorder, roomSocketFactory } from '../support/room-sockets.js';
import { until } from '../support/until.js';

// An anonymous guest's server-signed identity (join-room's guestToken): presented at the next
// handshake, the guest comes back as itself after a drop; nobody can claim another guest's id.
const box = useInProcessBox();
const sockets = roomSocketFactory(() => box.baseUrl);
let host: Awaited<ReturnType<typeof signUpUser>>;

beforeAll(async () => {
  host = await signUpUser(box, { name: 'Hana Host' });
});
afterEach(() => sockets.closeAll());

/** Joins as a guest, presenting `guestToken` when given; the ack as the server sent it. */
async function guestJoin(roomId: string, guestToken?: string) {
  const socket = await sockets.connect(undefined, guestToken ? { auth: { guest: guestToken } } : {});
  const heard = recorder(socket);
  const ack = await ask(socket, 'join-room', { roomId });
  return { socket, heard, ack };
}

/** The id the server knows a guest by, as everyone sees it: the `from` of its chat. */
async function chatFrom(socket: Awaited<ReturnType<typeof guestJoin>>['socket'], roomId: string) {
  const sent = await ask(socket, 'chat', { roomId, message: 'hello' });
  expect(sent).toMatchObject({ ok: true });
  return sent.data.from as string;
}

async function hostIn(roomId: string) {
  const socket = await sockets.connect(host.idToken);
  const heard = recorder(socket);
  const ack = await ask(socket, 'join-room', { roomId });
  expect(ack).toMatchObject({ ok: true });
  expect(ack.data.guestToken).toBeUndefined();
  return { socket, heard };
}

describe('an anonymous guest across a reconnect', () => {
  it('comes back as the same guest: the same id, counted once', async () => {
    const roomId = await createRoomAs(box, host.idToken);
    const h = await hostIn(roomId);
    const first = await guestJoin(roomId);
    expect(first.ack).toMatchObject({ ok: true, data: { self: { user_name: 'Guest User' } } });
    const token = first.ack.data.guestToken as string;
    expect(token).toEqual(expect.any(String));
    const id = await chatFrom(first.socket, roomId);

    first.socket.close();
    await until(() => h.heard.get('participant-left')?.length === 1, { what: 'the host sees the guest go' });
    const back = await guestJoin(roomId, token);
    expect(back.ack).toMatchObject({ ok: true });
    expect(await chatFrom(back.socket, roomId)).toBe(id);
    await until(() => (h.heard.get('room-update')?.at(-1) as { participantCount: number })?.participantCount === 1, {
      what: 'one participant',
    });

    // A second tab with the same token is the same person: still one participant.
    const tab = await guestJoin(roomId, back.ack.data.guestToken);
    expect(await chatFrom(tab.socket, roomId)).toBe(id);
    expect(h.heard.get('participant-joined')).toHaveLength(2);
    expect((h.heard.get('room-update')?.at(-1) as { participantCount: number }).participantCount).toBe(1);
  });

  it('a forged or edited token makes a new guest, never the one it names', async () => {
    const roomId = await createRoomAs(box, host.idToken);
    await hostIn(roomId);
    const victim = await guestJoin(roomId);
    const victimId = await chatFrom(victim.socket, roomId);
    const [version, , expires, signature] = (victim.ack.data.guestToken as string).split('.');
    const attacker = await guestJoin(roomId);
    const attackerToken = (attacker.ack.data.guestToken as string).split('.');
    for (const forged of [
      // The attacker's own signature over the victim's id.
      [attackerToken[0], victimId, attackerToken[2], attackerToken[3]].join('.'),
      // The victim's id and signature with a later expiry.
      [version, victimId, (Number.parseInt(expires!, 36) + 1).toString(36), signature].join('.'),
      `${version}.${victimId}.${expires}.`,
    ]) {
      const posing = await guestJoin(roomId, forged);
      expect(posing.ack).toMatchObject({ ok: true });
      expect(await chatFrom(posing.socket, roomId)).not.toBe(victimId);
    }
  });

  it('a removed guest stays removed when it comes back with its token', async () => {
    const roomId = await createRoomAs(box, host.idToken);
    const h = await hostIn(roomId);
    const guest = await guestJoin(roomId);
    expect(await ask(h.socket, 'room:remove', { roomId, peerId: guest.ack.data.self.peerId })).toEqual({ ok: true });
    await until(() => guest.heard.get('removed-from-room')?.length === 1, { what: 'removed-from-room heard' });
    const back = await guestJoin(roomId, guest.ack.data.guestToken);
    expect(back.ack).toMatchObject({ ok: false, code: 'room/removed', message: 'You were removed from this room' });
    expect(h.heard.get('participant-joined')).toHaveLength(1);
  });
});

// Last: a drain lasts for the rest of this box's life.
describe('an anonymous guest while the server drains', () => {
  it('gets back in after a drop with its token; a guest without one, or with a forged one, does not', async () => {
    const roomId = await createRoomAs(box, host.idToken);
    const h = await hostIn(roomId);
    const guest = await guestJoin(roomId);
    const id = await chatFrom(guest.socket, roomId);
    void box.drain(600);
    await until(() => h.heard.get('server-draining')?.length === 1, { what: 'server-draining heard' });

    guest.socket.close();
    await until(() => h.heard.get('participant-left')?.length === 1, { what: 'the host sees the guest go' });
    const back = await guestJoin(roomId, guest.ack.data.guestToken);
    expect(back.ack).toMatchObject({ ok: true });
    expect(await chatFrom(back.socket, roomId)).toBe(id);

    expect((await guestJoin(roomId)).ack).toMatchObject({ ok: false, code: 'server/draining' });
    const [version, , expires] = (guest.ack.data.guestToken as string).split('.');
    const forged = [version, id, expires, 'A'.repeat(43)].join('.');
    expect((await guestJoin(roomId, forged)).ack).toMatchObject({ ok: false, code: 'server/draining' });
  });
});
