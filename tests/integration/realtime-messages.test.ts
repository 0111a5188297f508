import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { Message } from '@riffroom/protocol';
import { signUpUser } from '../../server/src/testing/test-api.js';
import { startInProcessBox, type InProcessBox } from '../support/in-process-box.js';
import { connected, socketOpener } from '../support/sockets.js';
import { until } from '../support/until.js';

let box: InProcessBox;
const { connect, closeAll } = socketOpener(() => box.baseUrl);

beforeAll(async () => {
  box = await startInProcessBox();
});
afterEach(closeAll);
afterAll(async () => {
  await box.close();
});

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
