import { identityConfigSchema, restRoutes } from '@riffroom/protocol';
import { firebaseTokenIssuer, localTokenIssuer, type TokenIssuer } from './remote-jwks-verifier.js';

/**
 * Which tokens this media node accepts: it asks the API which identity provider the deployment uses
 * (GET /api/auth/config, the same answer the browser gets), so the provider is configured once, on
 * the API. Retries while the API is still starting (containers start in any order).
 */
export async function discoverTokenIssuer(apiUrl: string, waitMs = 60_000): Promise<TokenIssuer> {
  const deadline = Date.now() + waitMs;
  for (let delay = 250; ; delay = Math.min(delay * 2, 5000)) {
    try {
      const response = await fetch(new URL(restRoutes.authConfig.path, apiUrl), { signal: AbortSignal.timeout(5000) });
      if (!response.ok) throw new Error(`the API answered ${response.status}`);
      const config = identityConfigSchema.parse(await response.json());
      if (config.provider === 'local') return localTokenIssuer(apiUrl);
      if (config.firebase.authEmulatorUrl) {
        // The Auth emulator signs nothing: only firebase-admin in the API can check its tokens.
        throw new FatalIssuerError('the Firebase Auth emulator is not supported on a separate media node');
      }
      return firebaseTokenIssuer(config.firebase.projectId);
    } catch (error) {
      if (error instanceof FatalIssuerError || Date.now() + delay > deadline) throw error;
      await new Promise((resolve) => setTimeout(resolve, delay));
    }
  }
}

class FatalIssuerError extends Error {}
