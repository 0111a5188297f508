import { Navigate, Route, Routes } from 'react-router-dom';
import { AuthPage } from '../features/auth/AuthPage';
import { DashboardPage } from '../features/dashboard/DashboardPage';
import { LoadingScreen } from '../features/loading/LoadingScreen';
import { RoomPlaceholder } from '../features/rooms/RoomPlaceholder';
import { ProtectedRoute } from './ProtectedRoute';
import { HomeRoute, HostRoomRedirect, JoinRoomRedirect } from './redirects';

/** The route table of spec part 2. */
export function AppRoutes() {
  return (
    <Routes>
      <Route path="/" element={<HomeRoute />} />
      <Route path="/login" element={<AuthPage />} />
      <Route path="/loading" element={<LoadingScreen />} />
      <Route element={<ProtectedRoute />}>
        <Route path="/dashboard" element={<DashboardPage />} />
        {/* Role dashboards: the spec does not show different content, so they share one. */}
        <Route path="/producer-dashboard" element={<DashboardPage />} />
        <Route path="/engineer-dashboard" element={<DashboardPage />} />
        <Route path="/profile" element={<DashboardPage defaultSection="profile" />} />
        <Route path="/host-collaboration" element={<RoomPlaceholder kind="host" />} />
        <Route path="/join-collaboration/:roomId" element={<RoomPlaceholder kind="join" />} />
      </Route>
      <Route path="/host-room/:roomId" element={<HostRoomRedirect />} />
      <Route path="/join-room/:roomId" element={<JoinRoomRedirect />} />
      <Route path="*" element={<Navigate to="/" replace />} />
    </Routes>
  );
}
