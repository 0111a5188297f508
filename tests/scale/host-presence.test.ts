/// <reference lib="dom" />
import type { Browser, Page } from 'playwright-core';
import { pino } from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  createTransport,
  joinAsMember,
  loadDevice,
  produceSyntheticScreen,
  watchRoom,
} from '../../bench/lib/wrtc-room-client.js';
import { connectNodeRegistry, type RegistryConnection } from '../../media/src/scale/registry-connection.js';
import { signUpUser } from '../../server/src/testing/test-api.js';
import { launchChromium, openPage } from '../support/browser.js';
import { createRoomAs } from '../support/room-sockets.js';
import { startScaleCluster, type ScaleCluster } from '../support/scale-cluster.js';
import { startScaleProxy, type ScaleProxy } from '../support/scale-proxy.js';
import { until } from '../support/until.js';

// Issue 34 item 14 in a browser: a guest placed on another media node than the host's reads
// 'Connected (High Performance)' and never 'Waiting for host...' while the host shares, also after
// its node is killed and it is placed on a third node. join-room answers whether the host is in the
// room from the census over every node, the one room-update sends. Three media nodes behind one
// origin (scale-proxy.ts), as docker/Caddyfile.scaled puts them; the host's origin is held full
// (ROOM_ORIGIN_MAX_CONSUMERS=1, one viewer), so the guest goes to an edge each time.
const HEARTBEAT_MS = 500;
const ids = ['media-1', 'media-2', 'media-3'];
const CONNECTED = 'Connected (High Performance)';
let proxy: ScaleProxy;
let cluster: ScaleCluster;
let registry: RegistryConnection;
let browser: Browser;

beforeAll(async () => {
  proxy = await startScaleProxy();
  cluster = await startScaleCluster({
    nodes: 3,
    shared: { NODE_HEARTBEAT_MS: String(HEARTBEAT_MS), ROOM_ORIGIN_MAX_CONSUMERS: '1' },
    node: (index) => ({
      NODE_ID: ids[index]!,
      MEDIA_INTERNAL_PORT: '0',
      NODE_PUBLIC_URL: `${proxy.url}/nodes/${ids[index]}`,
    }),
  });
  proxy.route({
    api: cluster.baseUrl,
    nodes: Object.fromEntries(ids.map((id, index) => [id, cluster.nodes[index]!.baseUrl])),
  });
  registry = connectNodeRegistry(
    cluster.redis.url,
    { heartbeatMs: HEARTBEAT_MS, originMaxConsumers: 1 },
    pino({ level: 'silent' }),
  );
  browser = await launchChromium();
}, 180_000);

afterAll(async () => {
  await browser?.close();
  await registry?.close();
  await cluster?.stop();
  await proxy?.close();
}, 60_000);

const nodeOfUrl = (url: string) => ids.findIndex((id) => url.endsWith(`/nodes/${id}`));

/** Counts, from the first paint on, every moment the page reads 'Waiting for host...'. */
function countWaiting(): void {
  const seen = { count: 0, last: false };
  (window as unknown as { waitingSeen: typeof seen }).waitingSeen = seen;
  const check = () => {
    const now = document.body?.textContent?.includes('Waiting for host...') ?? false;
    if (now && !seen.last) seen.count += 1;
    seen.last = now;
  };
  new MutationObserver(check).observe(document, { subtree: true, childList: true, characterData: true });
}
const waitingSeen = (page: Page) =>
  page.evaluate(() => (window as unknown as { waitingSeen: { count: number } }).waitingSeen.count);

/** The nodes with a consumer in the room now, by index. */
async function nodesConsuming(roomId: string): Promise<number[]> {
  const counts = await registry.registry.roomConsumers(roomId);
  return ids.flatMap((id, index) => ((counts.get(id) ?? 0) > 0 ? [index] : []));
}

describe("a scaled guest on another node than the host's", () => {
  it("reads 'Connected (High Performance)', never 'Waiting for host...', also once its node is killed", async () => {
    const host = await signUpUser(cluster, { name: 'Hosting Hal' });
    const roomId = await createRoomAs(cluster, host.idToken);
    const placed = await cluster.call('GET', `/api/rooms/${roomId}/node`, { token: host.idToken });
    const origin = nodeOfUrl(placed.body.url);
    expect(origin).not.toBe(-1);
    const hostUrl = cluster.nodes[origin]!.baseUrl;
    const hosting = await joinAsMember(hostUrl, roomId, host.idToken);
    const screen = await produceSyntheticScreen(await createTransport(hosting, await loadDevice(hosting), 'send'));
    // A viewer on the origin fills it: every other member is placed on an edge.
    const filler = await joinAsMember(hostUrl, roomId);
    await watchRoom(filler);
    await until(async () => (await nodesConsuming(roomId)).join() === String(origin), {
      what: "the origin's viewer in the registry",
    });

    const { page } = await openPage(browser, proxy.url);
    try {
      await page.addInitScript(countWaiting);
      await page.goto(`/join-collaboration/${roomId}`);
      await page.getByText(CONNECTED).waitFor({ timeout: 20_000 });
      const edges = async () => (await nodesConsuming(roomId)).filter((node) => node !== origin);
      await until(async () => (await edges()).length === 1, { what: "the guest's consumer on an edge" });
      const [edge] = await edges();
      await until(
        async () => (await page.getByTestId('remote-screen').evaluate((v: HTMLVideoElement) => v.videoWidth)) > 0,
        {
          timeoutMs: 20_000,
          what: "the guest showing the host's screen",
        },
      );
      expect(await waitingSeen(page)).toBe(0);

      // The guest's node dies: the guest is placed on the third node, away from the host's again.
      await cluster.nodes[edge!]!.kill();
      const third = 3 - origin - edge!;
      await until(async () => (await nodesConsuming(roomId)).includes(third), {
        timeoutMs: 30_000,
        what: 'the guest consuming on the third node',
      });
      await page.getByText(CONNECTED).waitFor({ timeout: 20_000 });
      await until(
        async () => (await page.getByTestId('remote-screen').evaluate((v: HTMLVideoElement) => v.videoWidth)) > 0,
        {
          timeoutMs: 20_000,
          what: "the guest showing the host's screen again",
        },
      );
      expect(await waitingSeen(page)).toBe(0);
    } finally {
      await page.context().close();
      screen.stop();
      hosting.close();
      filler.close();
    }
  });
});
