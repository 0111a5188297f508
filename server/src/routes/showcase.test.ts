import { readFileSync } from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signUpUser, startTestApi, type TestApi } from '../testing/test-api.js';
import { makeWav, tusClient } from '../testing/tus-client.js';

type User = Awaited<ReturnType<typeof signUpUser>>;
let api: TestApi;
let owner: User;
let member: User;
let projectId: string;
let ownerFiles: string[];
let memberFile: string;

async function uploadWav(user: User, name: string): Promise<string> {
  const file = path.join(api.dataDir, name);
  makeWav(file, 1);
  const wav = readFileSync(file);
  const client = tusClient(api.baseUrl, user.idToken);
  const created = await client.create(wav.length, { projectId, filename: name });
  return JSON.parse((await client.patch(created.headers.location!, 0, wav)).body).file.id;
}

beforeAll(async () => {
  api = await startTestApi();
  owner = await signUpUser(api, { name: 'Erin Engineer' });
  member = await signUpUser(api, { name: 'Ari Artist' });
  projectId = (await api.call('POST', '/api/projects', { token: owner.idToken, body: { name: 'EP' } })).body.project.id;
  await api.call('POST', `/api/projects/${projectId}/members`, {
    token: owner.idToken,
    body: { uid: member.user.uid },
  });
  ownerFiles = [await uploadWav(owner, 'single.wav'), await uploadWav(owner, 'demo.wav')];
  memberFile = await uploadWav(member, 'vocals.wav');
  const deadline = Date.now() + 30_000;
  const ready = async () =>
    (await api.call('GET', `/api/projects/${projectId}`, { token: owner.idToken })).body.project.tracks.every(
      (track: { versions: { state: string }[] }) => track.versions.every((file) => file.state === 'ready'),
    );
  while (!(await ready())) {
    if (Date.now() > deadline) throw new Error('not prepared in time');
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
});
afterAll(async () => {
  await api.close();
});

const open = (uid: string, part = '') => fetch(`${api.baseUrl}/api/users/${uid}/showcase${part}`);

describe('showcase tracks', () => {
  it('plays the tracks a person showcases on their profile, to anyone, in their order', async () => {
    const set = await api.call('PUT', '/api/me/showcase', {
      token: owner.idToken,
      body: { fileIds: [ownerFiles[0]] },
    });
    expect(set.status).toBe(200);
    expect(set.body.tracks).toEqual([expect.objectContaining({ fileId: ownerFiles[0], name: 'single.wav' })]);
    const listed = await open(owner.user.uid);
    expect(listed.status).toBe(200);
    expect(((await listed.json()) as { tracks: { fileId: string }[] }).tracks.map((t) => t.fileId)).toEqual([
      ownerFiles[0],
    ]);
    const preview = await open(owner.user.uid, `/${ownerFiles[0]}/preview`);
    expect(preview.status).toBe(200);
    expect(preview.headers.get('content-type')).toBe('audio/ogg');
    expect((await open(owner.user.uid, `/${ownerFiles[0]}/peaks`)).status).toBe(200);
  });

  it('keeps every track that is not showcased private', async () => {
    // Not showcased: 404 for anyone, by its owner's uid or another's.
    expect((await open(owner.user.uid, `/${ownerFiles[1]}/preview`)).status).toBe(404);
    expect((await open(owner.user.uid, `/${ownerFiles[1]}/peaks`)).status).toBe(404);
    expect((await open(member.user.uid, `/${ownerFiles[0]}/preview`)).status).toBe(404);
    expect((await open(owner.user.uid, `/${memberFile}/preview`)).status).toBe(404);
    // A member cannot put the owner's work from their shared project on their own profile.
    const stolen = await api.call('PUT', '/api/me/showcase', {
      token: member.idToken,
      body: { fileIds: [ownerFiles[1]] },
    });
    expect(stolen.status).toBe(400);
    expect((await open(member.user.uid, `/${ownerFiles[1]}/preview`)).status).toBe(404);
    // Taking a track off the profile makes it private again at once.
    await api.call('PUT', '/api/me/showcase', { token: owner.idToken, body: { fileIds: [] } });
    expect((await open(owner.user.uid, `/${ownerFiles[0]}/preview`)).status).toBe(404);
  });

  it('takes at most five, each once', async () => {
    const six = Array.from({ length: 6 }, (_, i) => `file-00000000${i}`);
    expect((await api.call('PUT', '/api/me/showcase', { token: owner.idToken, body: { fileIds: six } })).status).toBe(
      400,
    );
    const twice = [ownerFiles[0], ownerFiles[0]];
    expect((await api.call('PUT', '/api/me/showcase', { token: owner.idToken, body: { fileIds: twice } })).status).toBe(
      400,
    );
    expect((await open('nobody-at-all')).status).toBe(404);
  });
});
