import type { Socket } from 'socket.io-client';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { signUpUser } from '../../server/src/testing/test-api.js';
import { useInProcessBox } from '../support/in-process-box.js';
import { ask, CLIENT_DTLS, createRoomAs, OPUS_SPEECH_RTP, roomSocketFactory } from '../support/room-sockets.js';
import { until } from '../support/until.js';

// Issue 34 item 12: an anonymous guest the host muted comes back without its guest token (a new
// guest to the server) and talks again. The mute holds what the server can tie to the guest, its
// address, for the room's life: the returning guest's mic starts muted. Guests elsewhere, and
// signed-in members at that address, are not held by it.
const box = useInProcessBox();
const sockets = roomSocketFactory(() => box.baseUrl);
let host: Awaited<ReturnType<typeof signUpUser>>;
let bob: Awaited<ReturnType<typeof signUpUser>>;

beforeAll(async () => {
  host = await signUpUser(box, { name: 'Hana Host' });
  bob = await signUpUser(box, { name: 'Bob' });
});
afterEach(() => sockets.closeAll());

let ssrc = 7000;
/** A talkback mic as the client sends it (mono speech Opus); the produce's ack. */
async function talk(socket: Socket, roomId: string) {
  const send = await ask(socket, 'talkback:create-transport', { roomId, direction: 'send' });
  expect(send).toMatchObject({ ok: true });
  await ask(socket, 'talkback:connect-transport', { roomId, transportId: send.data.id, dtlsParameters: CLIENT_DTLS });
  ssrc += 1;
  return ask(socket, 'talkback:produce', {
    roomId,
    transportId: send.data.id,
    rtpParameters: OPUS_SPEECH_RTP(ssrc),
  });
}

interface Talker {
  peerId: string;
  mutedByHost: boolean;
}
const talkersOf = async (socket: Socket, roomId: string): Promise<Talker[]> =>
  (await ask(socket, 'talkback:state', { roomId })).data.talkers;

describe("a host's mute of an anonymous guest", () => {
  it('holds the guest when it comes back without its guest token', async () => {
    const roomId = await createRoomAs(box, host.idToken);
    const h = await sockets.joined(roomId, host.idToken);
    expect(await ask(h.socket, 'room:controls', { roomId, allowGuestTalkback: true })).toMatchObject({ ok: true });

    const first = await sockets.joined(roomId, undefined, { localAddress: '127.0.0.81' });
    expect(await talk(first.socket, roomId)).toMatchObject({ ok: true });
    expect(await ask(h.socket, 'talkback:mute', { roomId, peerId: first.peerId, muted: true })).toMatchObject({
      ok: true,
    });
    first.socket.disconnect();
    await until(async () => (await talkersOf(h.socket, roomId)).length === 0, { what: 'the muted guest gone' });

    // Back, without the guest token: a new guest id, the same address.
    const again = await sockets.joined(roomId, undefined, { localAddress: '127.0.0.81' });
    expect(again.join.self.peerId).not.toBe(first.peerId);
    expect(await talk(again.socket, roomId)).toMatchObject({ ok: true });
    // Another guest elsewhere, and a signed-in member at the same address, talk unmuted.
    const other = await sockets.joined(roomId, undefined, { localAddress: '127.0.0.82' });
    expect(await talk(other.socket, roomId)).toMatchObject({ ok: true });
    const member = await sockets.joined(roomId, bob.idToken, { localAddress: '127.0.0.81' });
    expect(await talk(member.socket, roomId)).toMatchObject({ ok: true });

    const talkers = await talkersOf(h.socket, roomId);
    const mutedOf = (peerId: string) => talkers.find((talker) => talker.peerId === peerId)?.mutedByHost;
    expect([mutedOf(again.peerId), mutedOf(other.peerId), mutedOf(member.peerId)]).toEqual([true, false, false]);

    // The host lifts the mute: the guest at that address talks again.
    expect(await ask(h.socket, 'talkback:mute', { roomId, peerId: again.peerId, muted: false })).toMatchObject({
      ok: true,
    });
    expect(await talkersOf(h.socket, roomId)).toContainEqual(
      expect.objectContaining({ peerId: again.peerId, mutedByHost: false }),
    );
  });
});
