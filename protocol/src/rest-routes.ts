import { z } from 'zod';
import { errorBodySchema } from './errors.js';
import { notificationRestRoutes } from './notifications.js';
import {
  authResponseSchema,
  authUserSchema,
  identityConfigSchema,
  loginBodySchema,
  logoutBodySchema,
  refreshBodySchema,
  signupBodySchema,
  updateMeBodySchema,
} from './auth.js';
import { calendarFeedCreatedSchema, calendarFeedStatusSchema, eventsResponseSchema } from './calendar-events.js';
import {
  conversationsResponseSchema,
  markReadBodySchema,
  messageSchema,
  messagesResponseSchema,
  sendMessageBodySchema,
  unreadResponseSchema,
} from './messages.js';
import {
  createRoomBodySchema,
  createRoomResponseSchema,
  joinRoomBodySchema,
  okResponseSchema,
  ROOM_ROLES,
  myLiveRoomResponseSchema,
  roomPeerBodySchema,
  roomResponseSchema,
  roomSettingsPatchSchema,
  roomSettingsSchema,
  roomViewSchema,
} from './rooms.js';
import {
  bookingRequestBodySchema,
  incomingBookingSchema,
  joinRequestBodySchema,
  joinRequestSchema,
  myBookingsResponseSchema,
  outgoingBookingSchema,
  respondBookingBodySchema,
  sessionBodySchema,
  sessionSchema,
  userSessionsResponseSchema,
} from './sessions.js';
import {
  followingResponseSchema,
  ownProfileSchema,
  profileResponseSchema,
  publicSaveProfileBodySchema,
  saveProfileBodySchema,
  usersResponseSchema,
} from './user.js';
import {
  internalOrphanedRecordingsBodySchema,
  internalRecordingAllowanceBodySchema,
  internalRecordingAllowanceResponseSchema,
  internalOrphanedRecordingsResponseSchema,
  internalRecordingStartedSchema,
  internalRecordingUpdateSchema,
  recordingResponseSchema,
  recordingsResponseSchema,
  shareRecordingBodySchema,
} from './recordings.js';
import {
  internalAdmitsResponseSchema,
  internalExpireBodySchema,
  internalHostGoneBodySchema,
  internalHostGoneResponseSchema,
  internalHostGracesResponseSchema,
  internalRemovalBodySchema,
  internalRemovedResponseSchema,
  internalRoomResponseSchema,
  roomNodeResponseSchema,
  internalUserNameResponseSchema,
  jwksResponseSchema,
} from './scale-out.js';
import { marketRoutes } from './market/market-routes.js';
import { joinAnswerRoutes } from './join-answers.js';
import { projectRestRoutes } from './project-routes.js';

export type HttpMethod = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';

/**
 * One REST route: method, path (`:name` marks a path parameter), the body's schema when it takes
 * one, and the schema of its JSON answer (null: no JSON; 204, or a file download).
 */
export interface RestRoute {
  method: HttpMethod;
  path: string;
  body?: z.ZodType;
  response: z.ZodType | null;
}

const ownProfileResponseSchema = z.object({ user: ownProfileSchema });

/**
 * Every JSON route of the API (spec part 7, plus the calendar feed). The server registers its
 * handlers at these paths and answers what `response` says; the client's API modules call them and
 * parse every answer with `response`; the test helpers check every answer against it too.
 */
