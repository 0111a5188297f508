import { afterEach, describe, expect, it } from 'vitest';
import WebSocket from 'ws';
import { PEERJS_KEY, type RtcConfig, type Ack } from '@riffroom/protocol';
import { useInProcessBox } from '../support/in-process-box.js';
import { roomSocketFactory } from '../support/room-sockets.js';

const box = useInProcessBox();
const closers: (() => void)[] = [];
const sockets = roomSocketFactory(() => box.baseUrl);

afterEach(() => {
  for (const close of closers.splice(0)) close();
  sockets.closeAll();
});

const wsUrl = (path: string) => `${box.baseUrl.replace(/^http/, 'ws')}${path}`;

/** A PeerJS client's signalling socket, with every message it receives. */
async function peerSocket(id: string, key = PEERJS_KEY) {
  const ws = new WebSocket(wsUrl(`/peerjs/peerjs?key=${key}&id=${id}&token=tok-${id}`));
  closers.push(() => ws.close());
  const messages: { type: string; src?: string; payload?: unknown }[] = [];
  const waiters: (() => void)[] = [];
  ws.on('message', (data) => {
    messages.push(JSON.parse(String(data)) as (typeof messages)[number]);
    for (const wake of waiters.splice(0)) wake();
  });
  const next = async (type: string) => {
    for (;;) {
      const found = messages.find((message) => message.type === type);
      if (found) return found;
      await new Promise<void>((resolve) => waiters.push(resolve));
    }
  };
  return { ws, messages, next };
}

async function peerId(): Promise<string> {
  const response = await fetch(`${box.baseUrl}/peerjs/peerjs/id`);
  expect(response.status).toBe(200);
  const id = await response.text();
  expect(id).toMatch(/^[0-9a-f-]{36}$/);
  return id;
}

describe('the PeerJS server at /peerjs beside Socket.IO', () => {
  it('hands out ids and opens signalling sockets that relay offers between peers', async () => {
    const [hostId, guestId] = await Promise.all([peerId(), peerId()]);
    expect(hostId).not.toBe(guestId);
    const host = await peerSocket(hostId);
    const guest = await peerSocket(guestId);
    await Promise.all([host.next('OPEN'), guest.next('OPEN')]);

    host.ws.send(JSON.stringify({ type: 'OFFER', dst: guestId, payload: { sdp: 'v=0 fake offer' } }));
    const offer = await guest.next('OFFER');
    expect(offer).toMatchObject({ src: hostId, payload: { sdp: 'v=0 fake offer' } });
  });

  it('refuses a wrong key and a reused id, and answers 400 to other upgrades under /peerjs', async () => {
    const wrongKey = await peerSocket(await peerId(), 'not-the-key');
    expect(await wrongKey.next('ERROR')).toMatchObject({ payload: { msg: 'Invalid key provided' } });

    const id = await peerId();
    const first = await peerSocket(id);
    await first.next('OPEN');
    const thief = new WebSocket(wsUrl(`/peerjs/peerjs?key=${PEERJS_KEY}&id=${id}&token=other`));
    closers.push(() => thief.close());
    const taken = await new Promise<{ type: string }>((resolve) =>
      thief.once('message', (data) => resolve(JSON.parse(String(data)) as { type: string })),
    );
    expect(taken.type).toBe('ID-TAKEN');

    const stray = new WebSocket(wsUrl('/peerjs/elsewhere'));
    const status = await new Promise<number>((resolve) =>
      stray.once('unexpected-response', (_req, res) => resolve(res.statusCode!)),
    );
    expect(status).toBe(400);
  });

  it("leaves Socket.IO's websocket transport working on the same port, and serves rtc-config", async () => {
    // A PeerJS socket is open at the same time, so both upgrade paths are in use together.
    const peer = await peerSocket(await peerId());
    await peer.next('OPEN');
    const socket = await sockets.connect();
    expect(socket.io.engine.transport.name).toBe('websocket');
    const ack = (await socket.emitWithAck('rtc-config', {})) as Ack<RtcConfig>;
    expect(ack).toEqual({ ok: true, data: { iceServers: expect.any(Array) as unknown } });
    const noPayload = (await socket.emitWithAck('rtc-config')) as Ack<RtcConfig>;
    expect(noPayload).toEqual(ack);
    expect(peer.ws.readyState).toBe(WebSocket.OPEN);
  });
});
