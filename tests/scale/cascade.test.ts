import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { INTERNAL_SECRET_HEADER } from '@riffroom/protocol';
import { signUpUser } from '../../server/src/testing/test-api.js';
import {
  createTransport,
  joinAsMember,
  loadDevice,
  produceSyntheticScreen,
  watchRoom,
  type RoomMember,
} from '../../bench/lib/wrtc-room-client.js';
import { createRoomAs, recorder } from '../support/room-sockets.js';
import { startScaleCluster, type ScaleCluster } from '../support/scale-cluster.js';
import { until } from '../support/until.js';

// One room cascaded over three media nodes on real processes (ARCHITECTURE.md "Scaling out"): a
// redis-server, an `api` process (SQLite: the database is not what this is about) and three `media`
// processes on 127.0.0.1. Node A is every room's origin (CASCADE_ORIGIN_URL, where the node
// registry would name it); B and C are edges that pull the host's media from A through mediasoup
// pipe transports and the room's relay frames through their internal link.
let cluster: ScaleCluster;
const [A, B, C] = [0, 1, 2];
const cleanups: (() => void)[] = [];

beforeAll(async () => {
  cluster = await startScaleCluster({ nodes: 3, cascade: { origin: A } });
}, 180_000);

afterEach(() => {
  for (const cleanup of cleanups.splice(0)) cleanup();
});

afterAll(() => cluster?.stop(), 60_000);

interface CascadeLinks {
  edges: { roomId: string; producers: number; relayFramesSent: number }[];
  origins: { roomId: string; producers: number; relayFramesReceived: number }[];
}

/** What a node pipes, from its internal port (as an operator would ask it). */
async function linksOf(node: number, roomId: string): Promise<CascadeLinks> {
  const res = await fetch(`${cluster.internalUrls[node]!}/internal/cascade/links`, {
    headers: { [INTERNAL_SECRET_HEADER]: cluster.secret },
  });
  expect(res.status).toBe(200);
  const all = (await res.json()) as CascadeLinks;
  return {
    edges: all.edges.filter((link) => link.roomId === roomId),
    origins: all.origins.filter((link) => link.roomId === roomId),
  };
}

/** The host shares a synthetic screen on node A's SFU through libwebrtc, as the browser does. */
async function hostSharing(roomId: string, token: string) {
  const host = await joinAsMember(cluster.nodes[A]!.baseUrl, roomId, token);
  cleanups.push(() => host.close());
  const device = await loadDevice(host);
  const transport = await createTransport(host, device, 'send');
  const { producer, stop } = await produceSyntheticScreen(transport);
  cleanups.push(stop);
  return { host, producer };
}

/** A viewer on `node` decoding the host's screen; `decoded()` reads its frames decoded so far. */
async function viewerOn(node: number, roomId: string) {
  const viewer: RoomMember = await joinAsMember(cluster.nodes[node]!.baseUrl, roomId);
  cleanups.push(() => viewer.close());
  const heard = recorder(viewer.socket);
  const { consumers, decoded } = await watchRoom(viewer);
  expect(consumers).toHaveLength(1);
  return { viewer, heard, decoded };
}

async function newRoom(hostName: string) {
  const owner = await signUpUser(cluster, { name: hostName });
  const roomId = await createRoomAs(cluster, owner.idToken, {
    settings: { allowGuestAccess: true },
  });
  return { owner, roomId };
}

