import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { Socket } from 'socket.io-client';
import { signUpUser } from '../../server/src/testing/test-api.js';
import { useInProcessBox } from '../support/in-process-box.js';
import { CLIENT_DTLS, roomSocketFactory, ask, createRoomAs, produceAs } from '../support/room-sockets.js';
import { until } from '../support/until.js';

const box = useInProcessBox();
let host: Awaited<ReturnType<typeof signUpUser>>;
let member: Awaited<ReturnType<typeof signUpUser>>;
const sockets = roomSocketFactory(() => box.baseUrl);

beforeAll(async () => {
  host = await signUpUser(box, { name: 'Hana Host' });
  member = await signUpUser(box, { name: 'Mo Member' });
});
afterEach(() => sockets.closeAll());

const createRoom = () => createRoomAs(box, host.idToken);

const { joined } = sockets;

/** The host's send transport with a screen and a program-audio producer, as a sharing browser has. */
async function hostProducing(socket: Socket, roomId: string): Promise<string[]> {
  const send = await ask(socket, 'sfu:create-transport', { roomId, direction: 'send' });
  await ask(socket, 'sfu:connect-transport', { roomId, transportId: send.data.id, dtlsParameters: CLIENT_DTLS });
  const ids: string[] = [];
  for (const source of ['screen', 'program-audio'] as const) {
    const produced = await produceAs(socket, roomId, send.data.id, source);
    expect(produced.ok).toBe(true);
    ids.push(produced.data.producerId);
  }
  return ids;
}

const producerIds = async (socket: Socket, roomId: string) =>
  ((await ask(socket, 'sfu:producers', { roomId })).data as { producerId: string }[]).map((p) => p.producerId).sort();

describe('sfu:close-transports (a client abandoning the SFU tier)', () => {
  it("refuses a bad payload and a room not joined, and a guest's call closes only the guest's own media", async () => {
    const roomId = await createRoom();
    const h = await joined(roomId, host.idToken);
    const g = await joined(roomId, member.idToken);
    const produced = await hostProducing(h.socket, roomId);
    const recv = await ask(g.socket, 'sfu:create-transport', { roomId, direction: 'recv' });
    expect(recv.ok).toBe(true);

    for (const payload of [{}, { roomId: 42 }, null, 'room']) {
      expect(await ask(g.socket, 'sfu:close-transports', payload)).toMatchObject({
        ok: false,
        code: 'validation/invalid-payload',
      });
    }
    const stranger = await sockets.connect();
    expect(await ask(stranger, 'sfu:close-transports', { roomId })).toMatchObject({
      ok: false,
      code: 'room/not-joined',
    });
    expect(await producerIds(g.socket, roomId)).toEqual([...produced].sort());

    // The guest closes its transports: its recv transport is gone, the host's producers stay.
    expect(await ask(g.socket, 'sfu:close-transports', { roomId })).toEqual({ ok: true });
    expect(
      await ask(g.socket, 'sfu:connect-transport', { roomId, transportId: recv.data.id, dtlsParameters: CLIENT_DTLS }),
    ).toMatchObject({ ok: false, code: 'sfu/transport-not-found' });
    expect(await producerIds(g.socket, roomId)).toEqual([...produced].sort());
    expect(h.heard.get('sfu:producer-closed')).toBeUndefined();
    expect(g.heard.get('sfu:host-closed')).toBeUndefined();
    // A guest's abandoning does not turn the SFU away for other guests.
    expect((await ask(g.socket, 'sfu:router-capabilities', { roomId })).ok).toBe(true);
  });

  it("the host's call closes its producers, tells the guests, and turns later guests away from the SFU until it sends again", async () => {
    const roomId = await createRoom();
    const h = await joined(roomId, host.idToken);
    const g = await joined(roomId);
    const produced = await hostProducing(h.socket, roomId);

    expect(await ask(h.socket, 'sfu:close-transports', { roomId })).toEqual({ ok: true });
    await until(() => g.heard.get('sfu:host-closed')?.length === 1, { what: 'guest hears sfu:host-closed' });
    expect(g.heard.get('sfu:host-closed')).toEqual([{}]);
    // The producer-closed path ran first, for both producers, so a consuming guest drops its tracks.
    expect((g.heard.get('sfu:producer-closed') as { producerId: string }[]).map((p) => p.producerId).sort()).toEqual(
      [...produced].sort(),
    );
    expect(h.heard.get('sfu:host-closed')).toBeUndefined();
    expect(await producerIds(g.socket, roomId)).toEqual([]);
    expect((await ask(g.socket, 'join-room', { roomId })).data.sharing).toBe(false);

    // A guest arriving now is told at its first SFU call to use another tier; the host is not.
    const late = await joined(roomId);
    expect(await ask(late.socket, 'sfu:router-capabilities', { roomId })).toMatchObject({
      ok: false,
      code: 'sfu/host-off-sfu',
    });
    expect((await ask(h.socket, 'sfu:router-capabilities', { roomId })).ok).toBe(true);

    // Closing again is harmless; a new send transport brings the host back to the SFU.
    expect(await ask(h.socket, 'sfu:close-transports', { roomId })).toEqual({ ok: true });
    expect((await ask(h.socket, 'sfu:create-transport', { roomId, direction: 'send' })).ok).toBe(true);
    expect((await ask(late.socket, 'sfu:router-capabilities', { roomId })).ok).toBe(true);
  });
});

