import { afterEach, describe, expect, it } from 'vitest';
import type { Message } from '@riffroom/protocol';
import { signUpUser } from '../../server/src/testing/test-api.js';
import { useInProcessBox } from '../support/in-process-box.js';
import { connected, socketOpener } from '../support/sockets.js';
import { until } from '../support/until.js';

const box = useInProcessBox();
const { connect, closeAll } = socketOpener(() => box.baseUrl);

afterEach(closeAll);

describe('realtime notifications', () => {
  it('delivers a message sent over HTTP to every socket of the recipient, and to nobody else', async () => {
    const alice = await signUpUser(box);
    const bob = await signUpUser(box);
    const eve = await signUpUser(box);
    const tabs = [connect(bob.idToken), connect(bob.idToken)];
    const eveSocket = connect(eve.idToken);
    await Promise.all([...tabs, eveSocket].map(connected));
    const received: Message[][] = [[], []];
    tabs.forEach((tab, i) => tab.on('new-message', (message: Message) => received[i]!.push(message)));
    const eveReceived: Message[] = [];
    eveSocket.on('new-message', (message: Message) => eveReceived.push(message));
    for (const tab of tabs) {
      expect(await tab.emitWithAck('register-user', bob.user.uid)).toEqual({ ok: true });
    }

    const sent = await box.call('POST', '/api/messages/send', {
      token: alice.idToken,
      body: { to_uid: bob.user.uid, content: 'ping' },
    });
    expect(sent.status).toBe(201);

    await until(() => received.every((list) => list.length === 1), { what: 'both tabs received the message' });
    for (const list of received) expect(list[0]).toEqual(sent.body.message);
    expect(eveReceived).toEqual([]);
  });

  it('refuses to register another user', async () => {
    const bob = await signUpUser(box);
    const mallory = await signUpUser(box);
    const socket = connect(mallory.idToken);
    await connected(socket);
    const heard: Message[] = [];
    socket.on('new-message', (message: Message) => heard.push(message));
    const ack = await socket.emitWithAck('register-user', bob.user.uid);
    expect(ack).toMatchObject({ ok: false, code: 'auth/forbidden' });
    const invalid = await socket.emitWithAck('register-user', { uid: bob.user.uid });
    expect(invalid).toMatchObject({ ok: false, code: 'validation/invalid-payload' });

    // Proof that the refusal held: a message to bob does not reach mallory's socket, while one to her does.
    const alice = await signUpUser(box);
    await box.call('POST', '/api/messages/send', {
      token: alice.idToken,
      body: { to_uid: bob.user.uid, content: 'for bob' },
    });
    await box.call('POST', '/api/messages/send', {
      token: alice.idToken,
      body: { to_uid: mallory.user.uid, content: 'for mallory' },
    });
    await until(() => heard.length >= 1, { what: 'mallory received her own message' });
    expect(heard.map((message) => message.content)).toEqual(['for mallory']);
  });

  it("closes a signed-out session's sockets at once and keeps the user's other sessions listening", async () => {
    const alice = await signUpUser(box);
    const bob = await signUpUser(box);
    const login = await box.call('POST', '/api/auth/login', {
      body: { email: `${bob.username}@example.test`, password: 'secret123' },
    });
    expect(login.status).toBe(200);
    const laptop = connect(bob.idToken);
    const phone = connect(login.body.idToken);
    await Promise.all([laptop, phone].map(connected));
    const onPhone: Message[] = [];
    phone.on('new-message', (message: Message) => onPhone.push(message));

    expect((await box.call('POST', '/api/auth/logout', { token: bob.idToken, body: {} })).status).toBe(204);
    await until(() => !laptop.connected, { what: 'the signed-out socket closed' });
    expect(phone.connected).toBe(true);
    await box.call('POST', '/api/messages/send', {
      token: alice.idToken,
      body: { to_uid: bob.user.uid, content: 'still here?' },
    });
    await until(() => onPhone.length === 1, { what: 'the other session received the message' });
  });

  it('refuses a socket with a bad token', async () => {
    const socket = connect('not-a-token');
    await expect(connected(socket)).rejects.toThrow('auth/unauthenticated');
  });

  it('lets an anonymous socket connect but not register', async () => {
    const socket = connect();
    await connected(socket);
    const ack = await socket.emitWithAck('register-user', 'someone');
    expect(ack).toMatchObject({ ok: false, code: 'auth/unauthenticated' });
  });
});
