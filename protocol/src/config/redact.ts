import type { Setting } from './setting.js';

export const REDACTED = '[redacted]';

const isPlain = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

/** A URL's password (postgres://user:password@host, rediss://:password@host) replaced. */
function withoutPassword(text: string): string {
  return text.replace(/^([a-z][a-z0-9+.-]*:\/\/[^:/@]*:).+@/i, `$1${REDACTED}@`);
}

/**
 * A copy of a loaded config that is safe to print: settings marked secret become [redacted], and
 * so does the password inside any URL (DATABASE_URL, REDIS_URL).
 */
export function redactConfig(config: unknown, settings: readonly Setting[]): unknown {
  const secret = new Set(settings.filter((setting) => setting.secret).map((setting) => setting.path));
  const walk = (value: unknown, path: string): unknown => {
    if (secret.has(path) && value !== undefined) return REDACTED;
    if (typeof value === 'string') return withoutPassword(value);
    if (Array.isArray(value)) return value.map((item, index) => walk(item, `${path}.${index}`));
    if (isPlain(value)) {
      return Object.fromEntries(
        Object.entries(value).map(([key, inner]) => [key, walk(inner, path ? `${path}.${key}` : key)]),
      );
    }
    return value;
  };
  return walk(config, '');
}
