import { EMAIL_ACTION_PAGE } from '@riffroom/protocol';
import { Navigate, Route, Routes } from 'react-router-dom';
import { AuthPage } from '../features/auth/AuthPage';
import { DashboardPage } from '../features/dashboard/DashboardPage';
import { LoadingScreen } from '../features/loading/LoadingScreen';
import { EmailAnswerPage } from '../features/notifications/EmailAnswerPage';
import { GuestRoomPage } from '../features/rooms/GuestRoomPage';
import { HostRoomPage } from '../features/rooms/HostRoomPage';
import { ProjectPage } from '../features/projects/ProjectPage';
import { PersonPage } from '../features/people/PersonPage';
import { ProtectedRoute } from './ProtectedRoute';
import { HomeRoute, HostRoomRedirect, JoinRoomRedirect } from './redirects';

/** The route table of spec part 2. */
export function AppRoutes() {
  return (
    <Routes>
      <Route path="/" element={<HomeRoute />} />
      <Route path="/login" element={<AuthPage />} />
      <Route element={<ProtectedRoute />}>
        {/* Protected (issue 37): a signed-out visitor goes to /login at once, not after the bar. */}
        <Route path="/loading" element={<LoadingScreen />} />
        <Route path="/dashboard" element={<DashboardPage />} />
        {/* Role dashboards: the spec does not show different content, so they share one. */}
        <Route path="/producer-dashboard" element={<DashboardPage />} />
        <Route path="/engineer-dashboard" element={<DashboardPage />} />
        <Route path="/profile" element={<DashboardPage defaultSection="profile" />} />
        <Route path="/host-collaboration" element={<HostRoomPage />} />
        <Route path="/projects/:projectId" element={<ProjectPage />} />
        <Route path="/people/:uid" element={<PersonPage />} />
      </Route>
      {/*
        The guest screen waits for the auth state like a protected route, but signed-out visitors
        stay: spec parts 1 and 6 let them watch and chat with a generated guest id.
      */}
      <Route path="/join-collaboration/:roomId" element={<GuestRoomPage />} />
      {/* A booking email's single-use answer link (issue 35): the token is the authority, no sign-in. */}
      <Route path={EMAIL_ACTION_PAGE} element={<EmailAnswerPage />} />
      <Route path="/host-room/:roomId" element={<HostRoomRedirect />} />
      <Route path="/join-room/:roomId" element={<JoinRoomRedirect />} />
      <Route path="*" element={<Navigate to="/" replace />} />
    </Routes>
  );
}