export const restRoutes = {
  // Identity (local provider; /api/auth/config for both).
  authConfig: { method: 'GET', path: '/api/auth/config', response: identityConfigSchema },
  signUp: { method: 'POST', path: '/api/auth/signup', body: signupBodySchema, response: authResponseSchema },
  logIn: { method: 'POST', path: '/api/auth/login', body: loginBodySchema, response: authResponseSchema },
  refresh: { method: 'POST', path: '/api/auth/refresh', body: refreshBodySchema, response: authResponseSchema },
  logOut: { method: 'POST', path: '/api/auth/logout', body: logoutBodySchema, response: null },
  updateMe: {
    method: 'PATCH',
    path: '/api/auth/me',
    body: updateMeBodySchema,
    response: z.object({ user: authUserSchema }),
  },
  // Profiles, explore and following.
  ownProfile: { method: 'GET', path: '/api/user/profile', response: ownProfileResponseSchema },
  profileByUid: { method: 'GET', path: '/api/user/by-uid', response: profileResponseSchema },
  saveProfile: {
    method: 'POST',
    path: '/api/user/save-profile',
    body: saveProfileBodySchema,
    response: ownProfileResponseSchema,
  },
  publicSaveProfile: {
    method: 'POST',
    path: '/api/user/public-save-profile',
    body: publicSaveProfileBodySchema,
    response: ownProfileResponseSchema,
  },
  myFollowing: { method: 'GET', path: '/api/user/my-following', response: followingResponseSchema },
  listUsers: { method: 'GET', path: '/user/users', response: usersResponseSchema },
  follow: { method: 'POST', path: '/api/user/follow/:uid', response: null },
  unfollow: { method: 'DELETE', path: '/api/user/follow/:uid', response: null },
  // Direct messages.
  conversations: { method: 'GET', path: '/api/messages/conversations/list', response: conversationsResponseSchema },
  unreadCounts: { method: 'GET', path: '/api/messages/unread', response: unreadResponseSchema },
  conversation: { method: 'GET', path: '/api/messages/uid/:uid', response: messagesResponseSchema },
  markRead: { method: 'POST', path: '/api/messages/mark-read', body: markReadBodySchema, response: okResponseSchema },
  sendMessage: {
    method: 'POST',
    path: '/api/messages/send',
    body: sendMessageBodySchema,
    response: z.object({ message: messageSchema }),
  },
  // Sessions and bookings (no /api prefix, spec part 7).
  createSession: {
    method: 'POST',
    path: '/sessions/create',
    body: sessionBodySchema,
    response: z.object({ session: sessionSchema }),
  },
  updateSession: {
    method: 'PUT',
    path: '/sessions/:id',
    body: sessionBodySchema,
    response: z.object({ session: sessionSchema }),
  },
  cancelSession: { method: 'DELETE', path: '/sessions/:id', response: null },
  userSessions: { method: 'GET', path: '/sessions/user/:uid', response: userSessionsResponseSchema },
  myBookings: { method: 'GET', path: '/sessions/my-bookings', response: myBookingsResponseSchema },
  requestBooking: {
    method: 'POST',
    path: '/sessions/request-booking',
    body: bookingRequestBodySchema,
    response: z.object({ booking: outgoingBookingSchema }),
  },
  respondBooking: {
    method: 'PATCH',
    path: '/sessions/respond-booking/:id',
    body: respondBookingBodySchema,
    response: z.object({ booking: incomingBookingSchema }),
  },
  requestToJoin: {
    method: 'POST',
    path: '/sessions/:id/join-request',
    body: joinRequestBodySchema,
    response: z.object({ joinRequest: joinRequestSchema }),
  },
  // Events and the private calendar feed.
  allEvents: { method: 'GET', path: '/api/events/all', response: eventsResponseSchema },
  calendarFeedStatus: { method: 'GET', path: '/api/calendar/feed', response: calendarFeedStatusSchema },
  rotateCalendarFeed: { method: 'POST', path: '/api/calendar/feed', response: calendarFeedCreatedSchema },
  revokeCalendarFeed: { method: 'DELETE', path: '/api/calendar/feed', response: null },
  // Collaboration rooms.
  createRoom: {
    method: 'POST',
    path: '/api/rooms/create',
    body: createRoomBodySchema,
    response: createRoomResponseSchema,
  },
  myLiveRoom: { method: 'GET', path: '/api/rooms/live/mine', response: myLiveRoomResponseSchema },
  getRoom: { method: 'GET', path: '/api/rooms/:roomId', response: roomResponseSchema },
  /** Scaled out: the media node the caller connects to (protocol's roomNodeResponseSchema). */
  roomNode: { method: 'GET', path: '/api/rooms/:roomId/node', response: roomNodeResponseSchema },
  setRoomPeer: {
    method: 'PATCH',
    path: '/api/rooms/:roomId/peer',
    body: roomPeerBodySchema,
    response: okResponseSchema,
  },
  updateRoomSettings: {
    method: 'PATCH',
    path: '/api/rooms/:roomId/settings',
    body: roomSettingsPatchSchema,
    response: z.object({ settings: roomSettingsSchema }),
  },
  joinRoom: {
    method: 'POST',
    path: '/api/rooms/:roomId/join',
    body: joinRoomBodySchema,
    response: z.object({ ok: z.literal(true), role: z.enum(ROOM_ROLES), room: roomViewSchema }),
  },
  leaveRoom: { method: 'POST', path: '/api/rooms/:roomId/leave', response: okResponseSchema },
  endRoom: { method: 'POST', path: '/api/rooms/:roomId/end', response: okResponseSchema },
  // Scaled out (ARCHITECTURE.md "Scaling out"): what media nodes ask the API.
  jwks: { method: 'GET', path: '/.well-known/jwks.json', response: jwksResponseSchema },
  /** Internal (INTERNAL_SECRET): the live room, null when unknown or ended. */
  internalRoom: { method: 'GET', path: '/internal/rooms/:roomId', response: internalRoomResponseSchema },
  /** Internal: whether a private room admits `?uid=` (absent: an anonymous guest). */
  internalRoomAdmits: { method: 'GET', path: '/internal/rooms/:roomId/admits', response: internalAdmitsResponseSchema },
  /** Internal: a signed-in user's display name. */
  internalUserName: { method: 'GET', path: '/internal/users/:uid/name', response: internalUserNameResponseSchema },
  // Recordings (issue 17): the host's and those it shared with; strangers get 404.
  myRecordings: { method: 'GET', path: '/api/recordings', response: recordingsResponseSchema },
  shareRecording: {
    method: 'PUT',
    path: '/api/recordings/:recordingId/share',
    body: shareRecordingBodySchema,
    response: recordingResponseSchema,
  },
  /** One track's file; answers Range requests (206). */
  recordingTrack: { method: 'GET', path: '/api/recordings/:recordingId/tracks/:file', response: null },
  /** Every track as one .zip, streamed. */
  recordingZip: { method: 'GET', path: '/api/recordings/:recordingId/zip', response: null },
  deleteRecording: { method: 'DELETE', path: '/api/recordings/:recordingId', response: okResponseSchema },
  /** Internal: a media node started recording (files under the shared DATA_DIR/recordings). */
  internalRecordingStarted: {
    method: 'POST',
    path: '/internal/recordings',
    body: internalRecordingStartedSchema,
    response: okResponseSchema,
  },
  /** Internal: a media node's news of a recording: its tracks so far, or its end and status. */
  internalRecordingUpdate: {
    method: 'PUT',
    path: '/internal/recordings/:recordingId',
    body: internalRecordingUpdateSchema,
    response: okResponseSchema,
  },
  /** Internal: a media node asks how much more a host's recording may write (retention quotas). */
  internalRecordingAllowance: {
    method: 'POST',
    path: '/internal/recordings/allowance',
    body: internalRecordingAllowanceBodySchema,
    response: internalRecordingAllowanceResponseSchema,
  },
  /** Internal: a starting media node's recordings still 'recording' (a crash left them); it marks them interrupted. */
  internalOrphanedRecordings: {
    method: 'POST',
    path: '/internal/recordings/orphaned',
    body: internalOrphanedRecordingsBodySchema,
    response: internalOrphanedRecordingsResponseSchema,
  },
  /** Internal: the host's grace period `graceId` ran out on a media node; the room ends if it still runs. */
  internalExpireRoom: {
    method: 'POST',
    path: '/internal/rooms/:roomId/expire',
    body: internalExpireBodySchema,
    response: okResponseSchema,
  },
  /** Internal: the room's host is gone; its grace period starts (or the one running is answered). */
  internalHostGone: {
    method: 'PUT',
    path: '/internal/rooms/:roomId/host-grace',
    body: internalHostGoneBodySchema,
    response: internalHostGoneResponseSchema,
  },
  /** Internal: the room's host is back; no grace period runs. */
  internalHostBack: { method: 'DELETE', path: '/internal/rooms/:roomId/host-grace', response: okResponseSchema },
  /** Internal: every grace period running, for a node that starts. */
  internalHostGraces: { method: 'GET', path: '/internal/host-graces', response: internalHostGracesResponseSchema },
  /** Internal: the host removed a person (room:remove); kept with the room. */
  internalRemoveFromRoom: {
    method: 'POST',
    path: '/internal/rooms/:roomId/removals',
    body: internalRemovalBodySchema,
    response: okResponseSchema,
  },
  /** Internal: whether `?personKey=` was removed from the room. */
  internalRoomRemoved: {
    method: 'GET',
    path: '/internal/rooms/:roomId/removals',
    response: internalRemovedResponseSchema,
  },
  /** Internal: the host changed the room's settings live on a media node (its host controls). */
  internalSaveRoomSettings: {
    method: 'PUT',
    path: '/internal/rooms/:roomId/settings',
    body: roomSettingsSchema,
    response: okResponseSchema,
  },
  // The notification centre (issue 35): the bell, its list and the email settings.
  ...notificationRestRoutes,
  // The booking marketplace (issue 35): offers, availability, search, bookings, reviews.
  ...marketRoutes,
  ...joinAnswerRoutes,
  // Projects (issue 36).
  ...projectRestRoutes,
} as const satisfies Record<string, RestRoute>;

