import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { jsonCaller, signUpUser } from '../../server/src/testing/test-api.js';
import {
  consumeAll,
  createTransport,
  joinAsMember,
  loadDevice,
  type RoomMember,
} from '../../bench/lib/wrtc-room-client.js';
import { startBox, type Box } from '../support/box.js';
import { scrape, sampleSum, sampleValue, type Family } from '../support/prometheus-text.js';
import { ask, CLIENT_DTLS, createRoomAs, produceAs, roomSocketFactory } from '../support/room-sockets.js';
import { until } from '../support/until.js';

// The real single box, scraped over its own metrics listener as Prometheus would.
let box: Box;
let host: Awaited<ReturnType<typeof signUpUser>>;
const sockets = roomSocketFactory(() => box.baseUrl);
const wrtcMembers: RoomMember[] = [];

beforeAll(async () => {
  box = await startBox();
  host = await signUpUser({ call: jsonCaller(box.baseUrl) }, { name: 'Hana Host' });
});
afterEach(() => {
  sockets.closeAll();
  for (const member of wrtcMembers.splice(0)) member.close();
});
afterAll(async () => {
  await box?.stop();
});

type Metrics = Map<string, Family>;
const metrics = () => scrape(box.metricsUrl);
const peers = (m: Metrics, tier: string, role: string) => sampleValue(m, 'riffroom_room_peers', { tier, role });
/** Polls /metrics until `check` holds, returning that scrape. */
const metricsWhen = (check: (m: Metrics) => boolean, what: string) =>
  until(
    async () => {
      const m = await metrics();
      return check(m) ? m : null;
    },
    { timeoutMs: 15_000, intervalMs: 100, what },
  );

const joined = async (roomId: string, token?: string) => (await sockets.joined(roomId, token)).socket;

