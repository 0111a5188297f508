import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signUpUser, startTestApi, type TestApi } from '../testing/test-api.js';
import { makeWav, tusClient } from '../testing/tus-client.js';

type User = Awaited<ReturnType<typeof signUpUser>>;
let api: TestApi;
let alice: User;
let mallory: User;
const MAX = 256 * 1024;
const SECRET = 'GPS-SECRET-LISBON-38.7223N';

/** A real 800x600 JPEG from ffmpeg with an EXIF segment carrying a location, as a phone writes one. */
function photoWithExif(file: string): Buffer {
  execFileSync(
    'ffmpeg',
    ['-hide_banner', '-loglevel', 'error', '-y', '-f', 'lavfi', '-i', 'testsrc=size=800x600'].concat([
      '-frames:v',
      '1',
      file,
    ]),
  );
  const jpeg = readFileSync(file);
  const payload = Buffer.concat([Buffer.from('Exif\0\0'), Buffer.from(SECRET)]);
  const app1 = Buffer.concat([Buffer.from([0xff, 0xe1]), Buffer.from([0, 0]), payload]);
  app1.writeUInt16BE(payload.length + 2, 2);
  return Buffer.concat([jpeg.subarray(0, 2), app1, jpeg.subarray(2)]);
}

async function upload(user: User, bytes: Buffer, filename = 'me.jpg') {
  const client = tusClient(api.baseUrl, user.idToken);
  const created = await client.create(bytes.length, { purpose: 'profile-picture', filename });
  if (created.status !== 201) return created;
  return client.patch(created.headers.location!, 0, bytes);
}

beforeAll(async () => {
  api = await startTestApi({ files: { pictureMaxBytes: MAX } });
  alice = await signUpUser(api, { name: 'Alice Keys' });
  mallory = await signUpUser(api, { name: 'Mallory' });
});
afterAll(async () => {
  await api.close();
});

describe('profile pictures', () => {
  it('stores a square re-encoded JPEG without the EXIF data, shown on the profile to anyone', async () => {
    const photo = photoWithExif(path.join(api.dataDir, 'photo.jpg'));
    expect(photo.includes(SECRET)).toBe(true);
    const done = await upload(alice, photo);
    expect(done.status).toBe(200);
    const { profileImageUrl } = JSON.parse(done.body);
    expect(profileImageUrl).toMatch(new RegExp(`^/api/users/${alice.user.uid}/picture\\?v=`));

    // Open, like the user list: no token needed.
    const res = await fetch(`${api.baseUrl}${profileImageUrl}`);
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('image/jpeg');
    expect(res.headers.get('x-content-type-options')).toBe('nosniff');
    const served = Buffer.from(await res.arrayBuffer());
    expect(served.equals(photo)).toBe(false);
    expect(served.includes(SECRET)).toBe(false);
    expect(served.includes('Exif')).toBe(false);
    const probe = execFileSync(
      'ffprobe',
      ['-v', 'error', '-show_entries', 'stream=width,height', '-of', 'csv=p=0', '-'],
      {
        input: served,
      },
    ).toString();
    expect(probe.trim()).toBe('512,512');

    const profile = await api.call('GET', `/api/user/by-uid?uid=${alice.user.uid}`, { token: mallory.idToken });
    expect(profile.body.user.profileImageUrl).toBe(profileImageUrl);
    // Saving the profile form sends the address back: it stays, and cannot be pointed elsewhere.
    const kept = await api.call('POST', '/api/user/save-profile', {
      token: alice.idToken,
      body: { user_bio: 'Keys', profileImageUrl },
    });
    expect(kept.status).toBe(200);
    const stolen = await api.call('POST', '/api/user/save-profile', {
      token: alice.idToken,
      body: { user_bio: 'Stolen', profileImageUrl: `/api/users/${mallory.user.uid}/picture?v=abcdefghijkl` },
    });
    expect(stolen.status).toBe(400);
    expect(stolen.body.error.code).toBe('validation/invalid-body');
    const after = (await api.call('GET', '/api/user/profile', { token: alice.idToken })).body.user;
    expect(after).toMatchObject({ profileImageUrl, user_bio: 'Keys' });
  });

  it('refuses what is not a picture, and a file over the size limit before its first byte', async () => {
    const wav = path.join(api.dataDir, 'tone.wav');
    makeWav(wav, 1);
    const notImage = await upload(mallory, readFileSync(wav).subarray(0, 100_000), 'me.png');
    expect(notImage.status).toBe(415);
    expect(JSON.parse(notImage.body).error.code).toBe('file/not-image');
    const tooLarge = await tusClient(api.baseUrl, mallory.idToken).create(MAX + 1, {
      purpose: 'profile-picture',
      filename: 'big.png',
    });
    expect(tooLarge.status).toBe(413);
    expect((await fetch(`${api.baseUrl}/api/users/${mallory.user.uid}/picture`)).status).toBe(404);
  });

  it("lets nobody resume another person's picture upload, and deletes one's own picture", async () => {
    const photo = photoWithExif(path.join(api.dataDir, 'photo2.jpg'));
    const created = await tusClient(api.baseUrl, alice.idToken).create(photo.length, {
      purpose: 'profile-picture',
      filename: 'new.jpg',
    });
    expect(created.status).toBe(201);
    const hijack = await tusClient(api.baseUrl, mallory.idToken).patch(created.headers.location!, 0, photo);
    expect(hijack.status).toBe(404);
    expect((await tusClient(api.baseUrl).offset(created.headers.location!)).status).toBe(401);

    expect((await api.call('DELETE', '/api/me/picture', { token: alice.idToken })).status).toBe(200);
    expect((await fetch(`${api.baseUrl}/api/users/${alice.user.uid}/picture`)).status).toBe(404);
    expect((await api.call('GET', '/api/user/profile', { token: alice.idToken })).body.user.profileImageUrl).toBe('');
  });
});
