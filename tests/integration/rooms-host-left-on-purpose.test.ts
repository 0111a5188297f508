import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { connectHostRoom } from '../../client/src/services/media/hostRoomConnection.js';
import type { HostRoomConnection } from '../../client/src/services/media/roomConnection.js';
import { signUpUser } from '../../server/src/testing/test-api.js';
import { useInProcessBox } from '../support/in-process-box.js';
import { ask, createRoomAs, recorder, roomSocketFactory } from '../support/room-sockets.js';
import { until } from '../support/until.js';

// Issue 37: a host who leaves on purpose (Back to Dashboard, the tab closing) reads to guests as
// 'Host has left the room'; one whose socket just drops as 'Host has disconnected'. The host here is
// the client's own connection (what the host screen runs), on a real socket to a real box.
const box = useInProcessBox();
let host: Awaited<ReturnType<typeof signUpUser>>;
const sockets = roomSocketFactory(() => box.baseUrl);
const hosts: HostRoomConnection[] = [];

beforeAll(async () => {
  host = await signUpUser(box, { name: 'Hana Host' });
});
afterEach(() => {
  for (const room of hosts.splice(0)) room.close();
  sockets.closeAll();
});

async function hostAndGuest() {
  const roomId = await createRoomAs(box, host.idToken);
  const room = connectHostRoom({ roomId, token: host.idToken, locate: async () => box.baseUrl });
  hosts.push(room);
  await until(() => room.getState().self !== null, { what: 'the host joins' });
  const guest = await sockets.connect();
  const heard = recorder(guest);
  expect(await ask(guest, 'join-room', { roomId })).toMatchObject({ ok: true, data: { hostOnline: true } });
  return { roomId, room, guest, heard };
}

const lastUpdate = (heard: Map<string, unknown[]>) => heard.get('room-update')?.at(-1) as { hostOnline?: boolean };

describe('a host leaving on purpose', () => {
  it('is heard by guests as host-left when the screen goes away (leaveAndClose)', async () => {
    const { room, heard } = await hostAndGuest();
    room.leaveAndClose();
    await until(() => heard.get('host-left')?.length === 1, { what: 'the guest hears host-left' });
    await until(() => lastUpdate(heard)?.hostOnline === false, { what: 'the host is offline' });
  });

  it('is not confused with a dropped host: a socket that just closes is hostOnline false only', async () => {
    const { room, heard } = await hostAndGuest();
    room.close();
    await until(() => lastUpdate(heard)?.hostOnline === false, { what: 'the host is offline' });
    expect(heard.get('host-left')).toBeUndefined();
  });

  it("a guest's leave-room never reads as the host leaving (attack)", async () => {
    const { roomId, heard } = await hostAndGuest();
    const intruder = await sockets.connect();
    expect(await ask(intruder, 'join-room', { roomId, isHost: true })).toMatchObject({
      ok: true,
      data: { self: { role: 'viewer' } },
    });
    expect(await ask(intruder, 'leave-room', { roomId })).toMatchObject({ ok: true });
    // A second leave, and one for a room it is not in, are refused and change nothing.
    expect(await ask(intruder, 'leave-room', { roomId })).toMatchObject({ ok: false });
    await until(() => (heard.get('user-left') ?? []).length === 1, { what: 'the guest hears the intruder go' });
    expect(heard.get('host-left')).toBeUndefined();
    expect(lastUpdate(heard)?.hostOnline).toBe(true);
  });
});
