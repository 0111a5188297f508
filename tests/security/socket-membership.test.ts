import { describe, expect, it } from 'vitest';
import { signUpUser } from '../../server/src/testing/test-api.js';
import { useRoomBox } from '../support/room-box.js';
import { ask, createRoomAs, recorder } from '../support/room-sockets.js';
import { until } from '../support/until.js';

// Issue 14 items 4 (ghost members) and 8 (sockets per person per room), attacked over real sockets.
const { box, sockets, people } = useRoomBox({ host: 'Hana Host', mallory: 'Mallory' });

const smallRoom = () => createRoomAs(box, people.host.idToken, { settings: { maxParticipants: 1 } });

/** The host in the room, with the room-update events it hears. */
async function hostIn(roomId: string) {
  const socket = await sockets.connect(people.host.idToken);
  const heard = recorder(socket);
  expect(await ask(socket, 'join-room', { roomId })).toMatchObject({ ok: true });
  const participants = () => (heard.get('room-update') as { participantCount: number }[] | undefined)?.at(-1);
  return { socket, participants };
}

describe('ghost members (item 4)', () => {
  it('a socket that joins two rooms in the same tick is in one at a time, and leaves no ghost when it disconnects', async () => {
    const [roomA, roomB] = [await smallRoom(), await smallRoom()];
    const [hostA, hostB] = [await hostIn(roomA), await hostIn(roomB)];
    const attacker = await sockets.connect(people.mallory.idToken);

    // Both emitted before either is answered.
    const [joinA, joinB] = await Promise.all([
      ask(attacker, 'join-room', { roomId: roomA }),
      ask(attacker, 'join-room', { roomId: roomB }),
    ]);
    expect(joinA.ok && joinB.ok).toBe(true);
    // The second join moved the socket: room A is free again at once.
    await until(() => hostA.participants()?.participantCount === 0, { what: 'room A back to 0' });
    attacker.disconnect();
    await until(() => hostB.participants()?.participantCount === 0, { what: 'room B back to 0' });

    // Both maxParticipants:1 rooms take a real guest.
    for (const roomId of [roomA, roomB]) {
      const guest = await sockets.connect();
      expect(await ask(guest, 'join-room', { roomId })).toMatchObject({ ok: true });
    }
  });

  it('a socket that leaves while its transport is being made keeps no transport', async () => {
    const roomId = await smallRoom();
    await hostIn(roomId);
    const attacker = await sockets.connect(people.mallory.idToken);
    expect(await ask(attacker, 'join-room', { roomId })).toMatchObject({ ok: true });

    const [created, left] = await Promise.all([
      ask(attacker, 'sfu:create-transport', { roomId, direction: 'recv' }),
      ask(attacker, 'leave-room', { roomId }),
    ]);
    expect(left).toEqual({ ok: true });
    // Refused, so there is no transport id to use: the transport was closed, not handed out.
    expect(created).toMatchObject({ ok: false });
    expect(created.data).toBeUndefined();
  });
});

describe('sockets per person per room (item 8)', () => {
  it('admits three sockets of one account to a maxParticipants:1 room and refuses the other seventeen', async () => {
    const roomId = await smallRoom();
    const tabs = await signUpUser(box, { name: 'Tabby' });
    const many = await Promise.all(Array.from({ length: 20 }, () => sockets.connect(tabs.idToken)));
    const heard = many.map((socket) => recorder(socket));
    const acks = await Promise.all(many.map((socket) => ask(socket, 'join-room', { roomId })));
    expect(acks.filter((ack) => ack.ok)).toHaveLength(3);
    const refused = acks.filter((ack) => !ack.ok);
    expect(refused).toHaveLength(17);
    for (const ack of refused) {
      expect(ack).toMatchObject({ ok: false, code: 'room/too-many-sockets' });
      expect(ack.message).toMatch(/open 3 times already/);
    }

    // One tab closes: its place goes to the next.
    const [first, second] = acks.flatMap((ack, index) => (ack.ok ? [index] : []));
    many[first!]!.disconnect();
    await until(() => heard[second!]!.get('user-left')?.length === 1, { what: 'the tab is gone' });
    const next = many[acks.findIndex((ack) => !ack.ok)]!;
    expect(await ask(next, 'join-room', { roomId })).toMatchObject({ ok: true });
  });
});
