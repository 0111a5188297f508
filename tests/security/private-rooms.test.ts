/**
 * Issue 14, item 10: a private room (`isPublic: false`) admits its host and the people the host
 * follows; strangers and anonymous guests get nothing of it, over HTTP or over the socket.
 */
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { PRIVATE_ROOM_MESSAGE } from '@riffroom/protocol';
import { signUpUser } from '../../server/src/testing/test-api.js';
import { useInProcessBox } from '../support/in-process-box.js';
import { ask, createRoomAs, roomSocketFactory } from '../support/room-sockets.js';

const box = useInProcessBox();
const sockets = roomSocketFactory(() => box.baseUrl);
let host: Awaited<ReturnType<typeof signUpUser>>;
let invitee: Awaited<ReturnType<typeof signUpUser>>;
let stranger: Awaited<ReturnType<typeof signUpUser>>;
let roomId: string;

beforeAll(async () => {
  host = await signUpUser(box, { name: 'Priya Host' });
  invitee = await signUpUser(box, { name: 'Ivan Invitee' });
  stranger = await signUpUser(box, { name: 'Stan Stranger' });
  // The host follows the invitee (its Invite Collaborators list); the stranger follows the host,
  // which anyone may do, and which must not open the door.
  expect((await box.call('POST', `/api/user/follow/${invitee.user.uid}`, { token: host.idToken })).status).toBe(204);
  expect((await box.call('POST', `/api/user/follow/${host.user.uid}`, { token: stranger.idToken })).status).toBe(204);
  roomId = await createRoomAs(box, host.idToken, { name: 'Secret mix', settings: { isPublic: false } });
});
afterEach(() => sockets.closeAll());

const refusal = { error: { code: 'room/private', message: PRIVATE_ROOM_MESSAGE } };

describe('a private room', () => {
  it('shows nothing of itself over HTTP to an anonymous caller or a stranger', async () => {
    const anonymous = await box.call('GET', `/api/rooms/${roomId}`);
    expect(anonymous).toEqual({ status: 403, body: refusal });
    const asStranger = await box.call('GET', `/api/rooms/${roomId}`, { token: stranger.idToken });
    expect(asStranger).toEqual({ status: 403, body: refusal });
  });

  it('refuses a stranger’s REST join and records nothing', async () => {
    const join = await box.call('POST', `/api/rooms/${roomId}/join`, {
      token: stranger.idToken,
      body: { role: 'participant' },
    });
    expect(join).toEqual({ status: 403, body: refusal });
    const seen = await box.call('GET', `/api/rooms/${roomId}`, { token: host.idToken });
    expect(seen.body.room.participants).toEqual([]);
  });

  it('refuses a stranger’s and an anonymous guest’s socket join', async () => {
    for (const token of [stranger.idToken, undefined]) {
      const socket = await sockets.connect(token);
      expect(await ask(socket, 'join-room', { roomId })).toMatchObject({
        ok: false,
        code: 'room/private',
        message: PRIVATE_ROOM_MESSAGE,
      });
      // Refused means not in: room calls still say so.
      expect(await ask(socket, 'chat', { roomId, message: 'let me in' })).toMatchObject({ code: 'room/not-joined' });
    }
  });

  it('lets the host and the people the host follows in, over HTTP and the socket', async () => {
    const view = await box.call('GET', `/api/rooms/${roomId}`, { token: invitee.idToken });
    expect(view.status).toBe(200);
    expect(view.body.room).toMatchObject({ roomId, name: 'Secret mix', settings: { isPublic: false } });
    const join = await box.call('POST', `/api/rooms/${roomId}/join`, {
      token: invitee.idToken,
      body: { role: 'participant' },
    });
    expect(join.status).toBe(200);
    for (const token of [host.idToken, invitee.idToken]) {
      const socket = await sockets.connect(token);
      expect(await ask(socket, 'join-room', { roomId })).toMatchObject({ ok: true });
    }
  });

  it('leaves public rooms open to anyone with the link', async () => {
    const publicRoom = await createRoomAs(box, host.idToken);
    expect((await box.call('GET', `/api/rooms/${publicRoom}`)).status).toBe(200);
    const socket = await sockets.connect();
    expect(await ask(socket, 'join-room', { roomId: publicRoom })).toMatchObject({ ok: true });
  });
});
