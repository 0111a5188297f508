import http from 'node:http';
import { createServer, type Server, type Socket } from 'node:net';
import type { AddressInfo } from 'node:net';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { connectGuestRoom } from '../../client/src/services/media/guestRoomConnection.js';
import { connectHostRoom } from '../../client/src/services/media/hostRoomConnection.js';
import type { RoomConnection } from '../../client/src/services/media/roomConnection.js';
import { connectRoomSocket, UNABLE_TO_CONNECT } from '../../client/src/services/media/roomSocket.js';

// Issue 37: with the realtime connection blocked, the room screens sat on 'Connecting...' for about
// 48 s. Blocked the way a dropping firewall blocks it: a server that accepts the TCP connection and
// never answers the WebSocket upgrade, so every Socket.IO attempt runs into its 10 s timeout. The
// clock is fake (Socket.IO takes its timers when the socket is made), the network is real.
let blackHole: Server;
let url: string;
const held = new Set<Socket>();

beforeAll(async () => {
  blackHole = createServer((connection) => {
    held.add(connection);
    connection.on('close', () => held.delete(connection));
  });
  await new Promise<void>((resolve) => blackHole.listen(0, '127.0.0.1', resolve));
  url = `http://127.0.0.1:${(blackHole.address() as AddressInfo).port}`;
});
afterAll(async () => {
  for (const connection of held) connection.destroy();
  await new Promise<void>((resolve) => blackHole.close(() => resolve()));
});
afterEach(() => {
  vi.useRealTimers();
  vi.unstubAllGlobals();
});

const SECOND = 1000;
/** Spec part 9: 10 s at the dedicated server and 10 s at the fallback; the issue allows 25 s. */
const LIMIT_MS = 25 * SECOND;

function useFakeClock() {
  vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout', 'setInterval', 'clearInterval', 'Date'] });
}

/** Advances the fake clock a second at a time (letting real I/O in between) until `done` or the limit. */
async function secondsUntil(done: () => boolean): Promise<number> {
  let elapsed = 0;
  while (!done() && elapsed < LIMIT_MS + 10 * SECOND) {
    await vi.advanceTimersByTimeAsync(SECOND);
    await new Promise((resolve) => setImmediate(resolve));
    elapsed += SECOND;
  }
  return elapsed;
}

describe('a room socket that cannot reach its server', () => {
  it("rejects with 'Unable to connect. Please try again.' within 25 s, not after Socket.IO's 48 s", async () => {
    useFakeClock();
    const socket = connectRoomSocket({ token: null, url });
    let outcome: unknown = null;
    socket.connected().then(
      () => (outcome = 'connected'),
      (error: unknown) => (outcome = error),
    );
    const elapsed = await secondsUntil(() => outcome !== null);
    socket.close();
    expect(outcome).toMatchObject({ code: 'room/unreachable', message: UNABLE_TO_CONNECT });
    expect(elapsed).toBeLessThanOrEqual(LIMIT_MS);
    // The dedicated server had its full 10 s first.
    expect(elapsed).toBeGreaterThan(10 * SECOND);
  });

  it('keeps to it where WebSockets are refused and the long-polling fallback hangs too', async () => {
    // A proxy that answers every upgrade with 403 and holds plain requests unanswered: the socket's
    // WebSocket fails at once, its polling fallback (issue 37 item 13) gets the rest of the 10 s.
    let refused = 0;
    let polls = 0;
    const stalled = http.createServer(() => void (polls += 1));
    stalled.on('upgrade', (_request, connection: Socket) => {
      refused += 1;
      connection.end('HTTP/1.1 403 Forbidden\r\nContent-Length: 0\r\nConnection: close\r\n\r\n');
    });
    await new Promise<void>((resolve) => stalled.listen(0, '127.0.0.1', resolve));
    try {
      useFakeClock();
      const socket = connectRoomSocket({
        token: null,
        url: `http://127.0.0.1:${(stalled.address() as AddressInfo).port}`,
      });
      let outcome: unknown = null;
      socket.connected().catch((error: unknown) => (outcome = error));
      const elapsed = await secondsUntil(() => outcome !== null);
      socket.close();
      expect(outcome).toMatchObject({ code: 'room/unreachable', message: UNABLE_TO_CONNECT });
      expect(elapsed).toBeLessThanOrEqual(LIMIT_MS);
      expect(refused).toBeGreaterThan(0);
      expect(polls).toBeGreaterThan(0);
    } finally {
      stalled.closeAllConnections();
      await new Promise<void>((resolve) => stalled.close(() => resolve()));
    }
  });

  it('counts the time to place the socket too (the room API answered, the node does not)', async () => {
    useFakeClock();
    const socket = connectRoomSocket({ token: null, locate: async () => url });
    let outcome: unknown = null;
    socket.connected().catch((error: unknown) => (outcome = error));
    const elapsed = await secondsUntil(() => outcome !== null);
    socket.close();
    expect(outcome).toMatchObject({ code: 'room/unreachable' });
    expect(elapsed).toBeLessThanOrEqual(LIMIT_MS);
  });
});

describe('the room screens behind a blocked connection', () => {
  it.each([
    ['host', () => connectHostRoom({ roomId: 'r1', token: 'host-token', locate: async () => url })],
    ['guest', () => connectGuestRoom({ roomId: 'r1', token: null, locate: async () => url })],
  ] as Array<[string, () => RoomConnection]>)(
    "the %s's connection says 'Unable to connect. Please try again.' within 25 s",
    async (_side, open) => {
      useFakeClock();
      // The guest's relay audio listens for a gesture on the page; Node has no page.
      vi.stubGlobal('document', new EventTarget());
      const room = open();
      expect(room.getState().status).toBe('connecting');
      const elapsed = await secondsUntil(() => room.getState().status === 'error');
      room.close();
      expect(room.getState()).toMatchObject({ status: 'error', error: UNABLE_TO_CONNECT });
      expect(elapsed).toBeLessThanOrEqual(LIMIT_MS);
    },
  );
});
