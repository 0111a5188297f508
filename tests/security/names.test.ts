import { describe, expect, it } from 'vitest';
import { signUpUser } from '../../server/src/testing/test-api.js';
import { useRoomBox } from '../support/room-box.js';
import { createRoomAs } from '../support/room-sockets.js';

// Issue 34 item 10: a name other people read (a profile's full name, an account's display name, a
// room's name, and through them the room's members, talkers and recordings) is one visible line
// without control or text-direction characters. Each attempt below is refused with a 400 and
// changes nothing: the room still shows the name the person had.
const { box, sockets, people } = useRoomBox({ host: 'Hana Host', mallory: 'Mallory' });

const BAD_NAMES = ['   ', 'A\u0007B', '\u202Etsoh ehT', 'two\nlines', '\u200B', 'x\u2066y'];

function expectRefused(answer: { status: number; body: any }): void {
  expect(answer.status).toBe(400);
  // The auth routes answer bad input with Firebase's code, the others with the API's.
  expect(['validation/invalid-body', 'auth/invalid-argument']).toContain(answer.body.error.code);
  expect(answer.body.error.message).toMatch(/name must (not be blank|be one line without control)/);
}

describe('names shown to others', () => {
  it('refuses blank, control and bidi-override names in profiles, sign-up profiles and display names', async () => {
    for (const name of BAD_NAMES) {
      expectRefused(
        await box.call('POST', '/api/user/save-profile', { token: people.mallory.idToken, body: { user_name: name } }),
      );
      expectRefused(
        await box.call('POST', '/api/user/public-save-profile', {
          token: people.mallory.idToken,
          body: {
            user_name: name,
            user_email: `${people.mallory.username}@example.test`,
            user_username: people.mallory.username,
            firebase_uid: people.mallory.user.uid,
          },
        }),
      );
      expectRefused(
        await box.call('PATCH', '/api/auth/me', { token: people.mallory.idToken, body: { displayName: name } }),
      );
    }
    const profile = await box.call('GET', '/api/user/profile', { token: people.mallory.idToken });
    expect(profile.body.user.user_name).toBe('Mallory');

    // What the room's members are shown is the name Mallory had.
    const roomId = await createRoomAs(box, people.host.idToken);
    const hostSide = await sockets.joined(roomId, people.host.idToken);
    await sockets.joined(roomId, people.mallory.idToken);
    const joined = hostSide.heard.get('peer-joined') as { user_name: string }[];
    expect(joined.map((peer) => peer.user_name)).toEqual(['Mallory']);
  });

  it('refuses such room names, and creates no room', async () => {
    const maker = await signUpUser(box, { name: 'Rita Rooms' });
    for (const name of BAD_NAMES) {
      expectRefused(await box.call('POST', '/api/rooms/create', { token: maker.idToken, body: { name } }));
    }
    const mine = await box.call('GET', '/api/rooms/live/mine', { token: maker.idToken });
    expect(mine.body.room).toBeNull();
  });
});
