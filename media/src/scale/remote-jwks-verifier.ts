import { createRemoteJWKSet, errors as joseErrors, jwtVerify } from 'jose';
import type { TokenVerifier } from '../realtime/types.js';

/** Who signs the tokens a media node accepts, and where their public keys are published. */
export interface TokenIssuer {
  jwksUrl: string;
  issuer: string;
  audience: string;
  algorithms: string[];
  /** The claim naming the sign-in session (local identity: `sid`); Firebase tokens name none. */
  sessionClaim?: string;
}

/** The API's local identity (server identity/local/id-token.ts signs with these). */
export const localTokenIssuer = (apiUrl: string): TokenIssuer => ({
  jwksUrl: new URL('/.well-known/jwks.json', apiUrl).href,
  issuer: 'riffroom',
  audience: 'riffroom',
  algorithms: ['ES256'],
  sessionClaim: 'sid',
});

/** Firebase ID tokens of a project: Google's published keys, the checks firebase-admin makes. */
export const firebaseTokenIssuer = (projectId: string): TokenIssuer => ({
  jwksUrl: 'https://www.googleapis.com/service_accounts/v1/jwk/securetoken@system.gserviceaccount.com',
  issuer: `https://securetoken.google.com/${projectId}`,
  audience: projectId,
  algorithms: ['RS256'],
});

export interface RemoteJwksOptions {
  /** A fetched key set counts as fresh this long (jose's cacheMaxAge). */
  cacheMaxAgeMs?: number;
  /** At most one refetch per this long, however many unknown `kid`s arrive (jose's cooldownDuration). */
  cooldownMs?: number;
}

/**
 * Verifies ID tokens on a media node without the database (ARCHITECTURE.md "Scaling out"): jose's
 * remote JWK set fetches the issuer's public keys once, keeps them, refetches when they go stale,
 * and refetches at once on a `kid` it does not know, so a rotated key is picked up on its first
 * token. The cooldown bounds what a stream of forged `kid`s can make the node fetch.
 */
export function remoteJwksVerifier(issuer: TokenIssuer, options: RemoteJwksOptions = {}): TokenVerifier {
  const keys = createRemoteJWKSet(new URL(issuer.jwksUrl), {
    cacheMaxAge: options.cacheMaxAgeMs ?? 10 * 60_000,
    cooldownDuration: options.cooldownMs ?? 30_000,
    timeoutDuration: 5000,
  });
  return async (token) => {
    try {
      const { payload } = await jwtVerify(token, keys, {
        issuer: issuer.issuer,
        audience: issuer.audience,
        algorithms: issuer.algorithms,
      });
      if (typeof payload.sub !== 'string' || payload.sub === '') throw new Error('the token names no subject');
      const session = issuer.sessionClaim ? payload[issuer.sessionClaim] : undefined;
      return { uid: payload.sub, ...(typeof session === 'string' ? { sessionId: session } : {}) };
    } catch (error) {
      // The handshake refuses either way; the message never carries the token.
      if (error instanceof joseErrors.JWTExpired) throw new Error('auth/id-token-expired', { cause: error });
      throw new Error('auth/unauthenticated', { cause: error });
    }
  };
}