describe('/metrics on the real box', () => {
  it('parses as Prometheus text and has the process, HTTP and database figures', async () => {
    await fetch(`${box.baseUrl}/api/rooms/not-a-room`);
    const m = await metrics();
    expect(sampleValue(m, 'process_cpu_user_seconds_total')).toBeGreaterThan(0);
    expect(sampleValue(m, 'process_resident_memory_bytes')).toBeGreaterThan(0);
    // Requests are labelled by route pattern, never by the raw URL.
    expect(
      sampleValue(m, 'riffroom_http_request_duration_seconds_count', {
        method: 'GET',
        route: '/api/rooms/:roomId',
        status: '404',
      }),
    ).toBeGreaterThanOrEqual(1);
    expect(JSON.stringify([...m.values()])).not.toContain('not-a-room');
    expect(sampleValue(m, 'riffroom_db_query_duration_seconds_count', { outcome: 'ok' })).toBeGreaterThan(0);
    expect(sampleValue(m, 'riffroom_mediasoup_workers_live')).toBe(1);
    expect(sampleValue(m, 'riffroom_mediasoup_worker_resident_memory_bytes', { worker: '0' })).toBeGreaterThan(0);
    expect(m.get('riffroom_mediasoup_worker_cpu_seconds_total')?.type).toBe('counter');
    expect(sampleValue(m, 'riffroom_mediasoup_worker_cpu_seconds_total', { worker: '0' })).toBeGreaterThan(0);
    // The app's port does not serve the metrics.
    expect((await fetch(`${box.baseUrl}/metrics`)).headers.get('content-type')).not.toContain('text/plain; version');
  });

  it('moves when a room opens and a guest joins each tier: SFU, peer-to-peer and relay', async () => {
    const before = await metrics();
    expect(sampleValue(before, 'riffroom_rooms_active')).toBe(0);
    const roomId = await createRoomAs({ baseUrl: box.baseUrl, call: jsonCaller(box.baseUrl) }, host.idToken, {
      settings: { allowGuestAccess: true },
    });
    const hostSocket = await joined(roomId, host.idToken);
    let m = await metricsWhen((x) => sampleValue(x, 'riffroom_rooms_active') === 1, 'one room active');
    expect(peers(m, 'none', 'host')).toBe(1);
    expect(sampleValue(m, 'riffroom_socketio_connections')).toBeGreaterThanOrEqual(1);

    // The host shares its screen on the SFU.
    const send = await ask(hostSocket, 'sfu:create-transport', { roomId, direction: 'send' });
    await ask(hostSocket, 'sfu:connect-transport', { roomId, transportId: send.data.id, dtlsParameters: CLIENT_DTLS });
    expect((await produceAs(hostSocket, roomId, send.data.id, 'screen')).ok).toBe(true);
    m = await metricsWhen((x) => peers(x, 'sfu', 'host') === 1, 'the host on the SFU');
    expect(sampleValue(m, 'riffroom_sfu_media_objects', { kind: 'producer' })).toBe(1);

    // An SFU guest: libwebrtc through mediasoup-client, as the browser does.
    const sfuGuest = await joinAsMember(box.baseUrl, roomId);
    wrtcMembers.push(sfuGuest);
    const device = await loadDevice(sfuGuest);
    await consumeAll(sfuGuest, device, await createTransport(sfuGuest, device, 'recv'));
    m = await metricsWhen((x) => peers(x, 'sfu', 'viewer') === 1, 'a viewer on the SFU');
    expect(sampleValue(m, 'riffroom_sfu_media_objects', { kind: 'consumer' })).toBe(1);

    // A peer-to-peer guest announces its PeerJS id, as the client does before it dials the host.
    const p2pGuest = await joined(roomId);
    expect(await ask(p2pGuest, 'peer-ready', { roomId, peerId: 'p2p-guest-peer' })).toEqual({ ok: true });
    await metricsWhen((x) => peers(x, 'p2p', 'viewer') === 1, 'a viewer on the peer-to-peer tier');

    // A relay guest subscribes and receives the host's frames.
    const relayGuest = await joined(roomId);
    relayGuest.on('screen-frame', (_frame: unknown, ack: () => void) => ack());
    expect(await ask(relayGuest, 'relay:subscribe', { roomId, subscribe: true })).toMatchObject({ ok: true });
    const frame = Buffer.alloc(2000, 1);
    frame.set([0xff, 0xd8, 0xff]);
    expect(await ask(hostSocket, 'screen-frame', { roomId, frame })).toMatchObject({ ok: true });
    m = await metricsWhen(
      (x) => sampleValue(x, 'riffroom_relay_items_total', { kind: 'video', outcome: 'acked' }) >= 1,
      'a relay frame delivered',
    );
    expect(peers(m, 'relay', 'viewer')).toBe(1);
    expect(sampleSum(m, 'riffroom_room_peers')).toBe(4);
    expect(sampleValue(m, 'riffroom_rooms_active')).toBe(1);

    // Everyone leaves: the room is no longer live.
    sockets.closeAll();
    sfuGuest.close();
    m = await metricsWhen((x) => sampleValue(x, 'riffroom_rooms_active') === 0, 'no room active');
    expect(sampleSum(m, 'riffroom_room_peers')).toBe(0);
    expect(sampleSum(m, 'riffroom_sfu_media_objects')).toBe(0);
  });

  it('counts a worker that died and was replaced', async () => {
    const [workerPid] = box.workerPids();
    expect(workerPid).toBeDefined();
    const died = sampleValue(await metrics(), 'riffroom_mediasoup_worker_replacements_total', { reason: 'died' });
    process.kill(workerPid!, 'SIGKILL');
    const m = await metricsWhen(
      (x) => sampleValue(x, 'riffroom_mediasoup_worker_replacements_total', { reason: 'died' }) === died + 1,
      'the replacement counted',
    );
    expect(sampleValue(m, 'riffroom_mediasoup_workers_live')).toBe(1);
    expect(box.workerPids()).not.toContain(workerPid);
  });
});
