import net from 'node:net';

/**
 * Whether an address is one the internet cannot reach: loopback, RFC 1918 and carrier-grade NAT,
 * link-local, and their IPv6 counterparts. A name (not an address) is taken as public.
 */
export function isPrivateAddress(address: string): boolean {
  const ip = address.replace(/^\[|\]$/g, '');
  if (net.isIPv4(ip)) {
    const [a, b] = ip.split('.').map(Number) as [number, number];
    return (
      a === 10 ||
      a === 127 ||
      a === 0 ||
      (a === 172 && b >= 16 && b <= 31) ||
      (a === 192 && b === 168) ||
      (a === 169 && b === 254) ||
      (a === 100 && b >= 64 && b <= 127)
    );
  }
  if (net.isIPv6(ip)) {
    const lower = ip.toLowerCase();
    return lower === '::1' || lower === '::' || /^f[cd]/.test(lower) || /^fe[89ab]/.test(lower);
  }
  return ['localhost'].includes(ip.toLowerCase()) || ip.toLowerCase().endsWith('.localhost');
}

/** Whether a host name is one other machines on the internet can look up (not a LAN-only name). */
export function isPublicName(hostname: string): boolean {
  if (net.isIP(hostname.replace(/^\[|\]$/g, ''))) return !isPrivateAddress(hostname);
  const lower = hostname.toLowerCase();
  const lanSuffixes = ['.local', '.lan', '.home', '.internal', '.test', '.localhost', '.home.arpa'];
  return lower.includes('.') && !lanSuffixes.some((suffix) => lower.endsWith(suffix));
}
