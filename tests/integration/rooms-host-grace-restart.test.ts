import { rmSync } from 'node:fs';
import { afterAll, describe, expect, it } from 'vitest';
import { jsonCaller, signUpUser } from '../../server/src/testing/test-api.js';
import { startBox, type Box } from '../support/box.js';
import { ask, createRoomAs, recorder, roomSocketFactory } from '../support/room-sockets.js';
import { until } from '../support/until.js';

// The host's grace period is kept with the room, not in the box's memory: a room whose host never
// comes back still ends at its deadline across a restart of the real box, and one whose host does
// come back stays.
const GRACE_S = 15;
/** How late an end may come: the deadline check's polling, and a box that is slow under load. */
const LATE_MS = 10_000;
const env = { ROOM_HOST_GRACE_S: String(GRACE_S) };

/**
 * One test's box, restarted on its own data directory, and its sockets. The two tests each wait out
 * a whole grace period on a box of their own, so they run side by side (`it.concurrent`).
 */
function restartedBox() {
  const place = { box: undefined as Box | undefined, dataDirs: [] as string[] };
  const sockets = roomSocketFactory(() => place.box!.baseUrl);
  afterAll(async () => {
    sockets.closeAll();
    await place.box?.stop();
    // A box restarted on a data directory leaves it in place: removed here.
    for (const dir of place.dataDirs) rmSync(dir, { recursive: true, force: true });
  });
  return { place, sockets };
}

describe("the host's grace period across a restart", () => {
  const first = restartedBox();
  const second = restartedBox();

  it.concurrent(
    'ends the abandoned rooms at their deadlines and keeps the one whose host came back',
    async () => {
      const { place, sockets } = first;
      let box = (place.box = await startBox(env));
      const api = { baseUrl: box.baseUrl, call: jsonCaller(box.baseUrl) };
      const host = await signUpUser(api, { name: 'Hana Host' });
      const live = async (roomId: string) => (await api.call('GET', `/api/rooms/${roomId}`)).status === 200;
      const hostIn = async (roomId: string) => {
        const socket = await sockets.connect(host.idToken);
        expect(await ask(socket, 'join-room', { roomId })).toMatchObject({ ok: true });
        return socket;
      };

      // Dropped: the host's socket goes before the restart. Stayed: the host is still in at the stop
      // and never returns. Returns: in at the stop, back after the restart.
      const dropped = await createRoomAs(api, host.idToken);
      const stayed = await createRoomAs(api, host.idToken);
      const returns = await createRoomAs(api, host.idToken);
      const droppedHost = await hostIn(dropped);
      await hostIn(stayed);
      await hostIn(returns);
      const guest = await sockets.connect();
      const heard = recorder(guest);
      expect(await ask(guest, 'join-room', { roomId: dropped })).toMatchObject({ ok: true });

      droppedHost.close();
      const droppedAt = Date.now();
      await until(() => heard.get('room-update')?.some((update: any) => update.hostOnline === false), {
        what: 'the guest sees the host go',
      });
      const { port, dataDir } = box;
      place.dataDirs.push(dataDir);
      const stoppingAt = Date.now();
      await box.stop({ keepData: true });
      const stoppedAt = Date.now();
      box = place.box = await startBox(env, { port, dataDir });
      // Restarted well within the grace period: nothing has ended yet.
      expect(Date.now() - droppedAt).toBeLessThan(GRACE_S * 1000 - 2000);
      expect(await live(dropped)).toBe(true);
      expect(await live(stayed)).toBe(true);
      await hostIn(returns);

      await until(async () => !(await live(dropped)), { what: 'the dropped room ends', timeoutMs: 2 * GRACE_S * 1000 });
      const droppedEnded = Date.now();
      await until(async () => !(await live(stayed)), { what: 'the stayed room ends', timeoutMs: 2 * GRACE_S * 1000 });
      const stayedEnded = Date.now();
      // At the deadline: not before it, and not long after.
      expect(droppedEnded - droppedAt).toBeGreaterThanOrEqual(GRACE_S * 1000 - 250);
      expect(droppedEnded - droppedAt).toBeLessThan(GRACE_S * 1000 + LATE_MS);
      // The stopping box counted its host gone as it closed, somewhere between these two moments.
      expect(stayedEnded - stoppingAt).toBeGreaterThanOrEqual(GRACE_S * 1000 - 250);
      expect(stayedEnded - stoppedAt).toBeLessThan(GRACE_S * 1000 + LATE_MS);
      expect(await live(returns)).toBe(true);
      const mine = await api.call('GET', '/api/rooms/live/mine', { token: host.idToken });
      expect(mine.body.room).toMatchObject({ roomId: returns });
      await box.stop();
      place.box = undefined;
    },
    120_000,
  );

  it.concurrent(
    'a box that crashed with the host in counts the host gone from its start: the room still ends',
    async () => {
      const { place, sockets } = second;
      const box = (place.box = await startBox(env));
      const api = { baseUrl: box.baseUrl, call: jsonCaller(box.baseUrl) };
      const host = await signUpUser(api, { name: 'Cass Crash' });
      const roomId = await createRoomAs(api, host.idToken);
      const socket = await sockets.connect(host.idToken);
      expect(await ask(socket, 'join-room', { roomId })).toMatchObject({ ok: true });

      // SIGKILL: no goodbye, nothing recorded on the way down.
      await box.crash();
      const { port, dataDir } = box;
      place.dataDirs.push(dataDir);
      const startingAt = Date.now();
      place.box = await startBox(env, { port, dataDir });
      const startedAt = Date.now();
      const live = async () => (await api.call('GET', `/api/rooms/${roomId}`)).status === 200;
      expect(await live()).toBe(true);
      await until(async () => !(await live()), { what: 'the room ends', timeoutMs: 2 * GRACE_S * 1000 });
      expect(Date.now() - startingAt).toBeGreaterThanOrEqual(GRACE_S * 1000 - 250);
      expect(Date.now() - startedAt).toBeLessThan(GRACE_S * 1000 + LATE_MS);
    },
    120_000,
  );
});
