/**
 * Issue 36: a profile's picture is the one its owner uploaded, or none. Before, a profile save took
 * any http(s) link, so every viewer's browser fetched an image from a site the owner chose (a
 * tracking pixel that logs who looked at the profile, and from where). And issue 35: a stranger
 * reading another person's profile gets exactly the public fields, never an email or a token.
 */
import { describe, expect, it } from 'vitest';
import { signUpUser } from '../../server/src/testing/test-api.js';
import { useInProcessBox } from '../support/in-process-box.js';

const box = useInProcessBox();

const PUBLIC_FIELDS = [
  'firebase_uid',
  'profileImageUrl',
  'user_artist_type',
  'user_bio',
  'user_experience',
  'user_instagram',
  'user_location',
  'user_name',
  'user_recording',
  'user_role',
  'user_soundcloud',
  'user_style',
  'user_tiktok',
  'user_tracklink',
  'user_username',
];

describe('profile pictures and public profiles', () => {
  it("refuses a third-party picture link, or another person's picture, and changes nothing", async () => {
    const mallory = await signUpUser(box, { name: 'Mallory' });
    const victim = await signUpUser(box, { name: 'Vic Victim' });
    const before = await box.call('GET', '/api/user/profile', { token: mallory.idToken });
    for (const profileImageUrl of [
      'https://tracker.example/pixel.png?who=viewer',
      'http://10.0.0.1/internal.png',
      `/api/users/${victim.user.uid}/picture?v=abcdefghijkl`,
    ]) {
      const saved = await box.call('POST', '/api/user/save-profile', {
        token: mallory.idToken,
        body: { user_bio: 'Look at me', profileImageUrl },
      });
      expect(saved.status).toBe(400);
      expect(saved.body.error.code).toBe('validation/invalid-body');
      expect(saved.body.error.message).toContain('profileImageUrl');
    }
    const after = await box.call('GET', '/api/user/profile', { token: mallory.idToken });
    expect(after.body.user).toEqual(before.body.user);
    // What a viewer is given to load: no picture at all.
    const seen = await box.call('GET', `/api/user/by-uid?uid=${mallory.user.uid}`, { token: victim.idToken });
    expect(seen.body.user.profileImageUrl).toBe('');
  });

  it('loads images on the page only from the box itself', async () => {
    const page = await fetch(`${box.baseUrl}/dashboard`);
    const policy = page.headers.get('content-security-policy') ?? '';
    const images = policy.split('; ').find((directive) => directive.startsWith('img-src '));
    expect(images).toBe("img-src 'self' data: blob:");
  });

  it("gives a stranger exactly another person's public fields", async () => {
    const owner = await signUpUser(box, { name: 'Olga Owner' });
    const stranger = await signUpUser(box, { name: 'Stan Stranger' });
    const read = await box.call('GET', `/api/user/by-uid?uid=${owner.user.uid}`, { token: stranger.idToken });
    expect(read.status).toBe(200);
    expect(Object.keys(read.body.user).sort()).toEqual(PUBLIC_FIELDS);
    const raw = JSON.stringify(read.body);
    expect(raw).not.toContain('@example.test');
    expect(raw).not.toContain(owner.idToken);
    expect(raw).not.toMatch(/password|refresh|scrypt/i);
    // Nobody signed in reads nothing of it.
    expect((await box.call('GET', `/api/user/by-uid?uid=${owner.user.uid}`)).status).toBe(401);
  });
});
