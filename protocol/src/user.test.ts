import { describe, expect, it } from 'vitest';
import { profilePicturePath } from './projects.js';
import { isOwnPictureUrl, isUploadedPictureUrl, saveProfileBodySchema, uidSchema } from './user.js';

describe('uidSchema', () => {
  it.each([
    ['a Firebase uid', 'Mt50CeRxyZzxHROqgE2IZR15RzHy'],
    ['an id imported from Auth0', 'auth0|5f1c2b3a4d5e6f7a8b9c0d1e'],
    ['an email used as the id', 'alice@example.com'],
    ['an id with dots and colons', 'legacy.user:42'],
    ['128 characters', 'x'.repeat(128)],
  ])('takes %s', (_case, uid) => {
    expect(uidSchema.safeParse(uid).success).toBe(true);
  });

  it.each([
    ['an empty id', ''],
    ['129 characters', 'x'.repeat(129)],
    ['whitespace', 'alice bob'],
    ['a newline', 'alice\nbob'],
    ['a control character', 'alice\u0000'],
    ['a slash', '../etc'],
    ['a backslash', 'alice\\bob'],
  ])('refuses %s', (_case, uid) => {
    expect(uidSchema.safeParse(uid).success).toBe(false);
  });
});

describe('profile pictures (issue 36)', () => {
  const mine = profilePicturePath('alice@example.com', 'abcdefghijkl');

  it("takes only an empty value or an uploaded picture's address in a save", () => {
    expect(saveProfileBodySchema.safeParse({ profileImageUrl: '' }).success).toBe(true);
    expect(saveProfileBodySchema.safeParse({ profileImageUrl: mine }).success).toBe(true);
    for (const url of ['https://tracker.example/p.png', '//x.example/p.png', '/api/users/a/picture', 'data:,x']) {
      expect(saveProfileBodySchema.safeParse({ profileImageUrl: url }).success).toBe(false);
    }
  });

  it("tells a person's own picture from another's", () => {
    expect(isUploadedPictureUrl(mine)).toBe(true);
    expect(isOwnPictureUrl(mine, 'alice@example.com')).toBe(true);
    expect(isOwnPictureUrl(mine, 'bob')).toBe(false);
    expect(isOwnPictureUrl('https://x.example/api/users/bob/picture?v=abcdefghijkl', 'bob')).toBe(false);
  });
});
