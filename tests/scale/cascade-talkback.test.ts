import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { signUpUser } from '../../server/src/testing/test-api.js';
import { joinAsMember, type RoomMember } from '../../bench/lib/wrtc-room-client.js';
import { createRoomAs, recorder } from '../support/room-sockets.js';
import { startScaleCluster, type ScaleCluster } from '../support/scale-cluster.js';
import { until } from '../support/until.js';
import { joinTalkback, type Listening } from '../support/wrtc-talkback.js';

// Talkback over one room cascaded on two media nodes (ARCHITECTURE.md "Scaling out"), real
// processes: a redis-server, an `api` and two `media` processes on 127.0.0.1. Node A is the room's
// origin (CASCADE_ORIGIN_URL), B its edge. Talkers and listeners are libwebrtc clients (@roamhq/wrtc)
// signalling as the browser's talkback client does; what they hear is decoded and measured.
let cluster: ScaleCluster;
const [A, B] = [0, 1];
const cleanups: (() => void)[] = [];

beforeAll(async () => {
  cluster = await startScaleCluster({ nodes: 2, cascade: { origin: A } });
}, 180_000);

afterEach(() => {
  for (const cleanup of cleanups.splice(0)) cleanup();
});

afterAll(() => cluster?.stop(), 60_000);

async function member(node: number, roomId: string, token?: string): Promise<RoomMember> {
  const joined = await joinAsMember(cluster.nodes[node]!.baseUrl, roomId, token);
  cleanups.push(() => joined.close());
  return joined;
}

async function talkback(of: RoomMember) {
  const tb = await joinTalkback(of);
  cleanups.push(() => tb.close());
  return tb;
}

interface Talker {
  peerId: string;
  producerId: string;
  mutedByHost: boolean;
}
const talkersAt = async (who: RoomMember) =>
  (await who.request<{ talkers: Talker[] }>('talkback:state', { roomId: who.roomId })).talkers;

/** The talker's mic is known on `who`'s node (piped there when the talker is on the other node). */
const talkerSeenBy = (who: RoomMember, producerId: string) =>
  until(async () => (await talkersAt(who)).find((talker) => talker.producerId === producerId), {
    what: 'the talker in talkback:state',
  });

/** Decoded packets keep arriving, with the tone in them. */
async function hears(listening: Listening, what: string) {
  const before = await listening.packets();
  listening.loudestSinceLastAsked();
  await until(async () => (await listening.packets()) > before + 50, { timeoutMs: 15_000, what: `${what}: packets` });
  await until(() => listening.loudestSinceLastAsked() > 0.1, { timeoutMs: 5000, what: `${what}: the tone` });
}

/** No packet for a whole second, reached within `timeoutMs`; when the last packet came (to a poll). */
async function hearsNothing(listening: Listening, what: string, timeoutMs = 6000): Promise<number> {
  let last = { packets: -1, since: Date.now() };
  await until(
    async () => {
      const packets = await listening.packets();
      if (packets !== last.packets) last = { packets, since: Date.now() };
      return Date.now() - last.since >= 1000;
    },
    { timeoutMs, intervalMs: 100, what: `${what}: silence` },
  );
  return last.since;
}

