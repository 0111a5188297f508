import { readFileSync } from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signUpUser, startTestApi, type TestApi } from '../testing/test-api.js';
import { makeWav, tusClient } from '../testing/tus-client.js';

type User = Awaited<ReturnType<typeof signUpUser>>;
let api: TestApi;
let owner: User;
let artist: User;
let stranger: User;
let projectId: string;
let fileId: string;
/** The comment rate limit this file runs with (the default is far higher). */
const COMMENTS_PER_HOUR = 25;

beforeAll(async () => {
  api = await startTestApi({ rateLimits: { commentsPerUser: `${COMMENTS_PER_HOUR}/1h` } });
  owner = await signUpUser(api, { name: 'Erin Engineer', username: 'erin' });
  artist = await signUpUser(api, { name: 'Ari Artist', username: 'ari' });
  stranger = await signUpUser(api, { name: 'Sam Stranger', username: 'sam' });
  projectId = (await api.call('POST', '/api/projects', { token: owner.idToken, body: { name: 'Single' } })).body.project
    .id;
  await api.call('POST', `/api/projects/${projectId}/members`, {
    token: owner.idToken,
    body: { uid: artist.user.uid },
  });
  const file = path.join(api.dataDir, 'mix.wav');
  makeWav(file, 3);
  const wav = readFileSync(file);
  const client = tusClient(api.baseUrl, owner.idToken);
  const created = await client.create(wav.length, { projectId, filename: 'mix.wav' });
  fileId = JSON.parse((await client.patch(created.headers.location!, 0, wav)).body).file.id;
});
afterAll(async () => {
  await api.close();
});

const commentsPath = () => `/api/projects/${projectId}/files/${fileId}/comments`;
const post = (user: User, body: unknown) => api.call('POST', commentsPath(), { token: user.idToken, body });
const bell = async (user: User) =>
  (await api.call('GET', '/api/notifications', { token: user.idToken })).body.notifications as {
    kind: string;
    title: string;
    link: string;
  }[];

