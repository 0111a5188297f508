/** The claims of a JWT, read without verifying it (a test looks at what a token says). */
export function jwtClaims(token: string): Record<string, any> {
  const payload = token.split('.')[1];
  if (!payload) throw new Error('not a JWT');
  return JSON.parse(Buffer.from(payload, 'base64url').toString('utf8')) as Record<string, any>;
}

/**
 * An unsigned (`alg: none`) JWT with these claims: the form the Firebase Auth emulator issues, which
 * firebase-admin accepts only in emulator mode.
 */
export function unsignedJwt(claims: Record<string, unknown>): string {
  const part = (value: unknown) => Buffer.from(JSON.stringify(value)).toString('base64url');
  return `${part({ alg: 'none', typ: 'JWT' })}.${part(claims)}.`;
}
