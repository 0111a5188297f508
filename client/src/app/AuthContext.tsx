import { createContext, useCallback, useContext, useEffect, useMemo, useRef, useState, type ReactNode } from 'react';
import type { IdentityUser } from '../services/identity';
import { useServices } from './ServicesContext';

export type AuthState =
  | { status: 'loading' }
  | { status: 'signed-in'; user: IdentityUser }
  /** `byUser` tells a deliberate Log Out (go to the landing page) from an ended session (go log in). */
  | { status: 'signed-out'; byUser: boolean };

interface AuthContextValue {
  state: AuthState;
  signOut(): Promise<void>;
}

const AuthContext = createContext<AuthContextValue | null>(null);

/** Mirrors the identity service's auth state into React, once, for the whole app. */
export function AuthProvider({ children }: { children: ReactNode }) {
  const { identity } = useServices();
  const [state, setState] = useState<AuthState>({ status: 'loading' });
  const signingOut = useRef(false);

  useEffect(
    () =>
      identity.onAuthStateChanged((user) => {
        if (user) signingOut.current = false;
        setState(user ? { status: 'signed-in', user } : { status: 'signed-out', byUser: signingOut.current });
      }),
    [identity],
  );

  const signOut = useCallback(async () => {
    signingOut.current = true;
    await identity.signOut();
  }, [identity]);

  const value = useMemo(() => ({ state, signOut }), [state, signOut]);
  return <AuthContext.Provider value={value}>{children}</AuthContext.Provider>;
}

export function useAuth(): AuthContextValue {
  const value = useContext(AuthContext);
  if (!value) throw new Error('useAuth() needs an <AuthProvider> above it');
  return value;
}

/** The signed-in user, for screens that only render behind a ProtectedRoute. */
export function useSignedInUser(): IdentityUser {
  const { state } = useAuth();
  if (state.status !== 'signed-in') throw new Error('useSignedInUser() used outside a protected route');
  return state.user;
}
