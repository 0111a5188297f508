import type { IdentityConfig } from '@riffroom/protocol';
import { LocalIdentity } from './localIdentity';
import type { Identity } from './types';

export { IdentityError, type Identity, type IdentityUser, type AuthStateListener } from './types';
export { LocalIdentity } from './localIdentity';

/** Picks the provider the deployment announced at GET /api/auth/config. */
export async function createIdentity(config: IdentityConfig): Promise<Identity> {
  switch (config.provider) {
    case 'local':
      return new LocalIdentity();
    case 'firebase': {
      const { createFirebaseIdentity } = await import('./firebaseIdentity');
      return createFirebaseIdentity(config.firebase);
    }
    default: {
      const unknown: never = config;
      throw new Error(`Unknown identity provider: ${JSON.stringify(unknown)}`);
    }
  }
}