describe('talkback over a cascaded room', () => {
  it("a talker on the edge and the host on the origin hear each other; the host's mute stops the edge talker everywhere", async () => {
    const owner = await signUpUser(cluster, { name: 'Tess Talkhost' });
    const roomId = await createRoomAs(cluster, owner.idToken);
    const host = await member(A, roomId, owner.idToken);
    const hostHeard = recorder(host.socket);
    const hostTalkback = await talkback(host);
    const speaker = await signUpUser(cluster, { name: 'Eddie Edge' });
    const onEdge = await talkback(await member(B, roomId, speaker.idToken));
    const neighbour = await member(B, roomId);
    const neighbourTalkback = await talkback(neighbour);

    // The edge's talker, heard by the host on the origin and by a listener on the edge itself.
    const edgeMic = await onEdge.talk(440);
    const edgeTalker = await talkerSeenBy(host, edgeMic);
    const hostHears = await hostTalkback.listen(edgeMic);
    await hears(hostHears, 'the host hearing the edge talker');
    const neighbourHears = await neighbourTalkback.listen((await talkerSeenBy(neighbour, edgeMic)).producerId);
    await hears(neighbourHears, 'the edge listener hearing the edge talker');
    // The speaking light for the host.
    await until(
      () =>
        hostHeard
          .get('talkback-speaking')
          ?.some((event) =>
            (event as { speakers: { peerId: string }[] }).speakers.some(({ peerId }) => peerId === edgeTalker.peerId),
          ),
      { timeoutMs: 5000, what: "the edge talker's speaking light at the host" },
    );

    // The host on the origin talks; the listener on the edge hears.
    const hostMic = await hostTalkback.talk(660);
    await talkerSeenBy(neighbour, hostMic);
    const neighbourHearsHost = await neighbourTalkback.listen(hostMic);
    await hears(neighbourHearsHost, 'the edge listener hearing the host');

    // The host mutes the edge's talker: nobody hears them, on either node; the host goes on being heard.
    await host.request('talkback:mute', { roomId, peerId: edgeTalker.peerId, muted: true });
    await hearsNothing(hostHears, 'the host, the edge talker muted');
    await hearsNothing(neighbourHears, 'the edge listener, the edge talker muted');
    await hears(neighbourHearsHost, 'the edge listener still hearing the host');
    expect((await talkersAt(host)).find((talker) => talker.producerId === edgeMic)?.mutedByHost).toBe(true);

    // Unmuted, heard again.
    await host.request('talkback:mute', { roomId, peerId: edgeTalker.peerId, muted: false });
    await hears(hostHears, 'the host, the edge talker unmuted');
    await hears(neighbourHears, 'the edge listener, the edge talker unmuted');

    // Muted again, the edge's talker turns the mic off and on: the new mic is muted on both nodes too.
    await host.request('talkback:mute', { roomId, peerId: edgeTalker.peerId, muted: true });
    await onEdge.member.request('talkback:stop', { roomId });
    const nextMic = await onEdge.talk(440);
    await until(async () => (await talkerSeenBy(host, nextMic)).mutedByHost, {
      what: "the talker's next mic muted at the origin",
    });
    await hearsNothing(await hostTalkback.listen(nextMic), "the host, the edge talker's next mic");
    await talkerSeenBy(neighbour, nextMic);
    await hearsNothing(await neighbourTalkback.listen(nextMic), "the edge listener, the edge talker's next mic");
  });

  it('guest talkback turned off by the host on the origin ends a guest talking on the edge, on both nodes', async () => {
    const owner = await signUpUser(cluster, { name: 'Gail Guesthost' });
    const roomId = await createRoomAs(cluster, owner.idToken);
    const host = await member(A, roomId, owner.idToken);
    const hostTalkback = await talkback(host);
    await host.request('room:controls', { roomId, allowGuestTalkback: true });
    const guest = await member(B, roomId);
    const guestHeard = recorder(guest.socket);
    const guestTalkback = await talkback(guest);
    const neighbourTalkback = await talkback(await member(B, roomId));

    const guestMic = await guestTalkback.talk(440);
    const guestTalker = await talkerSeenBy(host, guestMic);
    const hostHears = await hostTalkback.listen(guestMic);
    await hears(hostHears, 'the host hearing the guest on the edge');
    const neighbourHears = await neighbourTalkback.listen(guestMic);
    await hears(neighbourHears, 'the edge listener hearing the guest');

    // Off: within a second or two nobody hears the guest, on the origin nor on the edge.
    const switched = Date.now();
    await host.request('room:controls', { roomId, allowGuestTalkback: false });
    const lastHeard = await Promise.all([
      hearsNothing(hostHears, 'the host, guest talkback off', 3000),
      hearsNothing(neighbourHears, 'the edge listener, guest talkback off', 3000),
    ]);
    for (const at of lastHeard) expect(at - switched).toBeLessThan(2000);
    // The guest's page is told as on the host's node: the controls, and talkback without them.
    await until(
      () =>
        guestHeard
          .get('room-controls')
          ?.some((event) => (event as { allowGuestTalkback: boolean }).allowGuestTalkback === false),
      { timeoutMs: 2000, what: 'the guest told guest talkback is off' },
    );
    await until(
      () =>
        guestHeard
          .get('talkback-state')
          ?.some(
            (event) => !(event as { talkers: Talker[] }).talkers.some((talker) => talker.peerId === guestTalker.peerId),
          ),
      { timeoutMs: 2000, what: 'talkback-state without the guest at the guest' },
    );
    expect((await talkersAt(host)).map((talker) => talker.producerId)).not.toContain(guestMic);
    expect((await talkersAt(guest)).map((talker) => talker.producerId)).not.toContain(guestMic);
  });
});