export type RestRoutes = typeof restRoutes;
export type RestRouteName = keyof RestRoutes;

/** What a route answers (undefined for a 204). */
export type RouteResponse<R extends RestRoute> = R['response'] extends z.ZodType ? z.output<R['response']> : undefined;
/** What a route's body is, as a caller writes it (defaults not yet applied). */
export type RouteBody<R extends RestRoute> = R['body'] extends z.ZodType ? z.input<R['body']> : never;

/** The route's path with its `:name` parameters filled in (encoded), and a query string when given. */
export function routePath(
  route: RestRoute,
  params: Record<string, string> = {},
  query?: Record<string, string | undefined>,
): string {
  const path = route.path.replace(/:([A-Za-z]+)/g, (_, name: string) => {
    const value = params[name];
    if (value === undefined) throw new Error(`${route.path} needs ${name}`);
    return encodeURIComponent(value);
  });
  const search = new URLSearchParams();
  for (const [key, value] of Object.entries(query ?? {})) if (value !== undefined) search.set(key, value);
  const queryString = search.toString();
  return queryString ? `${path}?${queryString}` : path;
}

/**
 * The answer of `route` once checked against its schema (a ZodError names what is off). The body is
 * given back as sent, never stripped of fields the schema does not list.
 */
export function parseRouteResponse<R extends RestRoute>(route: R, body: unknown): RouteResponse<R> {
  route.response?.parse(body);
  return body as RouteResponse<R>;
}

