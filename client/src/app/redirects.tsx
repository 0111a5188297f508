import { Navigate, useLocation, useParams } from 'react-router-dom';
import { LandingPage } from '../features/landing/LandingPage';
import { useAuth } from './AuthContext';

/** '/': the dashboard for a signed-in user, the landing page for everyone else. */
export function HomeRoute() {
  const { state } = useAuth();
  if (state.status === 'loading') return <p className="page-status">Loading...</p>;
  if (state.status === 'signed-in') return <Navigate to="/dashboard" replace />;
  return <LandingPage />;
}

/** Old share links: /host-room/{roomId} opens the host screen, keeping who to invite (?with=). */
export function HostRoomRedirect() {
  const { roomId } = useParams();
  const { search } = useLocation();
  return <Navigate to={`/host-collaboration${search}`} replace state={{ roomId }} />;
}

/** /join-room/{roomId}?target={code}: the guest screen, keeping the connection code. */
export function JoinRoomRedirect() {
  const { roomId = '' } = useParams();
  const { search } = useLocation();
  return <Navigate to={`/join-collaboration/${encodeURIComponent(roomId)}${search}`} replace />;
}
