import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { signUpUser } from '../../server/src/testing/test-api.js';
import { useInProcessBox } from '../support/in-process-box.js';
import { ask, createRoomAs, roomSocketFactory } from '../support/room-sockets.js';

// Issue 34 item 7: a chat message's id names one message of the room. An anonymous guest who sends
// a member's message id again is refused, and a joiner's history keeps the member's message as sent.
const box = useInProcessBox();
const sockets = roomSocketFactory(() => box.baseUrl);
let host: Awaited<ReturnType<typeof signUpUser>>;
let member: Awaited<ReturnType<typeof signUpUser>>;

beforeAll(async () => {
  host = await signUpUser(box, { name: 'Hana Host' });
  member = await signUpUser(box, { name: 'Mia Member' });
});
afterEach(() => sockets.closeAll());

interface Chat {
  from: string;
  fromName: string;
  message: string;
  id?: string;
}

describe('chat message ids', () => {
  it("refuses a guest's message that reuses a member's id; a joiner's history keeps the member's", async () => {
    const roomId = await createRoomAs(box, host.idToken);
    await sockets.joined(roomId, host.idToken);
    const victim = await sockets.joined(roomId, member.idToken);
    const sent = await ask(victim.socket, 'chat', { roomId, message: 'the real words', id: 'victimMessage0001' });
    expect(sent).toMatchObject({ ok: true, data: { fromName: 'Mia Member', id: 'victimMessage0001' } });

    const guest = await sockets.joined(roomId);
    const forged = await ask(guest.socket, 'chat', {
      roomId,
      message: 'words put in her mouth',
      id: 'victimMessage0001',
    });
    expect(forged).toMatchObject({ ok: false, code: 'chat/id-taken' });
    // The guest's own messages, with ids of its own, still go through.
    expect(await ask(guest.socket, 'chat', { roomId, message: 'hello', id: 'guestMessage0001' })).toMatchObject({
      ok: true,
    });

    const joiner = await sockets.joined(roomId);
    const history = joiner.join.chat as Chat[];
    const named = history.filter((chat) => chat.id === 'victimMessage0001');
    expect(named).toEqual([
      expect.objectContaining({ from: member.user.uid, fromName: 'Mia Member', message: 'the real words' }),
    ]);
    expect(history.map((chat) => chat.message)).toEqual(['the real words', 'hello']);
  });
});
