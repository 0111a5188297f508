import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { signUpUser } from '../../server/src/testing/test-api.js';
import { useInProcessBox } from '../support/in-process-box.js';
import { createRoomAs, roomSocketFactory } from '../support/room-sockets.js';
import { until } from '../support/until.js';

// A short grace period so a test sees it run out (the default is 600 s).
const box = useInProcessBox({ roomHostGraceS: 2 });
const sockets = roomSocketFactory(() => box.baseUrl);
let host: Awaited<ReturnType<typeof signUpUser>>;

beforeAll(async () => {
  host = await signUpUser(box, { name: 'Hana Host' });
});
afterEach(() => sockets.closeAll());

const { joined } = sockets;

const myLiveRoom = async () => {
  const res = await box.call('GET', '/api/rooms/live/mine', { token: host.idToken });
  expect(res.status).toBe(200);
  return res.body.room as { roomId: string } | null;
};

describe("the host's grace period", () => {
  it('ends a room whose host stays gone: guests hear host-left, then room-ended, and the room is gone', async () => {
    const roomId = await createRoomAs(box, host.idToken);
    expect(await myLiveRoom()).toMatchObject({ roomId });
    const h = await joined(roomId, host.idToken);
    const g = await joined(roomId);
    h.socket.close();
    await until(() => g.heard.get('room-ended')?.length === 1, { what: 'guest hears room-ended', timeoutMs: 10_000 });
    expect(g.heard.get('host-left')).toHaveLength(1);
    expect((await box.call('GET', `/api/rooms/${roomId}`)).status).toBe(404);
    expect(await myLiveRoom()).toBeNull();
  });

  it('keeps the room when the host comes back within it', async () => {
    const roomId = await createRoomAs(box, host.idToken);
    // A second room whose host stays away: once it ends, the grace period has passed for both.
    const abandoned = await createRoomAs(box, host.idToken);
    const h = await joined(roomId, host.idToken);
    const g = await joined(roomId);
    const away = await joined(abandoned, host.idToken);
    const watcher = await joined(abandoned);
    h.socket.close();
    away.socket.close();
    await until(() => g.heard.get('room-update')?.at(-1), { what: 'guest hears the host go' });
    await joined(roomId, host.idToken);
    await until(() => watcher.heard.get('room-ended')?.length === 1, { what: 'the abandoned room ends' });
    expect(g.heard.get('room-ended')).toBeUndefined();
    expect(g.heard.get('host-left')).toBeUndefined();
    expect((await box.call('GET', `/api/rooms/${roomId}`)).status).toBe(200);
  });
});