const routeList: readonly RestRoute[] = Object.values(restRoutes);
const segmentsOf = (path: string) => path.split('?')[0]!.split('/');

/**
 * The route of restRoutes that a request names, if any: a literal path before a parameterised one
 * (`/api/rooms/create` is not `/api/rooms/:roomId`). The test helpers check every answer with it.
 */
export function matchRestRoute(method: string, url: string): RestRoute | undefined {
  const wanted = segmentsOf(url);
  const matches = routeList.filter((route) => {
    const segments = segmentsOf(route.path);
    return (
      route.method === method.toUpperCase() &&
      segments.length === wanted.length &&
      segments.every((segment, i) => segment === wanted[i] || (segment.startsWith(':') && wanted[i] !== ''))
    );
  });
  return matches.find((route) => !route.path.includes(':')) ?? matches[0];
}

/**
 * Checks an answer against the contract (throws a ZodError naming what is off): a success against
 * its route's response schema, an error against the `{"error":{"code","message"}}` body.
 */
export function checkRestAnswer(method: string, url: string, status: number, body: unknown): void {
  if (status >= 400) {
    if (body !== undefined && typeof body !== 'string') errorBodySchema.parse(body);
    return;
  }
  const route = matchRestRoute(method, url);
  if (route && status !== 204) parseRouteResponse(route, body);
}