describe('one room cascaded over three media nodes', () => {
  it("guests on B and C decode the host's video through the pipes, each edge pulling it once", async () => {
    const { owner, roomId } = await newRoom('Hana Host');
    const { host, producer } = await hostSharing(roomId, owner.idToken);
    const viewers = [await viewerOn(B, roomId), await viewerOn(B, roomId), await viewerOn(C, roomId)];
    for (const [index, viewer] of viewers.entries()) {
      await until(async () => (await viewer.decoded()) > 10, {
        timeoutMs: 20_000,
        what: `viewer ${index} decoding the host's frames`,
      });
    }
    // Two viewers on B, one on C: A pipes the screen once to each edge.
    const atA = await linksOf(A, roomId);
    expect(atA.edges.map((link) => link.producers)).toEqual([1, 1]);
    expect((await linksOf(B, roomId)).origins).toMatchObject([{ producers: 1 }]);
    expect((await linksOf(C, roomId)).origins).toMatchObject([{ producers: 1 }]);

    // The host stops sharing: the edges drop the piped producer, and their viewers hear it.
    await host.request('sfu:close-producer', { roomId, producerId: producer.id });
    for (const { heard } of viewers) {
      await until(() => heard.get('sfu:producer-closed')?.length === 1, { what: 'sfu:producer-closed on an edge' });
    }
    await until(async () => (await linksOf(B, roomId)).origins[0]?.producers === 0, {
      what: "B's piped producer closed",
    });

    // The last viewer on C leaves: C closes its pipe, B keeps its own.
    viewers[2]!.viewer.close();
    await until(async () => (await linksOf(A, roomId)).edges.length === 1, { what: "C's link to A closed" });
    expect((await linksOf(C, roomId)).origins).toEqual([]);
  });

  it('relay guests on B get the frames while A sends each frame to B once', async () => {
    const { owner, roomId } = await newRoom('Rita Relay');
    const host = await joinAsMember(cluster.nodes[A]!.baseUrl, roomId, owner.idToken);
    cleanups.push(() => host.close());
    const hostHeard = recorder(host.socket);
    const guests = await Promise.all([B, B].map(() => joinAsMember(cluster.nodes[B]!.baseUrl, roomId)));
    const received = guests.map(() => [] as number[]);
    guests.forEach((guest, index) => {
      cleanups.push(() => guest.close());
      guest.socket.on('screen-frame', ({ frame }: { frame: Buffer }, ack: () => void) => {
        received[index]!.push(frame[3]!);
        ack();
      });
    });
    for (const guest of guests) await guest.request('relay:subscribe', { roomId, subscribe: true });
    // The host on A hears both guests of B: the origin counts the edge's demand.
    await until(() => (hostHeard.get('relay:demand')?.at(-1) as { guests: number } | undefined)?.guests === 2, {
      what: "relay:demand counting B's guests at the host",
    });

    const FRAMES = 12;
    for (let n = 1; n <= FRAMES; n += 1) {
      const frame = Buffer.alloc(3000, n);
      frame.set([0xff, 0xd8, 0xff, n]);
      await host.request('screen-frame', { roomId, frame });
      // Paced like a capture, and each frame reaches B before the next, so none is replaced in a lane.
      await until(() => received.every((frames) => frames.includes(n)), { what: `frame ${n} on both guests` });
    }
    expect(received).toEqual([1, 2].map(() => Array.from({ length: FRAMES }, (_, i) => i + 1)));
    // Two guests on B, one copy of each frame across the nodes.
    expect((await linksOf(A, roomId)).edges).toMatchObject([{ relayFramesSent: FRAMES }]);
    expect((await linksOf(B, roomId)).origins).toMatchObject([{ relayFramesReceived: FRAMES }]);
  });

  it('a slow relay guest on B moves to the small frames, and the host on A hears it through the link', async () => {
    const { owner, roomId } = await newRoom('Sami Small');
    const host = await joinAsMember(cluster.nodes[A]!.baseUrl, roomId, owner.idToken);
    cleanups.push(() => host.close());
    const hostHeard = recorder(host.socket);
    const demand = () => hostHeard.get('relay:demand')?.at(-1) as { guests: number; small: number } | undefined;
    const FULL = 1;
    const SMALL = 2;
    const received = { fast: [] as number[], slow: [] as number[] };
    for (const name of ['fast', 'slow'] as const) {
      const guest = await joinAsMember(cluster.nodes[B]!.baseUrl, roomId);
      cleanups.push(() => guest.close());
      guest.socket.on('screen-frame', ({ frame }: { frame: Buffer }, ack: () => void) => {
        received[name].push(frame[3]!);
        // The slow guest takes 400 ms over each frame, as on a thin link: 2.5 full frames a second.
        if (name === 'slow') setTimeout(ack, 400);
        else ack();
      });
      await guest.request('relay:subscribe', { roomId, subscribe: true });
    }
    await until(() => demand()?.guests === 2, { what: "relay:demand counting B's guests at the host" });
    expect(demand()).toEqual({ guests: 2, small: 0 });

    // The host as relayHost.ts: a full frame each tick (sent without a rendition, as an older host
    // does), and a small one too while a guest wants it; each frame's 4th byte says which it is.
    const jpeg = (mark: number, size: number) => {
      const frame = Buffer.alloc(size, 0);
      frame.set([0xff, 0xd8, 0xff, mark]);
      return frame;
    };
    let sharing = true;
    const host10fps = (async () => {
      while (sharing) {
        const tick = Date.now();
        await host.request('screen-frame', { roomId, frame: jpeg(FULL, 100_000) });
        if ((demand()?.small ?? 0) > 0) {
          await host.request('screen-frame', { roomId, frame: jpeg(SMALL, 25_000), rendition: 'small' });
        }
        await new Promise((resolve) => setTimeout(resolve, Math.max(0, 100 - (Date.now() - tick))));
      }
    })();
    try {
      await until(() => demand()?.small === 1, { timeoutMs: 15_000, what: "the host hearing of B's small guest" });
      expect(demand()).toEqual({ guests: 2, small: 1 });
      await until(() => received.slow.filter((mark) => mark === SMALL).length >= 3, {
        what: 'small frames reaching the slow guest',
      });
    } finally {
      sharing = false;
      await host10fps;
    }
    // The slow guest's last frames were small ones; the fast guest never got one.
    expect(received.slow.at(-1)).toBe(SMALL);
    expect(received.fast.length).toBeGreaterThan(received.slow.length);
    expect(received.fast).not.toContain(SMALL);
  });

  it('answers on the internal port only with INTERNAL_SECRET', async () => {
    const url = `${cluster.internalUrls[A]!}/internal/cascade/links`;
    expect((await fetch(url)).status).toBe(401);
    expect((await fetch(url, { headers: { [INTERNAL_SECRET_HEADER]: `${cluster.secret}x` } })).status).toBe(401);
    const { default: WebSocket } = await import('ws');
    const refused = await new Promise<number>((resolve) => {
      const ws = new WebSocket(`${cluster.internalUrls[A]!.replace('http', 'ws')}/internal/cascade/rooms/r1`);
      ws.once('unexpected-response', (_req, res) => resolve(res.statusCode ?? 0));
      ws.once('open', () => resolve(101));
    });
    expect(refused).toBe(401);
  });

  // Last: it kills the origin.
  it("the origin dies: edge viewers see the host's media gone and the host offline", async () => {
    const { owner, roomId } = await newRoom('Olga Origin');
    await hostSharing(roomId, owner.idToken);
    const onB = await viewerOn(B, roomId);
    await until(async () => (await onB.decoded()) > 5, { timeoutMs: 20_000, what: 'the viewer on B decoding' });

    await cluster.nodes[A]!.kill();
    await until(() => onB.heard.get('sfu:producer-closed')?.length === 1, { what: 'sfu:producer-closed on B' });
    await until(
      () => (onB.heard.get('room-update')?.at(-1) as { hostOnline: boolean } | undefined)?.hostOnline === false,
      { what: 'room-update with the host offline on B' },
    );
    expect(onB.viewer.socket.connected).toBe(true);
  });
});
