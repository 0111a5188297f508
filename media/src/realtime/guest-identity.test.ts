import { describe, expect, it } from 'vitest';
import { GUEST_TOKEN_TTL_MS, GuestIdentities, guestIdentityKeyFrom } from './guest-identity.js';

const key = guestIdentityKeyFrom('x'.repeat(32));

describe('guest identities', () => {
  it('gives back the guest id a token names, until it expires', () => {
    let now = 1_000;
    const guests = new GuestIdentities(key, () => now);
    const id = guests.newGuestId();
    const token = guests.issue(id);
    expect(guests.verify(token)).toBe(id);
    now += GUEST_TOKEN_TTL_MS - 1;
    expect(guests.verify(token)).toBe(id);
    now += 1;
    expect(guests.verify(token)).toBeNull();
  });

  it('refuses a token another key signed, an edited id or expiry, and junk', () => {
    const guests = new GuestIdentities(key);
    const token = guests.issue(guests.newGuestId());
    const [version, , expires, signature] = token.split('.');
    const other = guests.newGuestId();
    expect(new GuestIdentities(guestIdentityKeyFrom('y'.repeat(32))).verify(token)).toBeNull();
    expect(guests.verify([version, other, expires, signature].join('.'))).toBeNull();
    expect(guests.verify([version, token.split('.')[1], 'zzzzzzzzz', signature].join('.'))).toBeNull();
    expect(guests.verify(`${token}x`)).toBeNull();
    for (const junk of ['', 'g1', 'a.b.c.d', `g1.${other}.1.`]) expect(guests.verify(junk)).toBeNull();
  });
});