describe('sfu:host-returned (the host producing on the SFU again after leaving it)', () => {
  const returned = (heard: Map<string, unknown[]>) => heard.get('sfu:host-returned');

  it('a host that never left the SFU: its producers tell nobody it returned', async () => {
    const roomId = await createRoom();
    const h = await joined(roomId, host.idToken);
    const g = await joined(roomId);
    await hostProducing(h.socket, roomId);
    // Both producers were announced, and the return event would have been sent with the first.
    await until(() => g.heard.get('sfu:new-producer')?.length === 2, { what: 'guest hears both producers' });
    expect(returned(g.heard)).toBeUndefined();
  });

  it('after sfu:close-transports, the first producer on a new send transport tells the guests once, after its sfu:new-producer', async () => {
    const roomId = await createRoom();
    const h = await joined(roomId, host.idToken);
    const g = await joined(roomId);
    const order: string[] = [];
    g.socket.onAny((event: string) => order.push(event));
    await hostProducing(h.socket, roomId);
    expect(await ask(h.socket, 'sfu:close-transports', { roomId })).toEqual({ ok: true });
    await until(() => g.heard.get('sfu:host-closed')?.length === 1, { what: 'guest hears sfu:host-closed' });
    // A guest arriving while the host is off the SFU; it too fell back, so it too is told.
    const late = await joined(roomId);

    // A send transport alone is not media: nobody is told yet (but the SFU no longer turns guests away).
    const send = await ask(h.socket, 'sfu:create-transport', { roomId, direction: 'send' });
    expect(send.ok).toBe(true);
    expect((await ask(late.socket, 'sfu:router-capabilities', { roomId })).ok).toBe(true);
    expect(returned(g.heard)).toBeUndefined();

    await ask(h.socket, 'sfu:connect-transport', { roomId, transportId: send.data.id, dtlsParameters: CLIENT_DTLS });
    const screen = await produceAs(h.socket, roomId, send.data.id, 'screen');
    expect(screen.ok).toBe(true);
    await until(() => returned(g.heard)?.length === 1 && returned(late.heard)?.length === 1, {
      what: 'both guests hear sfu:host-returned',
    });
    expect(returned(g.heard)).toEqual([{ roomId }]);
    // The producer is announced first, so a guest that climbs at once finds it.
    const lastNewProducer = order.lastIndexOf('sfu:new-producer');
    expect(lastNewProducer).toBeGreaterThan(order.indexOf('sfu:host-closed'));
    expect(lastNewProducer).toBeLessThan(order.indexOf('sfu:host-returned'));
    expect((await ask(late.socket, 'sfu:producers', { roomId })).data).toEqual([
      { producerId: screen.data.producerId, kind: 'video', source: 'screen' },
    ]);

    // The second producer is no return: still one event each, and never one to the host.
    const audio = await produceAs(h.socket, roomId, send.data.id, 'program-audio');
    expect(audio.ok).toBe(true);
    await until(() => late.heard.get('sfu:new-producer')?.length === 2, { what: 'late guest hears the audio' });
    expect(returned(g.heard)).toHaveLength(1);
    expect(returned(late.heard)).toHaveLength(1);
    expect(returned(h.heard)).toBeUndefined();
  });

  it('a host that left the room while off the SFU and comes back on it tells the guests', async () => {
    const roomId = await createRoom();
    const h = await joined(roomId, host.idToken);
    const g = await joined(roomId);
    expect(await ask(h.socket, 'sfu:close-transports', { roomId })).toEqual({ ok: true });
    await until(() => g.heard.get('sfu:host-closed')?.length === 1, { what: 'guest hears sfu:host-closed' });
    expect(await ask(h.socket, 'leave-room', { roomId })).toEqual({ ok: true });
    await until(() => g.heard.get('host-left')?.length === 1, { what: 'guest hears host-left' });

    const back = await joined(roomId, host.idToken);
    await hostProducing(back.socket, roomId);
    await until(() => returned(g.heard)?.length === 1, { what: 'guest hears sfu:host-returned' });
    expect(returned(g.heard)).toEqual([{ roomId }]);
  });
});
