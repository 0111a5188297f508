import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { SignJWT, generateKeyPair } from 'jose';
import { io } from 'socket.io-client';
import { signUpUser, type JsonCall } from '../../server/src/testing/test-api.js';
import { ask, createRoomAs, recorder, roomSocketFactory } from '../support/room-sockets.js';
import { startScaleCluster, type ScaleCluster } from '../support/scale-cluster.js';
import { until } from '../support/until.js';

// The scaled setup on real parts (ARCHITECTURE.md "Scaling out"): a redis-server, a PostgreSQL 15,
// one `api` process and three `media` processes, all on 127.0.0.1. Members of one room sit on
// different nodes and must see one room.
let cluster: ScaleCluster;
let call: JsonCall;
const [A, B, C] = [0, 1, 2];
const openers = [A, B, C].map((node) => roomSocketFactory(() => cluster.nodes[node]!.baseUrl));

beforeAll(async () => {
  cluster = await startScaleCluster({
    nodes: 3,
    postgres: true,
    // Short, so the key-rotation test need not wait out the production cooldown.
    node: () => ({ JWKS_COOLDOWN_MS: '500' }),
  });
  call = cluster.call;
}, 180_000);

afterEach(() => openers.forEach((opener) => opener.closeAll()));

afterAll(() => cluster?.stop(), 60_000);

const lastOf = (heard: Map<string, unknown[]>, event: string) => heard.get(event)?.at(-1);

async function joinOn(node: number, roomId: string, token?: string) {
  const socket = await openers[node]!.connect(token);
  const heard = recorder(socket);
  const ack = await ask(socket, 'join-room', { roomId, userId: 'ignored', isHost: false });
  expect(ack).toMatchObject({ ok: true });
  return { socket, heard, join: ack.data };
}

