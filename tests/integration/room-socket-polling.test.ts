import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { connectRoomSocket, type RoomSocket } from '../../client/src/services/media/roomSocket.js';
import { signUpUser } from '../../server/src/testing/test-api.js';
import { useInProcessBox } from '../support/in-process-box.js';
import { createRoomAs, roomSocketFactory } from '../support/room-sockets.js';
import { startScaleProxy, type ScaleProxy } from '../support/scale-proxy.js';
import { until } from '../support/until.js';

// Issue 37, item 13: the client's own room socket where WebSockets are refused falls back to HTTP
// long-polling, and a placed socket keeps every poll on its node by the node's `/nodes/<id>/` path,
// as a scaled box's proxy routes it (docker/Caddyfile.scaled). The proxy here refuses every upgrade
// and sends `/nodes/media-1/*` (prefix stripped) to a real box. In Chromium: rooms-no-websockets.
const box = useInProcessBox();
const sockets = roomSocketFactory(() => box.baseUrl);
let proxy: ScaleProxy;
let guest: RoomSocket | null = null;

beforeAll(async () => {
  proxy = await startScaleProxy({ refuseWebSockets: true });
});
afterAll(async () => {
  await proxy?.close();
});
afterEach(() => {
  guest?.close();
  sockets.closeAll();
});

describe('a room socket behind a proxy that refuses WebSockets', () => {
  it("joins and chats over long-polling, every poll on its node's path", async () => {
    proxy.route({ nodes: { 'media-1': box.baseUrl }, api: 'http://127.0.0.1:9' });
    const hostUser = await signUpUser(box, { name: 'Polly Host' });
    const roomId = await createRoomAs(box, hostUser.idToken);
    const host = await sockets.joined(roomId, hostUser.idToken);

    const nodeUrl = `${proxy.url}/nodes/media-1`;
    guest = connectRoomSocket({ token: null, locate: async () => nodeUrl });
    const heard: string[] = [];
    guest.on('chat', (message) => heard.push(message.message));
    await guest.connected();
    expect(guest.nodeUrl?.()).toBe(nodeUrl);
    const join = await guest.request('join-room', { roomId });
    expect(join.room.roomId).toBe(roomId);

    await guest.request('chat', { roomId, message: 'polling in' });
    await until(() => host.heard.get('chat')?.length === 1, { what: 'the host hears the polling guest' });
    host.socket.emit('chat', { roomId, message: 'polling out' }, () => {});
    await until(() => heard.includes('polling out'), { what: 'the polling guest hears the host' });

    expect(proxy.counts.refusedUpgrades).toBeGreaterThan(0);
    expect(proxy.counts.pollingRequests).toBeGreaterThan(0);
  });
});
