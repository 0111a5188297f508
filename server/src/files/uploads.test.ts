import { createHash } from 'node:crypto';
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signUpUser, startTestApi, type TestApi } from '../testing/test-api.js';
import { makeWav, tusClient } from '../testing/tus-client.js';

type User = Awaited<ReturnType<typeof signUpUser>>;
let api: TestApi;
let owner: User;
let member: User;
let stranger: User;
let projectId: string;
let wav: Buffer;
const QUOTA = 8 * 1024 * 1024;
const MAX = 6 * 1024 * 1024;

const sha256 = (bytes: Buffer) => createHash('sha256').update(bytes).digest('hex');
const uploadsDir = () => path.join(api.dataDir, 'files', 'uploads');
/** Files the tus store holds (each upload is its data file and a .json beside it). */
const storedUploads = () => readdirSync(uploadsDir()).filter((name) => !name.endsWith('.json'));

async function projectOf(who: User) {
  const res = await api.call('GET', `/api/projects/${projectId}`, { token: who.idToken });
  return res;
}

async function untilPrepared(fileId: string) {
  const deadline = Date.now() + 20_000;
  for (;;) {
    const project = (await projectOf(owner)).body.project;
    const file = project.tracks.flatMap((t: { versions: unknown[] }) => t.versions).find((f: any) => f.id === fileId);
    if (file && file.state !== 'preparing') return file;
    if (Date.now() > deadline) throw new Error('the file was not prepared in time');
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

beforeAll(async () => {
  api = await startTestApi({ files: { uploadMaxBytes: MAX, quotaBytesPerPerson: QUOTA } });
  owner = await signUpUser(api, { name: 'Erin Engineer' });
  member = await signUpUser(api, { name: 'Ari Artist' });
  stranger = await signUpUser(api, { name: 'Sam Stranger' });
  const created = await api.call('POST', '/api/projects', { token: owner.idToken, body: { name: 'EP mixes' } });
  expect(created.status).toBe(201);
  projectId = created.body.project.id;
  expect(
    (
      await api.call('POST', `/api/projects/${projectId}/members`, {
        token: owner.idToken,
        body: { uid: member.user.uid },
      })
    ).status,
  ).toBe(200);
  const file = path.join(api.dataDir, 'mix.wav');
  makeWav(file, 10);
  wav = readFileSync(file);
});
afterAll(async () => {
  await api.close();
});

describe('resumable uploads', () => {
  it('refuses before the first byte: no token, a stranger, over the size limit, over the quota', async () => {
    const meta = { projectId, filename: 'mix.wav' };
    expect((await tusClient(api.baseUrl).create(wav.length, meta)).status).toBe(401);
    const strangers = await tusClient(api.baseUrl, stranger.idToken).create(wav.length, meta);
    expect(strangers.status).toBe(404);
    const tooLarge = await tusClient(api.baseUrl, owner.idToken).create(MAX + 1, meta);
    expect(tooLarge.status).toBe(413);
    expect(JSON.parse(tooLarge.body).error.code).toBe('file/too-large');
    // Each within the size limit, together past the quota: the second is refused while the first is under way.
    const first = await tusClient(api.baseUrl, owner.idToken).create(MAX, meta);
    expect(first.status).toBe(201);
    const second = await tusClient(api.baseUrl, owner.idToken).create(QUOTA - MAX + 1, meta);
    expect(second.status).toBe(413);
    expect(JSON.parse(second.body).error.code).toBe('file/over-quota');
    expect(storedUploads()).toHaveLength(1);
    // A stranger cannot write into someone's upload, nor learn its offset.
    const location = first.headers.location!;
    const intruder = tusClient(api.baseUrl, stranger.idToken);
    expect((await intruder.patch(location, 0, Buffer.alloc(1024))).status).toBe(404);
    expect((await intruder.offset(location)).status).toBe(404);
    expect((await tusClient(api.baseUrl, owner.idToken).offset(location)).headers['upload-offset']).toBe('0');
  });

  it('refuses names with path parts and bad metadata before storing anything', async () => {
    const before = storedUploads().length;
    const client = tusClient(api.baseUrl, owner.idToken);
    for (const filename of ['../../etc/passwd', 'a/b.wav', 'line\nbreak.wav', '..']) {
      const res = await client.create(10, { projectId, filename });
      expect(res.status).toBe(400);
    }
    expect((await client.create(10, { filename: 'x.wav' })).status).toBe(400);
    expect(storedUploads()).toHaveLength(before);
  });

  it('resumes after a cut and stores the original byte for byte', async () => {
    const client = tusClient(api.baseUrl, member.idToken);
    const created = await client.create(wav.length, { projectId, filename: 'Song – mix.wav' });
    expect(created.status).toBe(201);
    const location = created.headers.location!;
    // The link drops at about 40%.
    await client.patch(location, 0, wav, Math.floor(wav.length * 0.4));
    const offset = Number((await client.offset(location)).headers['upload-offset']);
    expect(offset).toBeGreaterThan(0);
    expect(offset).toBeLessThanOrEqual(Math.floor(wav.length * 0.4));
    const done = await client.patch(location, offset, wav.subarray(offset));
    expect(done.status).toBe(200);
    const { file } = JSON.parse(done.body);
    expect(file.sha256).toBe(sha256(wav));
    expect(file).toMatchObject({ version: 1, name: 'Song – mix.wav', sizeBytes: wav.length });
    expect(file.audio).toMatchObject({ format: 'wav', sampleRate: 48000, bitDepth: 24, channels: 2 });
    expect(file.audio.durationMs).toBeCloseTo(10_000, -2);

    const original = await fetch(`${api.baseUrl}/api/projects/${projectId}/files/${file.id}/original`, {
      headers: { authorization: `Bearer ${owner.idToken}` },
    });
    expect(original.headers.get('content-disposition')).toMatch(/^attachment; filename="Song _ mix.wav"/);
    expect(original.headers.get('x-content-type-options')).toBe('nosniff');
    expect(sha256(Buffer.from(await original.arrayBuffer()))).toBe(sha256(wav));

    const prepared = await untilPrepared(file.id);
    expect(prepared.state).toBe('ready');
    expect(prepared.loudnessLufs).toBeLessThan(-10);
    expect(prepared.truePeakDbtp).toBeLessThan(0);
    const preview = await fetch(`${api.baseUrl}/api/projects/${projectId}/files/${file.id}/preview`, {
      headers: { authorization: `Bearer ${member.idToken}`, range: 'bytes=100-199' },
    });
    expect(preview.status).toBe(206);
    expect(preview.headers.get('content-type')).toBe('audio/ogg');
    expect((await preview.arrayBuffer()).byteLength).toBe(100);
    const peaks = await api.call('GET', `/api/projects/${projectId}/files/${file.id}/peaks`, { token: member.idToken });
    expect(peaks.body.peaks[0].length).toBeGreaterThan(100);
    expect(Math.max(...peaks.body.peaks[0])).toBeGreaterThan(0.05);
  });

  it('refuses a file that is not audio, whatever its name says, and keeps nothing of it', async () => {
    const text = Buffer.from('This is not a WAV file, just text named like one.\n'.repeat(50));
    const client = tusClient(api.baseUrl, owner.idToken);
    const created = await client.create(text.length, { projectId, filename: 'notes.wav' });
    const res = await client.patch(created.headers.location!, 0, text);
    expect(res.status).toBe(415);
    expect(JSON.parse(res.body).error).toMatchObject({ code: 'file/not-audio' });
    expect(JSON.parse(res.body).error.message).toMatch(/not audio/);
    expect(storedUploads()).not.toContain(created.headers.location!.split('/').pop());
    const names = (await projectOf(owner)).body.project.tracks.map((t: { name: string }) => t.name);
    expect(names).not.toContain('notes');
  });

  it('gives a stranger 404 for the project, its files, previews and waveforms', async () => {
    const project = (await projectOf(owner)).body.project;
    const fileId = project.tracks[0].versions[0].id;
    expect((await projectOf(stranger)).status).toBe(404);
    for (const part of ['original', 'preview', 'peaks']) {
      const res = await api.call('GET', `/api/projects/${projectId}/files/${fileId}/${part}`, {
        token: stranger.idToken,
      });
      expect(res.status).toBe(404);
    }
    expect((await api.call('GET', '/api/projects', { token: stranger.idToken })).body.projects).toEqual([]);
    expect((await api.call('DELETE', `/api/projects/${projectId}`, { token: stranger.idToken })).status).toBe(404);
  });

  it('adds a version to a track and frees the space when the project is deleted', async () => {
    const client = tusClient(api.baseUrl, member.idToken);
    const project = (await projectOf(owner)).body.project;
    const trackId = project.tracks[0].id;
    const created = await client.create(wav.length, { projectId, filename: 'mix v2.wav', trackId });
    const { file } = JSON.parse((await client.patch(created.headers.location!, 0, wav)).body);
    expect(file).toMatchObject({ trackId, version: 2 });
    await untilPrepared(file.id);
    const usage = (who: User) => api.call('GET', '/api/projects/storage', { token: who.idToken });
    expect((await usage(member)).body).toEqual({ usedBytes: 2 * wav.length, quotaBytes: QUOTA });
    // The owner's upload left unfinished by the first test counts too, until the project goes.
    expect((await usage(owner)).body.usedBytes).toBe(MAX);
    expect((await api.call('DELETE', `/api/projects/${projectId}`, { token: member.idToken })).status).toBe(403);
    expect((await api.call('DELETE', `/api/projects/${projectId}`, { token: owner.idToken })).status).toBe(200);
    expect((await usage(owner)).body.usedBytes).toBe(0);
    expect((await usage(member)).body.usedBytes).toBe(0);
    expect(readdirSync(path.join(api.dataDir, 'files', 'projects'))).toEqual([]);
    expect(storedUploads()).toEqual([]);
  });
});
