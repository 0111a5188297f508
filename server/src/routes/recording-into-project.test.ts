import { execFileSync } from 'node:child_process';
import { existsSync, mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { recordingsRepository } from '../repositories/recordings.js';
import { signUpUser, startTestApi, type TestApi } from '../testing/test-api.js';
import { until } from '../../../tests/support/until.js';

type User = Awaited<ReturnType<typeof signUpUser>>;
let api: TestApi;
let host: User;
let bandmate: User;
let outsider: User;
let projectId: string;
const RECORDING = 'rec-into-project-1';

/** A finished recording of `host` with a real two-second Opus program track, as a media node leaves it. */
async function finishedRecording(): Promise<string> {
  const dir = path.join(api.dataDir, 'recordings', RECORDING);
  mkdirSync(dir, { recursive: true });
  const file = path.join(dir, 'program.ogg');
  writeFileSync(path.join(dir, 'screen.webm'), 'not audio');
  execFileSync('ffmpeg', [
    '-hide_banner',
    '-loglevel',
    'error',
    '-y',
    '-f',
    'lavfi',
    '-i',
    'sine=frequency=330:duration=2:sample_rate=48000',
    '-c:a',
    'libopus',
    file,
  ]);
  const repo = recordingsRepository(api.api.db);
  await repo.insert({ id: RECORDING, roomId: 'room-into-1', hostUid: host.user.uid, startedAt: Date.now() - 60_000 });
  await repo.update(RECORDING, {
    status: 'complete',
    endedAt: Date.now(),
    durationMs: 2000,
    tracks: [
      { file: 'program.ogg', kind: 'program', label: 'Program', userId: null, offsetMs: 0, bytes: 1 },
      { file: 'screen.webm', kind: 'screen', label: 'Screen', userId: null, offsetMs: 0, bytes: 1 },
    ],
    message: null,
  });
  return file;
}

const addToProject = (who: User, body: Record<string, unknown>, project = projectId) =>
  api.call('POST', `/api/projects/${project}/from-recording`, { token: who.idToken, body });

beforeAll(async () => {
  api = await startTestApi();
  host = await signUpUser(api, { username: 'intohost' });
  bandmate = await signUpUser(api, { username: 'intobandmate' });
  outsider = await signUpUser(api, { username: 'intooutsider' });
  const created = await api.call('POST', '/api/projects', { token: host.idToken, body: { name: 'Live EP' } });
  projectId = created.body.project.id;
});
afterAll(async () => {
  await api?.close();
});

describe('a recording into a project', () => {
  it('becomes a new track, prepared like an upload, and the recording keeps its own file', async () => {
    const source = await finishedRecording();
    const added = await addToProject(host, { recordingId: RECORDING, file: 'program.ogg' });
    expect(added.status).toBe(201);
    expect(added.body.file).toMatchObject({ name: `${RECORDING}-program.ogg`, uploaderUid: host.user.uid });
    expect(added.body.file.audio).toMatchObject({ codec: 'opus', channels: 1 });
    const ready = await until(
      async () => {
        const project = (await api.call('GET', `/api/projects/${projectId}`, { token: host.idToken })).body.project;
        const version = project.tracks[0]?.versions[0];
        return version?.state === 'ready' ? project : null;
      },
      { what: 'the version prepared' },
    );
    expect(ready.tracks.map((track: { name: string }) => track.name)).toEqual([`${RECORDING}-program`]);
    expect(existsSync(source)).toBe(true);

    // Again, as the next version of that track.
    const again = await addToProject(host, {
      recordingId: RECORDING,
      file: 'program.ogg',
      trackId: ready.tracks[0].id,
    });
    expect(again.body.file).toMatchObject({ trackId: ready.tracks[0].id, version: 2 });
  });

  it('is refused to whoever may not download the track or is not in the project, changing nothing', async () => {
    const refusal = async (who: User, body: Record<string, unknown>, project?: string) =>
      (await addToProject(who, body, project)).body.error?.code;
    const take = { recordingId: RECORDING, file: 'program.ogg' };
    // A stranger to the recording, even one in the project.
    await api.call('POST', `/api/projects/${projectId}/members`, {
      token: host.idToken,
      body: { uid: bandmate.user.uid },
    });
    expect(await refusal(bandmate, take)).toBe('recording/not-found');
    expect(await refusal(outsider, take)).toBe('recording/not-found');
    // Shared the recording, but not in the project.
    await recordingsRepository(api.api.db).setShares(RECORDING, [outsider.user.uid]);
    expect(await refusal(outsider, take)).toBe('project/not-found');
    // A track that is not in this project, a file that is not in the recording, a bad body.
    expect(await refusal(host, { ...take, trackId: 'track-not-here-1' })).toBe('file/not-found');
    expect(await refusal(host, { ...take, file: 'talker-nobody.ogg' })).toBe('recording/not-found');
    expect(await refusal(host, { ...take, file: '../../etc/passwd' })).toBe('validation/invalid-body');
    expect(await refusal(host, { ...take, file: 'screen.webm' })).toBe('file/not-audio');
    const project = (await api.call('GET', `/api/projects/${projectId}`, { token: host.idToken })).body.project;
    expect(project.tracks.flatMap((track: { versions: unknown[] }) => track.versions)).toHaveLength(2);
  });
});
