import type { FirebaseClientConfig } from '@riffroom/protocol';
// Type-only: erased at build time, so the SDK itself still loads on demand.
import type { User } from 'firebase/auth';
import { IdentityError, type AuthStateListener, type Identity, type IdentityUser } from './types';

/**
 * The Firebase provider. The SDK is imported on demand so that local deployments, the default,
 * never download it. Firebase's own errors already carry `code` (auth/...) and `message`.
 */
export async function createFirebaseIdentity(config: FirebaseClientConfig): Promise<Identity> {
  const [{ initializeApp }, sdk] = await Promise.all([import('firebase/app'), import('firebase/auth')]);
  const { authEmulatorUrl, ...appOptions } = config;
  const auth = sdk.getAuth(initializeApp(appOptions));
  if (authEmulatorUrl) sdk.connectAuthEmulator(auth, authEmulatorUrl, { disableWarnings: true });

  const toUser = (user: User): IdentityUser => ({
    uid: user.uid,
    email: user.email ?? '',
    displayName: user.displayName,
  });

  // updateProfile() does not fire onAuthStateChanged, yet the app shows the display name; these
  // listeners hear about it too.
  const listeners = new Set<AuthStateListener>();

  return {
    async signUp(email, password) {
      return toUser((await sdk.createUserWithEmailAndPassword(auth, email, password)).user);
    },
    async setDisplayName(displayName) {
      const user = auth.currentUser;
      if (!user) throw new IdentityError('auth/unauthenticated', 'Sign in required.');
      await sdk.updateProfile(user, { displayName });
      for (const listener of [...listeners]) listener(toUser(user));
    },
    async signIn(email, password) {
      return toUser((await sdk.signInWithEmailAndPassword(auth, email, password)).user);
    },
    signOut() {
      return sdk.signOut(auth);
    },
    onAuthStateChanged(listener) {
      listeners.add(listener);
      const unsubscribe = sdk.onAuthStateChanged(auth, (user) => listener(user ? toUser(user) : null));
      return () => {
        listeners.delete(listener);
        unsubscribe();
      };
    },
    async getIdToken(forceRefresh = false) {
      // After a reload the SDK restores the user from IndexedDB asynchronously.
      await auth.authStateReady();
      return auth.currentUser ? auth.currentUser.getIdToken(forceRefresh) : null;
    },
  };
}
