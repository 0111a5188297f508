import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { RoomRole } from '@riffroom/protocol';
import { signUpUser, startTestApi, type TestApi } from '../testing/test-api.js';

type User = Awaited<ReturnType<typeof signUpUser>>;
let box: TestApi;
let scaled: TestApi;
let host: User;
let roomId: string;
/** What the scaled API's placement was asked, and what it answers next. */
const asked: Array<[string, RoomRole]> = [];
let nextNode: string | undefined = 'https://studio.example/nodes/media-2';

beforeAll(async () => {
  box = await startTestApi();
  scaled = await startTestApi(
    {},
    {
      placement: async (id, role) => {
        asked.push([id, role]);
        return nextNode;
      },
    },
  );
});
afterAll(async () => {
  await Promise.all([box?.close(), scaled?.close()]);
});

async function createRoom(api: TestApi, settings: Record<string, unknown> = {}) {
  host = await signUpUser(api, { name: 'Hana Host' });
  const res = await api.call('POST', '/api/rooms/create', { token: host.idToken, body: { name: 'Mix', settings } });
  expect(res.status).toBe(201);
  return res.body.room.roomId as string;
}

describe('GET /api/rooms/{roomId}/node', () => {
  it('answers null on the single box: the room is served where the page came from', async () => {
    roomId = await createRoom(box);
    const res = await box.call('GET', `/api/rooms/${roomId}/node`);
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ url: null });
  });

  it("scaled out, answers the placement's node: the host as host, anyone else as a viewer", async () => {
    roomId = await createRoom(scaled);
    const guest = await scaled.call('GET', `/api/rooms/${roomId}/node`);
    expect(guest.status).toBe(200);
    expect(guest.body).toEqual({ url: 'https://studio.example/nodes/media-2' });
    const raw = await fetch(`${scaled.baseUrl}/api/rooms/${roomId}/node`);
    expect(raw.headers.get('cache-control')).toBe('no-store');
    await scaled.call('GET', `/api/rooms/${roomId}/node`, { token: host.idToken });
    expect(asked.slice(-3)).toEqual([
      [roomId, 'viewer'],
      [roomId, 'viewer'],
      [roomId, 'host'],
    ]);
  });

  it('answers 503 media/no-node when no media node can take the member', async () => {
    nextNode = undefined;
    try {
      const res = await scaled.call('GET', `/api/rooms/${roomId}/node`);
      expect(res.status).toBe(503);
      expect(res.body.error.code).toBe('media/no-node');
    } finally {
      nextNode = 'https://studio.example/nodes/media-2';
    }
  });

  it('places nobody in a room that is unknown, ended, or private to the caller', async () => {
    const placed = asked.length;
    expect((await scaled.call('GET', '/api/rooms/nosuch1/node')).status).toBe(404);
    expect((await scaled.call('GET', '/api/rooms/bad%20id/node')).status).toBe(400);
    const privateRoom = await createRoom(scaled, { isPublic: false });
    expect((await scaled.call('GET', `/api/rooms/${privateRoom}/node`)).status).toBe(403);
    expect((await scaled.call('GET', `/api/rooms/${privateRoom}/node`, { token: host.idToken })).status).toBe(200);
    expect(asked.length).toBe(placed + 1);
  });
});
