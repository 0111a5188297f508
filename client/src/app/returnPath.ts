/** Where /login sends a user back to after signing in, carried as `?from=`. */
export const RETURN_PARAM = 'from';

export function loginPathFor(location: { pathname: string; search: string }): string {
  const from = location.pathname + location.search;
  return `/login?${new URLSearchParams({ [RETURN_PARAM]: from }).toString()}`;
}

/** Only same-site paths: `?from=https://evil.example` or `//evil.example` must not redirect away. */
export function safeReturnPath(raw: string | null): string | null {
  if (!raw || !raw.startsWith('/') || raw.startsWith('//') || raw.startsWith('/\\')) return null;
  if (raw === '/login' || raw.startsWith('/login?')) return null;
  return raw;
}
