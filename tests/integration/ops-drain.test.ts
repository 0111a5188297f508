import { afterEach, describe, expect, it } from 'vitest';
import { SERVER_DRAINING_MESSAGE } from '@riffroom/protocol';
import { jsonCaller, signUpUser } from '../../server/src/testing/test-api.js';
import {
  createTransport,
  joinAsMember,
  loadDevice,
  produceSyntheticScreen,
  watchRoom,
  type RoomMember,
} from '../../bench/lib/wrtc-room-client.js';
import { startBox, type Box } from '../support/box.js';
import { ask, createRoomAs, recorder, roomSocketFactory } from '../support/room-sockets.js';
import { until } from '../support/until.js';

// SIGTERM on the real box with a live room: the room goes on (its viewer keeps decoding the host's
// screen over the SFU), nobody new gets in (a member coming back does), and the box exits once the
// room ends.
let box: Box | undefined;
const sockets = roomSocketFactory(() => box!.baseUrl);
const cleanups: (() => void)[] = [];

afterEach(async () => {
  sockets.closeAll();
  for (const cleanup of cleanups.splice(0)) cleanup();
  await box?.stop();
  box = undefined;
});

/** The host shares a synthetic screen on the SFU through libwebrtc, as the browser does. */
async function hostSharing(baseUrl: string, roomId: string, token: string): Promise<RoomMember> {
  const host = await joinAsMember(baseUrl, roomId, token);
  const device = await loadDevice(host);
  const transport = await createTransport(host, device, 'send');
  const screen = await produceSyntheticScreen(transport);
  cleanups.push(() => screen.stop());
  cleanups.push(() => host.close());
  return host;
}

/** A viewer decoding the host's screen; `decoded()` reads its frames decoded so far. */
async function viewerWatching(baseUrl: string, roomId: string) {
  const viewer = await joinAsMember(baseUrl, roomId);
  cleanups.push(() => viewer.close());
  const heard = recorder(viewer.socket);
  const { consumers, decoded } = await watchRoom(viewer);
  expect(consumers).toHaveLength(1);
  return { viewer, heard, decoded };
}

async function liveRoom(env: Record<string, string>) {
  box = await startBox(env);
  const call = jsonCaller(box.baseUrl);
  const owner = await signUpUser({ call }, { name: 'Hana Host' });
  const roomId = await createRoomAs({ baseUrl: box.baseUrl, call }, owner.idToken, {
    settings: { allowGuestAccess: true },
  });
  const host = await hostSharing(box.baseUrl, roomId, owner.idToken);
  const watcher = await viewerWatching(box.baseUrl, roomId);
  await until(async () => (await watcher.decoded()) > 5, { timeoutMs: 20_000, what: 'the viewer decodes frames' });
  return { box, call, owner, roomId, host, watcher };
}

describe('draining on SIGTERM', () => {
  it('refuses new rooms and joins, keeps the live room working, and exits once the room ends', async () => {
    const { box, call, owner, roomId, watcher } = await liveRoom({ DRAIN_TIMEOUT_S: '600' });
    box.signal('SIGTERM');

    // Members are told, calmly.
    await until(() => watcher.heard.get('server-draining')?.length === 1, { what: 'server-draining heard' });
    expect(SERVER_DRAINING_MESSAGE).toMatch(/restarting/);
    const ready = await fetch(`${box.baseUrl}/readyz`);
    expect(ready.status).toBe(503);
    expect(await ready.json()).toEqual({ ok: false, failing: ['draining'] });

    // Nobody new gets in: a socket join, an API join and a new room are refused.
    const newcomer = await sockets.connect();
    expect(await ask(newcomer, 'join-room', { roomId })).toMatchObject({ ok: false, code: 'server/draining' });
    // A member coming back (a blip, a reload: a new socket) gets back in.
    const back = await sockets.connect(owner.idToken);
    expect(await ask(back, 'join-room', { roomId })).toMatchObject({ ok: true, data: { self: { role: 'host' } } });
    const other = await signUpUser({ call }, { name: 'Late Comer' });
    const apiJoin = await call('POST', `/api/rooms/${roomId}/join`, { token: other.idToken, body: { role: 'viewer' } });
    expect(apiJoin.status).toBe(503);
    expect(apiJoin.body.error.code).toBe('server/draining');
    const created = await call('POST', '/api/rooms/create', {
      token: owner.idToken,
      body: { name: 'Another', baseUrl: box.baseUrl, settings: {} },
    });
    expect(created.status).toBe(503);
    expect(created.body).toMatchObject({ error: { code: 'server/draining' } });

    // The live room keeps its picture: the viewer goes on decoding well after the SIGTERM.
    const atDrain = await watcher.decoded();
    await until(async () => (await watcher.decoded()) > atDrain + 15, {
      timeoutMs: 15_000,
      what: 'frames keep arriving while draining',
    });
    expect(await Promise.race([box.exited.then(() => 'exited'), Promise.resolve('running')])).toBe('running');

    // The host ends the room: the box has nothing left to wait for and exits cleanly.
    expect((await call('POST', `/api/rooms/${roomId}/end`, { token: owner.idToken })).status).toBe(200);
    expect(await box.exited).toBe(0);
  });

  it('exits at once on a second SIGTERM, with the room still live', async () => {
    const { box, watcher } = await liveRoom({ DRAIN_TIMEOUT_S: '600' });
    box.signal('SIGTERM');
    await until(() => watcher.heard.get('server-draining')?.length === 1, { what: 'server-draining heard' });
    const second = Date.now();
    box.signal('SIGTERM');
    await box.exited;
    expect(Date.now() - second).toBeLessThan(5000);
  });
});
