import { mkdtempSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { randomBytes } from 'node:crypto';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { RECORDING_CRASHED_MESSAGE, type Recording } from '@riffroom/protocol';
import { HttpRecordingCatalog } from '../../media/src/scale/http-recording-catalog.js';
import { lostNodeMessage } from '../../server/src/services/lost-node-recordings.js';
import { jsonCaller, signUpUser, type JsonCall } from '../../server/src/testing/test-api.js';
import { startPostgresServer, type PostgresServer } from '../support/postgres-server.js';
import { startRedisServer, type RedisServer } from '../support/redis-server.js';
import { startRole, type RoleProcess } from '../support/role-process.js';
import { ask, createRoomAs } from '../support/room-sockets.js';
import { until } from '../support/until.js';
import { startStudioHost, type StudioHost } from '../support/wrtc-studio-host.js';

// Scaled out, the recording of a media node that dies (docs/rooms-and-recording.md "Talkback"): a node
// back within RECORDING_NODE_GRACE_S marks its own recording; one that never comes back has it
// marked by the API once the grace is out, with the files the shared DATA_DIR holds.
const GRACE_S = 30;
const HEARTBEAT_MS = 500;
const NODE_ID = 'rec-node-1';
const secret = randomBytes(24).toString('base64url');
let redis: RedisServer;
let postgres: PostgresServer;
let dataDir: string;
let api: RoleProcess;
let node: RoleProcess | undefined;
let call: JsonCall;
const hosts: StudioHost[] = [];

const nodeEnv = () => ({
  API_URL: api.baseUrl,
  INTERNAL_SECRET: secret,
  REDIS_URL: redis.url,
  // One volume for the API and the node, as docs/scaling-out.md asks.
  DATA_DIR: dataDir,
  RECORDINGS_MIN_FREE_MB: '0',
  NODE_ID,
  NODE_HEARTBEAT_MS: String(HEARTBEAT_MS),
});

beforeAll(async () => {
  [redis, postgres] = await Promise.all([startRedisServer(), startPostgresServer()]);
  dataDir = mkdtempSync(path.join(tmpdir(), 'riffroom-recording-lost-node-'));
  api = await startRole('scripts/api.ts', {
    DATA_DIR: dataDir,
    DATABASE_URL: postgres.url,
    REDIS_URL: redis.url,
    INTERNAL_SECRET: secret,
    SIGNING_KEY_FILE: path.join(dataDir, 'key.json'),
    NODE_HEARTBEAT_MS: String(HEARTBEAT_MS),
    RECORDING_NODE_GRACE_S: String(GRACE_S),
  });
  call = jsonCaller(api.baseUrl);
  node = await startRole('media/src/main.ts', nodeEnv());
}, 180_000);

afterEach(() => {
  for (const host of hosts.splice(0)) host.stop();
});

afterAll(async () => {
  await node?.stop();
  await api?.stop();
  await Promise.all([redis?.stop(), postgres?.stop()]);
  if (dataDir) rmSync(dataDir, { recursive: true, force: true });
}, 60_000);

async function listed(token: string, id: string): Promise<Recording | undefined> {
  const res = await call('GET', '/api/recordings', { token });
  expect(res.status).toBe(200);
  return (res.body.recordings as Recording[]).find((recording) => recording.id === id);
}

const marked = (token: string, id: string, timeoutMs: number) =>
  until(
    async () => {
      const found = await listed(token, id);
      return found && found.status !== 'recording' ? found : null;
    },
    { timeoutMs, intervalMs: 500, what: 'the recording marked' },
  );

/** A host recording program and screen on the node, a couple of seconds of both written. */
async function recordingOnTheNode(name: string) {
  const owner = await signUpUser({ call }, { name });
  const roomId = await createRoomAs({ baseUrl: api.baseUrl, call }, owner.idToken, { name: `${name}'s take` });
  const host = await startStudioHost(node!.baseUrl, roomId, owner.idToken);
  hosts.push(host);
  const started = await ask(host.member.socket, 'recording:start', { roomId });
  expect(started).toMatchObject({ ok: true });
  const id: string = started.data.recordingId;
  await until(async () => (await listed(owner.idToken, id))?.tracks.length === 2, {
    timeoutMs: 30_000,
    what: 'program and screen being captured',
  });
  const size = (file: string) => statSync(path.join(dataDir, 'recordings', id, file), { throwIfNoEntry: false })?.size;
  const capturing = Date.now();
  await until(() => Date.now() - capturing > 2000 && (size('program.ogg') ?? 0) > 0 && (size('screen.webm') ?? 0) > 0, {
    timeoutMs: 20_000,
    what: 'two seconds written',
  });
  return { owner, roomId, id, host, size };
}

describe('a recording whose media node dies', () => {
  it('is marked by its node when it comes back within the grace, not by the API', async () => {
    const { owner, roomId, id, host } = await recordingOnTheNode('Back Host');
    await node!.kill();
    const killed = Date.now();
    host.stop();
    // Gone from the registry: the API places nobody (it was the only node).
    await until(async () => (await call('GET', `/api/rooms/${roomId}/node`)).status === 503, {
      what: 'the node gone from the registry',
    });
    node = await startRole('media/src/main.ts', nodeEnv());
    const after = await marked(owner.idToken, id, 30_000);
    // Back within the grace, so the test shows what it means to.
    expect(Date.now() - killed).toBeLessThan(GRACE_S * 1000);
    // The node's own account: the crash message alone, and a duration its ffprobe read (the API
    // reads none; how long the audio is depends on how much the loaded machine let through).
    expect(after).toMatchObject({ status: 'interrupted', message: RECORDING_CRASHED_MESSAGE });
    expect(after.tracks.find((track) => track.file === 'program.ogg')?.durationMs).toBeGreaterThan(0);
  }, 180_000);

  it('is marked interrupted by the API once the grace is out when the node never comes back', async () => {
    const { owner, id, host, size } = await recordingOnTheNode('Lost Host');
    await node!.kill();
    const killed = Date.now();
    node = undefined;
    host.stop();
    const after = await marked(owner.idToken, id, GRACE_S * 1000 + 30_000);
    // Not before the grace, counted from its last beat (at most a beat before the kill).
    expect(Date.now() - killed).toBeGreaterThan(GRACE_S * 1000 - HEARTBEAT_MS);
    expect(after).toMatchObject({ status: 'interrupted', message: lostNodeMessage(NODE_ID, []) });
    expect(after.message!.startsWith(RECORDING_CRASHED_MESSAGE)).toBe(true);
    expect(after.endedAt).not.toBeNull();
    expect(after.durationMs).toBeGreaterThan(1500);
    // The files the shared DATA_DIR holds, as the node's reports described them, with their sizes.
    expect(after.tracks).toEqual([
      expect.objectContaining({
        file: 'program.ogg',
        kind: 'program',
        label: 'Program audio',
        bytes: size('program.ogg'),
      }),
      expect.objectContaining({ file: 'screen.webm', kind: 'screen', label: 'Screen', bytes: size('screen.webm') }),
    ]);
    const download = await fetch(`${api.baseUrl}/api/recordings/${id}/tracks/program.ogg`, {
      headers: { authorization: `Bearer ${owner.idToken}` },
    });
    expect(download.status).toBe(200);
    expect((await download.arrayBuffer()).byteLength).toBe(size('program.ogg'));
    // Should the node start after all, it finds nothing of its own left to mark.
    expect(await new HttpRecordingCatalog(api.baseUrl, secret).orphaned(NODE_ID)).toEqual([]);
  }, 180_000);
});