describe('one room over three media nodes', () => {
  it('a host on A and guests on B and C all see each other in room-update, and chat across nodes', async () => {
    const host = await signUpUser(cluster, { name: 'Hana Host' });
    const guest = await signUpUser(cluster, { name: 'Gus Guest' });
    const roomId = await createRoomAs(cluster, host.idToken);

    const onA = await joinOn(A, roomId, host.idToken);
    const onB = await joinOn(B, roomId, guest.idToken);
    const onC = await joinOn(C, roomId); // an anonymous guest
    const everyone = { participantCount: 2, hostOnline: true };
    for (const member of [onA, onB, onC]) {
      await until(() => JSON.stringify(lastOf(member.heard, 'room-update')) === JSON.stringify(everyone), {
        what: 'room-update counting the members of every node',
      });
    }
    // The host on A heard both guests arrive, though neither is on its node.
    await until(() => (onA.heard.get('peer-joined')?.length ?? 0) === 2, { what: 'peer-joined from B and C' });

    const sent = await ask(onC.socket, 'chat', { roomId, message: 'hello from C', id: 'c-1' });
    expect(sent).toMatchObject({ ok: true });
    for (const member of [onA, onB]) {
      await until(
        () => member.heard.get('chat')?.some((chat) => (chat as { message: string }).message === 'hello from C'),
        { what: 'the chat from node C' },
      );
    }

    // The guest on B leaves: A and C count one fewer.
    onB.socket.close();
    for (const member of [onA, onC]) {
      await until(() => (lastOf(member.heard, 'room-update') as { participantCount: number }).participantCount === 1, {
        what: 'room-update after B left',
      });
    }
  });

  it("the host's room settings and its end reach the members on every node", async () => {
    const host = await signUpUser(cluster, { name: 'Edda Ender' });
    const roomId = await createRoomAs(cluster, host.idToken);
    const members = [await joinOn(A, roomId, host.idToken), await joinOn(B, roomId), await joinOn(C, roomId)];

    const patched = await call('PATCH', `/api/rooms/${roomId}/settings`, {
      token: host.idToken,
      body: { tier: 'relay' },
    });
    expect(patched.status).toBe(200);
    for (const { heard } of members.slice(1)) {
      await until(() => JSON.stringify(lastOf(heard, 'room-settings')) === JSON.stringify({ tier: 'relay' }), {
        what: 'room-settings on B and C',
      });
    }

    const ended = await call('POST', `/api/rooms/${roomId}/end`, { token: host.idToken });
    expect(ended.status).toBe(200);
    for (const { heard, socket } of members) {
      await until(() => heard.has('room-ended') && !socket.connected, { what: 'room-ended, then disconnected' });
    }
  });

  it("signing out ends that session's sockets on every node, and only that session's", async () => {
    const user = await signUpUser(cluster, { name: 'Sam Signout' });
    const other = await call('POST', '/api/auth/login', {
      body: { email: `${user.username}@example.test`, password: 'secret123' },
    });
    expect(other.status).toBe(200);
    const onA = await openers[A]!.connect(user.idToken);
    const onB = await openers[B]!.connect(user.idToken);
    const otherSession = await openers[C]!.connect(other.body.idToken);
    // Each socket has joined its session's channel once the server answers a request of it.
    for (const socket of [onA, onB, otherSession]) {
      expect(await ask(socket, 'register-user', user.user.uid)).toMatchObject({ ok: true });
    }

    const out = await call('POST', '/api/auth/logout', {
      token: user.idToken,
      body: { refreshToken: user.refreshToken },
    });
    expect(out.status).toBe(204);
    await until(() => !onA.connected && !onB.connected, { what: 'the signed-out sockets on A and B closed' });
    expect(otherSession.connected).toBe(true);
  });

  it("verifies tokens against the API's published keys, and refuses a token no key of the API signed", async () => {
    const jwks = await call('GET', '/.well-known/jwks.json');
    expect(jwks.status).toBe(200);
    expect(jwks.body.keys).toHaveLength(1);

    const forger = await generateKeyPair('ES256');
    const forged = await new SignJWT({ sid: 'forged' })
      .setProtectedHeader({ alg: 'ES256', kid: jwks.body.keys[0].kid })
      .setSubject('someone-else')
      .setIssuer('riffroom')
      .setAudience('riffroom')
      .setIssuedAt()
      .setExpirationTime('1h')
      .sign(forger.privateKey);
    const refused = io(cluster.nodes[B]!.baseUrl, {
      transports: ['websocket'],
      auth: { token: forged },
      reconnection: false,
    });
    const outcome = await new Promise<string>((resolve) => {
      refused.once('connect', () => resolve('connected'));
      refused.once('connect_error', (error) => resolve(error.message));
    });
    refused.close();
    expect(outcome).toBe('auth/unauthenticated');
  });

  it('answers the internal room directory only to callers that hold INTERNAL_SECRET', async () => {
    const host = await signUpUser(cluster, { name: 'Ida Internal' });
    const roomId = await createRoomAs(cluster, host.idToken);
    const withSecret = (value: string) => ({ headers: { 'x-riffroom-internal-secret': value } });

    expect((await call('GET', `/internal/rooms/${roomId}`)).status).toBe(401);
    expect((await call('GET', `/internal/rooms/${roomId}`, withSecret(`${cluster.secret}x`))).status).toBe(401);
    const room = await call('GET', `/internal/rooms/${roomId}`, withSecret(cluster.secret));
    expect(room.status).toBe(200);
    expect(room.body.room).toMatchObject({ roomId, host: { firebase_uid: host.user.uid } });
    expect((await call('GET', '/internal/rooms/no%20such', withSecret(cluster.secret))).status).toBe(400);
    const name = await call('GET', `/internal/users/${host.user.uid}/name`, withSecret(cluster.secret));
    expect(name.body).toEqual({ name: 'Ida Internal' });
  });

  it('a removal made on one node holds on every node and at the REST join; a guest is itself on any node', async () => {
    const host = await signUpUser(cluster, { name: 'Rita Remover' });
    const bob = await signUpUser(cluster, { name: 'Bob Removed' });
    const roomId = await createRoomAs(cluster, host.idToken);
    const onA = await joinOn(A, roomId, host.idToken);
    const bobOnA = await joinOn(A, roomId, bob.idToken);
    const removedGuest = await joinOn(A, roomId);
    const guest = await joinOn(A, roomId);
    const guestJoin = async (node: number, guestToken: string) =>
      ask(await openers[node]!.connect(undefined, { auth: { guest: guestToken } }), 'join-room', { roomId });

    // A guest that drops from A and comes back on C with its token is the same guest there.
    const said = await ask(guest.socket, 'chat', { roomId, message: 'on A' });
    guest.socket.close();
    const backOnC = await openers[C]!.connect(undefined, { auth: { guest: guest.join.guestToken } });
    expect(await ask(backOnC, 'join-room', { roomId })).toMatchObject({ ok: true });
    expect((await ask(backOnC, 'chat', { roomId, message: 'on C' })).data.from).toBe(said.data.from);

    for (const { join } of [bobOnA, removedGuest]) {
      expect(await ask(onA.socket, 'room:remove', { roomId, peerId: join.self.peerId })).toEqual({ ok: true });
    }
    const rest = await call('POST', `/api/rooms/${roomId}/join`, { token: bob.idToken, body: {} });
    expect(rest.status).toBe(403);
    expect(rest.body.error.code).toBe('room/removed');
    const bobOnC = await openers[C]!.connect(bob.idToken);
    expect(await ask(bobOnC, 'join-room', { roomId })).toMatchObject({ ok: false, code: 'room/removed' });
    expect(await guestJoin(B, removedGuest.join.guestToken)).toMatchObject({ ok: false, code: 'room/removed' });
    expect(await ask(await openers[B]!.connect(), 'join-room', { roomId })).toMatchObject({ ok: true });
  });

  it('picks up a rotated signing key on its first token, without a restart', async () => {
    const before = await signUpUser(cluster, { name: 'Old Key' });
    await openers[A]!.connect(before.idToken); // node A has fetched the first key set
    const oldKid = (await call('GET', '/.well-known/jwks.json')).body.keys[0].kid;

    // The API comes back on the same port with a new key (a rotation); the media nodes stay up.
    await cluster.restartApi({ SIGNING_KEY_FILE: `${cluster.dataDir}/key-2.json` });
    const rotated = (await call('GET', '/.well-known/jwks.json')).body.keys[0].kid;
    expect(rotated).not.toBe(oldKid);

    const after = await signUpUser(cluster, { name: 'New Key' });
    const socket = await until(
      async () => {
        try {
          return await openers[A]!.connect(after.idToken);
        } catch {
          return null; // within the refetch cooldown
        }
      },
      { timeoutMs: 10_000, what: 'node A accepting a token of the new key' },
    );
    expect(await ask(socket, 'register-user', after.user.uid)).toMatchObject({ ok: true });
  });
});
