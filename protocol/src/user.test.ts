import { describe, expect, it } from 'vitest';
import { uidSchema } from './user.js';

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
