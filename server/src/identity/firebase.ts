import { readFileSync } from 'node:fs';
import { unauthorized } from '../errors.js';
import type { IdentityVerifier, VerifiedIdentity } from './types.js';

export interface FirebaseIdentityOptions {
  projectId: string;
  serviceAccountFile?: string;
}

type AdminAuth = { verifyIdToken(token: string, checkRevoked?: boolean): Promise<{ uid: string; email?: string }> };

/**
 * Verifies Firebase ID tokens with firebase-admin. The SDK is imported only in this mode so that
 * single-box deployments never load it. With FIREBASE_AUTH_EMULATOR_HOST set, it trusts the emulator.
 */
export async function createFirebaseIdentity(options: FirebaseIdentityOptions): Promise<IdentityVerifier> {
  const { initializeApp, cert, deleteApp } = await import('firebase-admin/app');
  const { getAuth } = await import('firebase-admin/auth');
  const app = initializeApp(
    {
      projectId: options.projectId,
      ...(options.serviceAccountFile
        ? { credential: cert(JSON.parse(readFileSync(options.serviceAccountFile, 'utf8')) as object) }
        : {}),
    },
    `riffroom-${Date.now()}`,
  );
  const auth: AdminAuth = getAuth(app);
  return {
    async verifyIdToken(token: string): Promise<VerifiedIdentity> {
      try {
        const decoded = await auth.verifyIdToken(token);
        return { uid: decoded.uid, email: decoded.email ?? null };
      } catch (error) {
        const code = (error as { code?: string }).code;
        if (code === 'auth/id-token-expired') {
          throw unauthorized('auth/id-token-expired', 'The ID token has expired. Sign in again.');
        }
        throw unauthorized('auth/unauthenticated', 'The ID token is invalid.');
      }
    },
    close: () => deleteApp(app),
  };
}
