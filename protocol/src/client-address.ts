import { z } from 'zod';

/**
 * How many reverse proxies in front of the box append to X-Forwarded-For (README "Security").
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
