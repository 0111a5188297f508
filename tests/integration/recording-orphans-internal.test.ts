import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { HttpRecordingCatalog } from '../../media/src/scale/http-recording-catalog.js';
import { signUpUser, startTestApi, type TestApi } from '../../server/src/testing/test-api.js';

// Scaled out, a media node starting again asks the API (its internal routes, INTERNAL_SECRET) for
// the recordings it left running, and only its own: another node may be recording now.
const SECRET = 'internal-secret-for-orphans-0123456789';
let api: TestApi;

beforeAll(async () => {
  api = await startTestApi({ internalSecret: SECRET });
});
afterAll(() => api?.close());

describe('a media node asking for the recordings it left running', () => {
  it('gets its own still-running recordings, with the tracks they reported, and no other node’s', async () => {
    const host = await signUpUser(api, { name: 'Hana Host' });
    const catalog = new HttpRecordingCatalog(api.baseUrl, SECRET);
    const base = { roomId: 'room123', hostUid: host.user.uid, startedAt: new Date().toISOString() };
    await catalog.started({ ...base, id: 'nodeARecording1', nodeId: 'node-a' });
    await catalog.started({ ...base, id: 'nodeBRecording1', nodeId: 'node-b' });
    await catalog.started({ ...base, id: 'nodeAFinished01', nodeId: 'node-a' });
    const track = {
      file: 'program.ogg',
      kind: 'program' as const,
      label: 'Program audio',
      userId: null,
      offsetMs: 0,
      bytes: 10,
    };
    await catalog.updated('nodeARecording1', {
      status: 'recording',
      endedAt: null,
      durationMs: 500,
      tracks: [track],
      message: null,
    });
    await catalog.updated('nodeAFinished01', {
      status: 'complete',
      endedAt: base.startedAt,
      durationMs: 1,
      tracks: [],
      message: null,
    });

    expect(await catalog.orphaned('node-a')).toEqual([
      { id: 'nodeARecording1', startedAt: base.startedAt, durationMs: 500, tracks: [track] },
    ]);
    expect(await catalog.orphaned('node-c')).toEqual([]);
    const wrong = new HttpRecordingCatalog(api.baseUrl, 'not-the-secret-0123456789012345');
    await expect(wrong.orphaned('node-a')).rejects.toThrow(/40[13]/);
  });
});
