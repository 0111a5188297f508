import { describe, expect, it } from 'vitest';
import { useRoomBox } from '../support/room-box.js';
import { ask, createRoomAs } from '../support/room-sockets.js';

// Issue 34 item 7: a chat message's id names one message of the room. An anonymous guest who sends
// a member's message id again is refused, and a joiner's history keeps the member's message as sent.
const { box, sockets, people } = useRoomBox({ host: 'Hana Host', member: 'Mia Member' });

interface Chat {
  from: string;
  fromName: string;
  message: string;
  id?: string;
}

describe('chat message ids', () => {
  it("refuses a guest's message that reuses a member's id; a joiner's history keeps the member's", async () => {
    const roomId = await createRoomAs(box, people.host.idToken);
    await sockets.joined(roomId, people.host.idToken);
    const victim = await sockets.joined(roomId, people.member.idToken);
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
      expect.objectContaining({ from: people.member.user.uid, fromName: 'Mia Member', message: 'the real words' }),
    ]);
    expect(history.map((chat) => chat.message)).toEqual(['the real words', 'hello']);
  });
});
