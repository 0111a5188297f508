import { SignJWT, jwtVerify, errors as joseErrors } from 'jose';
import { unauthorized } from '../../errors.js';
import { TOKEN_ALGORITHM, type SigningKey } from './signing-key.js';

const ISSUER = 'riffroom';
const AUDIENCE = 'riffroom';

export interface IdTokenClaims {
  uid: string;
  email: string;
  displayName: string | null;
  /** The refresh-token session this ID token belongs to: revoking it revokes the token. */
  sessionId: string;
}

export async function signIdToken(key: SigningKey, claims: IdTokenClaims, ttlSeconds: number): Promise<string> {
  return new SignJWT({ email: claims.email, name: claims.displayName, sid: claims.sessionId })
    .setProtectedHeader({ alg: TOKEN_ALGORITHM, kid: key.kid, typ: 'JWT' })
    .setSubject(claims.uid)
    .setIssuer(ISSUER)
    .setAudience(AUDIENCE)
    .setIssuedAt()
    .setExpirationTime(`${ttlSeconds}s`)
    .sign(key.privateKey);
}

export interface VerifiedIdToken {
  claims: IdTokenClaims;
  /** The token's `exp`, in milliseconds since the epoch. */
  expiresAtMs: number;
}

export async function verifyIdTokenSignature(key: SigningKey, token: string): Promise<VerifiedIdToken> {
  try {
    const { payload } = await jwtVerify(token, key.publicKey, {
      issuer: ISSUER,
      audience: AUDIENCE,
      algorithms: [TOKEN_ALGORITHM],
    });
    if (typeof payload.sub !== 'string' || typeof payload.sid !== 'string' || typeof payload.exp !== 'number') {
      throw unauthorized('auth/unauthenticated', 'The ID token is malformed.');
    }
    return {
      claims: {
        uid: payload.sub,
        email: typeof payload.email === 'string' ? payload.email : '',
        displayName: typeof payload.name === 'string' ? payload.name : null,
        sessionId: payload.sid,
      },
      expiresAtMs: payload.exp * 1000,
    };
  } catch (error) {
    if (error instanceof joseErrors.JWTExpired) {
      throw unauthorized('auth/id-token-expired', 'The ID token has expired. Sign in again.');
    }
    if (error instanceof joseErrors.JOSEError) {
      throw unauthorized('auth/unauthenticated', 'The ID token is invalid.');
    }
    throw error;
  }
}
