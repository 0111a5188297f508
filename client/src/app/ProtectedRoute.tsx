import { Navigate, Outlet, useLocation } from 'react-router-dom';
import { useAuth } from './AuthContext';
import { loginPathFor } from './returnPath';

/** Spec part 2: 'Loading...' while the auth state resolves, /login when nobody is signed in. */
export function ProtectedRoute() {
  const { state } = useAuth();
  const location = useLocation();

  if (state.status === 'loading') return <p className="page-status">Loading...</p>;
  if (state.status === 'signed-out') {
    // After Log Out the user asked to leave: the landing page, not a login prompt (spec part 2, '/').
    return <Navigate to={state.byUser ? '/' : loginPathFor(location)} replace />;
  }
  return <Outlet />;
}
