import { z } from 'zod';

/**
 * How many reverse proxies in front of the box append to X-Forwarded-For (docs/security.md).
 * 0: the socket's peer address is the client. N: the Nth entry from the right is the client, so
 * whatever a client writes into the header itself, further left, is ignored.
 * `TRUST_PROXY` takes a count; `true` means one proxy and `false` none.
 */
export const trustProxyHopsSchema = z.preprocess((value) => {
  if (value === true || value === 'true') return 1;
  if (value === false || value === 'false' || value === '') return 0;
  return value;
}, z.coerce.number().int().min(0).max(10));

/** The caller's address: the peer address, or the one the trusted proxy hops saw. */
export function clientAddress(
  remoteAddress: string | undefined,
  forwardedFor: string | string[] | undefined,
  trustedHops: number,
): string {
  const peer = normaliseAddress(remoteAddress ?? 'unknown');
  if (trustedHops === 0 || forwardedFor === undefined) return peer;
  const entries = (Array.isArray(forwardedFor) ? forwardedFor.join(',') : forwardedFor)
    .split(',')
    .map((entry) => entry.trim())
    .filter(Boolean);
  // The last hop appended the address it saw; each trusted hop before it did the same.
  const index = entries.length - trustedHops;
  const entry = index >= 0 ? entries[index] : entries[0];
  return entry ? normaliseAddress(entry) : peer;
}

/** '::ffff:1.2.3.4' and '1.2.3.4' are one caller. */
function normaliseAddress(address: string): string {
  return address.startsWith('::ffff:') ? address.slice(7) : address;
}

/**
 * The key every per-address budget counts by (HTTP, Socket.IO, PeerJS, login failures, a host's mute
 * of an anonymous guest): an IPv4 address as it is, an IPv6 address by its /64. One subscriber is
 * handed a whole /64 (at least), so counting single IPv6 addresses would give each caller 2^64 fresh
 * budgets. Anything that parses as neither stays as it was given.
 */
export function clientBudgetKey(
  remoteAddress: string | undefined,
  forwardedFor: string | string[] | undefined,
  trustedHops: number,
): string {
  return addressBudgetKey(clientAddress(remoteAddress, forwardedFor, trustedHops));
}

/** One address's budget key (clientBudgetKey): '2001:db8:1:2::/64' for every address of that /64. */
export function addressBudgetKey(address: string): string {
  const bare = address
    .trim()
    .toLowerCase()
    .replace(/^\[/, '')
    .replace(/\](:\d+)?$/, '');
  const v4 = /^(\d{1,3}(?:\.\d{1,3}){3})(?::\d+)?$/.exec(bare);
  if (v4) return v4[1]!;
  const groups = ipv6Groups(bare.replace(/%.*$/, ''));
  if (!groups) return address;
  // An IPv4 address written as IPv6 (::ffff:a.b.c.d in any spelling) is that IPv4 caller.
  if (groups.slice(0, 5).every((group) => group === 0) && groups[5] === 0xffff) {
    return [groups[6]! >> 8, groups[6]! & 255, groups[7]! >> 8, groups[7]! & 255].join('.');
  }
  return `${groups
    .slice(0, 4)
    .map((group) => group.toString(16))
    .join(':')}::/64`;
}

/** The eight 16-bit groups of an IPv6 address (with '::' and a dotted IPv4 tail), or null. */
function ipv6Groups(address: string): number[] | null {
  let text = address;
  const tail = /^(.*:)(\d{1,3}(?:\.\d{1,3}){3})$/.exec(text);
  if (tail) {
    const bytes = tail[2]!.split('.').map(Number);
    if (bytes.some((byte) => byte > 255)) return null;
    const hex = (high: number, low: number) => ((high << 8) | low).toString(16);
    text = `${tail[1]}${hex(bytes[0]!, bytes[1]!)}:${hex(bytes[2]!, bytes[3]!)}`;
  }
  const halves = text.split('::');
  if (halves.length > 2) return null;
  const parse = (part: string) => (part === '' ? [] : part.split(':'));
  const head = parse(halves[0]!);
  const rest = halves.length === 2 ? parse(halves[1]!) : [];
  const missing = 8 - head.length - rest.length;
  if (halves.length === 2 ? missing < 1 : missing !== 0) return null;
  const all = [...head, ...Array<string>(halves.length === 2 ? missing : 0).fill('0'), ...rest];
  if (!all.every((group) => /^[0-9a-f]{1,4}$/.test(group))) return null;
  return all.map((group) => parseInt(group, 16));
}