describe('comments pinned to a moment of a version', () => {
  it('lets members comment at a moment or a range, reply, resolve and reopen, and tells the others', async () => {
    const first = await post(artist, { body: 'The vocal is buried here', atMs: 1200, endMs: 2500 });
    expect(first.status).toBe(201);
    expect(first.body.comment).toMatchObject({
      fileId,
      parentId: null,
      authorUid: artist.user.uid,
      authorName: 'Ari Artist',
      atMs: 1200,
      endMs: 2500,
      resolvedAt: null,
    });
    const threadId = first.body.comment.id;
    const reply = await post(owner, { body: 'Pushed it up 2 dB in v2', parentId: threadId });
    expect(reply.status).toBe(201);
    expect(reply.body.comment).toMatchObject({ parentId: threadId, atMs: 1200, endMs: 2500 });
    // A reply to a reply joins the same thread.
    const nested = await post(artist, { body: 'Thanks!', parentId: reply.body.comment.id });
    expect(nested.body.comment.parentId).toBe(threadId);

    const listed = await api.call('GET', commentsPath(), { token: owner.idToken });
    expect(listed.status).toBe(200);
    expect(listed.body.comments.map((c: { body: string }) => c.body)).toEqual([
      'The vocal is buried here',
      'Pushed it up 2 dB in v2',
      'Thanks!',
    ]);

    const resolved = await api.call('PUT', `/api/projects/${projectId}/comments/${reply.body.comment.id}/resolved`, {
      token: owner.idToken,
      body: { resolved: true },
    });
    expect(resolved.status).toBe(200);
    expect(resolved.body.comment).toMatchObject({ id: threadId, resolvedByName: 'Erin Engineer' });
    expect(resolved.body.comment.resolvedAt).not.toBeNull();
    const reopened = await api.call('PUT', `/api/projects/${projectId}/comments/${threadId}/resolved`, {
      token: artist.idToken,
      body: { resolved: false },
    });
    expect(reopened.body.comment).toMatchObject({ resolvedAt: null, resolvedByName: null });

    // The owner hears of the artist's comment in the bell, the artist of the owner's reply.
    const ownerBell = await bell(owner);
    expect(ownerBell.some((item) => item.kind === 'project-commented' && item.title.includes('at 0:01'))).toBe(true);
    expect(ownerBell[0]!.link).toContain(`/projects/${projectId}`);
    expect((await bell(artist)).some((item) => item.kind === 'project-commented')).toBe(true);
  });

  it('notifies an @mentioned member as a mention, and nobody outside the project', async () => {
    const res = await post(owner, { body: 'What do you think, @Ari? cc @sam', atMs: 2000 });
    expect(res.status).toBe(201);
    const artistBell = await bell(artist);
    expect(artistBell[0]).toMatchObject({ kind: 'project-mentioned' });
    expect(artistBell[0]!.title).toContain('Erin Engineer mentioned you at 0:02');
    expect(await bell(stranger)).toEqual([]);
  });

  it('lets only the author edit, and the author or the owner delete', async () => {
    const { comment } = (await post(artist, { body: 'Kick too loud', atMs: 500 })).body;
    const commentPath = `/api/projects/${projectId}/comments/${comment.id}`;
    expect((await api.call('PATCH', commentPath, { token: owner.idToken, body: { body: 'x' } })).status).toBe(403);
    const edited = await api.call('PATCH', commentPath, { token: artist.idToken, body: { body: 'Kick a bit loud' } });
    expect(edited.status).toBe(200);
    expect(edited.body.comment).toMatchObject({ body: 'Kick a bit loud' });
    expect(edited.body.comment.editedAt).not.toBeNull();

    const mine = (await post(owner, { body: 'Mine', atMs: 600 })).body.comment;
    expect(
      (await api.call('DELETE', `/api/projects/${projectId}/comments/${mine.id}`, { token: artist.idToken })).status,
    ).toBe(403);
    expect((await api.call('DELETE', commentPath, { token: owner.idToken })).status).toBe(200);
    const left = (await api.call('GET', commentsPath(), { token: artist.idToken })).body.comments;
    expect(left.some((c: { id: string }) => c.id === comment.id)).toBe(false);
  });

  it('refuses a time past the version, a bad range, an empty or overlong body, and changes nothing', async () => {
    const before = (await api.call('GET', commentsPath(), { token: owner.idToken })).body.comments.length;
    const past = await post(owner, { body: 'After the end', atMs: 3500 });
    expect(past.status).toBe(400);
    expect(past.body.error.code).toBe('comment/out-of-range');
    for (const body of [
      { body: 'No time' },
      { body: 'Backwards', atMs: 2000, endMs: 1000 },
      { body: 'Range past the end', atMs: 1000, endMs: 4000 },
      { body: '   ', atMs: 100 },
      { body: 'x'.repeat(2001), atMs: 100 },
      { body: 'Fraction', atMs: 1.5 },
      { body: 'Reply with its own time', parentId: 'abcdefghijkl', atMs: 5 },
    ]) {
      expect((await post(owner, body)).status).toBe(400);
    }
    expect((await api.call('GET', commentsPath(), { token: owner.idToken })).body.comments).toHaveLength(before);
  });

  it('gives a stranger 404 for every comment route, and a listen link reads only', async () => {
    const { comment } = (await post(owner, { body: 'Private note', atMs: 100 })).body;
    const asStranger = { token: stranger.idToken };
    const commentPath = `/api/projects/${projectId}/comments/${comment.id}`;
    const attempts = [
      await api.call('GET', commentsPath(), asStranger),
      await api.call('POST', commentsPath(), { ...asStranger, body: { body: 'hi', atMs: 1 } }),
      await api.call('POST', commentsPath(), { ...asStranger, body: { body: 'hi', parentId: comment.id } }),
      await api.call('PATCH', commentPath, { ...asStranger, body: { body: 'defaced' } }),
      await api.call('PUT', `${commentPath}/resolved`, { ...asStranger, body: { resolved: true } }),
      await api.call('DELETE', commentPath, asStranger),
    ];
    expect(attempts.map((res) => res.status)).toEqual([404, 404, 404, 404, 404, 404]);
    expect(JSON.stringify(attempts.map((res) => res.body))).not.toContain('Private note');
    // A stranger's own project does not open someone else's comment by its id either.
    const theirs = (await api.call('POST', '/api/projects', { ...asStranger, body: { name: 'Mine' } })).body.project.id;
    expect((await api.call('DELETE', `/api/projects/${theirs}/comments/${comment.id}`, asStranger)).status).toBe(404);
    expect((await api.call('GET', commentsPath())).status).toBe(401);
    const still = (await api.call('GET', commentsPath(), { token: owner.idToken })).body.comments;
    expect(still.find((c: { id: string }) => c.id === comment.id)).toMatchObject({
      body: 'Private note',
      resolvedAt: null,
    });

    const { token } = (
      await api.call('POST', `/api/projects/${projectId}/listen-links`, {
        token: owner.idToken,
        body: { label: 'Client', expiresInHours: 1 },
      })
    ).body;
    const read = await api.call('GET', `/api/listen/${token}/files/${fileId}/comments`);
    expect(read.status).toBe(200);
    expect(read.body.comments.some((c: { body: string }) => c.body === 'Private note')).toBe(true);
    // No route writes through a listen link.
    const write = await fetch(`${api.baseUrl}/api/listen/${token}/files/${fileId}/comments`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ body: 'x', atMs: 1 }),
    });
    expect(write.status).toBe(405);
    expect((await api.call('GET', `/api/listen/${'x'.repeat(43)}/files/${fileId}/comments`)).status).toBe(404);
  });

  it('holds each person to the comment rate limit', async () => {
    let status = 0;
    for (let i = 0; i <= COMMENTS_PER_HOUR && status !== 429; i += 1) {
      status = (await post(artist, { body: `Note ${i}`, atMs: 10 * i })).status;
    }
    expect(status).toBe(429);
    // Someone else still may.
    expect((await post(owner, { body: 'Still here', atMs: 10 })).status).toBe(201);
  });
});
