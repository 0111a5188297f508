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
let fileId: string;

beforeAll(async () => {
  api = await startTestApi();
  owner = await signUpUser(api, { name: 'Erin Engineer' });
  member = await signUpUser(api, { name: 'Ari Artist' });
  projectId = (await api.call('POST', '/api/projects', { token: owner.idToken, body: { name: 'Single' } })).body.project
    .id;
  await api.call('POST', `/api/projects/${projectId}/members`, {
    token: owner.idToken,
    body: { uid: member.user.uid },
  });
  const file = path.join(api.dataDir, 'take.wav');
  makeWav(file, 3);
  const wav = readFileSync(file);
  const client = tusClient(api.baseUrl, owner.idToken);
  const created = await client.create(wav.length, { projectId, filename: 'take.wav' });
  fileId = JSON.parse((await client.patch(created.headers.location!, 0, wav)).body).file.id;
  const deadline = Date.now() + 20_000;
  while (
    (await api.call('GET', `/api/projects/${projectId}`, { token: owner.idToken })).body.project.tracks[0].versions[0]
      .state === 'preparing'
  ) {
    if (Date.now() > deadline) throw new Error('not prepared in time');
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
});
afterAll(async () => {
  await api.close();
});

const listen = (token: string, part = '') => fetch(`${api.baseUrl}/api/listen/${token}${part}`);

describe('listen links', () => {
  it('lets a client without an account list and play, never download, until the owner revokes it', async () => {
    const made = await api.call('POST', `/api/projects/${projectId}/listen-links`, {
      token: owner.idToken,
      body: { label: 'Client: Jo', expiresInHours: 48 },
    });
    expect(made.status).toBe(201);
    const { token, link } = made.body;
    const project = await api.call('GET', `/api/listen/${token}`);
    expect(project.status).toBe(200);
    expect(project.body.project.members).toEqual([]);
    expect(project.body.project.tracks[0].versions[0].id).toBe(fileId);
    const preview = await listen(token, `/files/${fileId}/preview`);
    expect(preview.status).toBe(200);
    expect(preview.headers.get('content-type')).toBe('audio/ogg');
    expect((await listen(token, `/files/${fileId}/peaks`)).status).toBe(200);
    expect((await listen(token, `/files/${fileId}/original`)).status).toBe(404);

    // Only the owner sees and manages links.
    expect((await api.call('GET', `/api/projects/${projectId}/listen-links`, { token: member.idToken })).status).toBe(
      403,
    );
    const links = await api.call('GET', `/api/projects/${projectId}/listen-links`, { token: owner.idToken });
    expect(links.body.links).toEqual([link]);
    const revoked = await api.call('DELETE', `/api/projects/${projectId}/listen-links/${link.id}`, {
      token: owner.idToken,
    });
    expect(revoked.status).toBe(200);
    expect((await listen(token)).status).toBe(404);
    expect((await listen(token, `/files/${fileId}/preview`)).status).toBe(404);
  });

  it('stops working at its expiry', async () => {
    const { token, link } = (
      await api.call('POST', `/api/projects/${projectId}/listen-links`, {
        token: owner.idToken,
        body: { label: 'Label A&R', expiresInHours: 1 },
      })
    ).body;
    expect((await listen(token)).status).toBe(200);
    // An hour later, as the server's clock sees it.
    await api.api
      .db('project_listen_links')
      .where('link_id', link.id)
      .update({ expires_at: Date.now() - 1 });
    expect((await listen(token)).status).toBe(404);
    expect((await listen(token, `/files/${fileId}/preview`)).status).toBe(404);
    expect(
      (await api.call('GET', `/api/projects/${projectId}/listen-links`, { token: owner.idToken })).body.links,
    ).toEqual([]);
  });

  it('refuses a made-up link and bad lifetimes', async () => {
    expect((await listen('x'.repeat(43))).status).toBe(404);
    for (const expiresInHours of [0, 24 * 91, 1.5]) {
      const res = await api.call('POST', `/api/projects/${projectId}/listen-links`, {
        token: owner.idToken,
        body: { label: 'x', expiresInHours },
      });
      expect(res.status).toBe(400);
    }
  });
});
