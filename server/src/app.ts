import { bodyParser } from '@koa/bodyparser';
import Koa from 'koa';
import { AppError, badRequest } from './errors.js';
import type { IdentityConfig } from '@riffroom/protocol';
import type { IdentityVerifier } from './identity/types.js';
import type { LocalIdentity } from './identity/local/local-identity.js';
import type { Logger } from './logger.js';
import type { AuthState } from './middleware/authenticate.js';
import { clientAddressOf } from './middleware/client-address.js';
import { errorHandler } from './middleware/error-handler.js';
import { createGuards } from './middleware/guards.js';
import { apiSecurityHeaders } from './middleware/security-headers.js';
import type { ApiLimits } from './limits/api-limits.js';
import { identityConfigRoutes, localAuthRoutes } from './routes/auth.js';
import { healthRoutes } from './routes/health.js';
import { internalRoutes } from './routes/internal.js';
import { jwksRoutes } from './routes/jwks.js';
import { calendarFeedRoutes } from './routes/calendar-feed.js';
import { eventRoutes } from './routes/events.js';
import { messageRoutes } from './routes/messages.js';
import { sessionRoutes } from './routes/sessions.js';
import { roomRoutes } from './routes/rooms.js';
import { roomNodeRoutes, type RoomPlacement } from './routes/room-node.js';
import { recordingRoutes } from './routes/recordings.js';
import { projectRoutes } from './routes/projects.js';
import { listenLinkRoutes } from './routes/listen-links.js';
import { projectCommentRoutes } from './routes/project-comments.js';
import { profilePictureRoutes } from './routes/profile-pictures.js';
import { showcaseRoutes } from './routes/showcase.js';
import type { ShowcaseService } from './services/showcase.js';
import type { ProfilePictures } from './files/profile-pictures.js';
import { userRoutes } from './routes/users.js';
import { emailActionRoutes, notificationRoutes } from './routes/notifications.js';
import type { NotificationService } from './notifications/notification-service.js';
import type { EmailActions } from './notifications/email-actions.js';
import { offerRoutes } from './routes/offers.js';
import { availabilityRoutes } from './routes/availability.js';
import { marketSearchRoutes } from './routes/market-search.js';
import { marketBookingRoutes } from './routes/market-bookings.js';
import { reviewRoutes } from './routes/reviews.js';
import type { ReviewService } from './services/market/reviews.js';
import type { MarketBookingService } from './services/market/bookings.js';
import type { RecordingIntoProject } from './files/recording-into-project.js';
import { recordingIntoProjectRoutes } from './routes/recording-into-project.js';
import type { BookingParticipantService } from './services/market/booking-participants.js';
import type { BookingRoomService } from './services/market/booking-room.js';
import type { MarketSearchService } from './services/market/search.js';
import type { AvailabilityService } from './services/market/availability.js';
import type { OfferService } from './services/market/offers.js';
import type { BookingService } from './services/bookings.js';
import type { CalendarFeedService } from './services/calendar-feed.js';
import type { EventService } from './services/events.js';
import type { FollowService } from './services/follows.js';
import type { MessageService } from './services/messages.js';
import type { ProfileService } from './services/profiles.js';
import type { SessionService } from './services/sessions.js';
import type { JoinAnswerService } from './services/join-answers.js';
import type { RoomService } from './services/rooms.js';
import type { RecordingService } from './services/recordings.js';
import type { ProjectService } from './services/projects.js';
import type { ListenLinkService } from './services/listen-links.js';
import type { ProjectCommentService } from './services/project-comments.js';
import type { FilePaths } from './files/file-paths.js';
import type { Uploads } from './files/tus-uploads.js';
import { UPLOADS_PATH } from '@riffroom/protocol';
import type { Readiness } from '@riffroom/protocol/readiness';
import type { BuildInfo } from './version.js';
import type { Middleware } from 'koa';

export interface AppDeps {
  logger: Logger;
  /** Reverse proxies in front of the API that append to X-Forwarded-For (config trustProxy). */
  trustProxyHops: number;
  limits: ApiLimits;
  identityConfig: IdentityConfig;
  verifier: IdentityVerifier;
  /** Present only when the built-in identity provider is configured. */
  localIdentity: LocalIdentity | null;
  profiles: ProfileService;
  follows: FollowService;
  messages: MessageService;
  sessions: SessionService;
  bookings: BookingService;
  joinAnswers: JoinAnswerService;
  events: EventService;
  calendarFeeds: CalendarFeedService;
  rooms: RoomService;
  recordings: RecordingService;
  notifications: NotificationService;
  emailActions: EmailActions;
  offers: OfferService;
  availability: AvailabilityService;
  marketSearch: MarketSearchService;
  marketBookings: MarketBookingService;
  bookingRooms: BookingRoomService;
  bookingParticipants: BookingParticipantService;
  reviews: ReviewService;
  projects: ProjectService;
  listenLinks: ListenLinkService;
  projectComments: ProjectCommentService;
  profilePictures: ProfilePictures;
  showcase: ShowcaseService;
  filePaths: FilePaths;
  /** Resumable uploads (tus), which read the raw Node request themselves. */
  uploads: Uploads;
  recordingsIntoProjects: RecordingIntoProject;
  readiness: Readiness;
  build: BuildInfo;
  /** True once the process drains (SIGTERM): no new rooms, no joins. */
  draining: () => boolean;
  /** Set when media nodes run apart (INTERNAL_SECRET): the internal room directory answers them. */
  internalSecret?: string;
  /** Times requests for /metrics (metrics/api-metrics.ts); absent, nothing is timed. */
  httpTimer?: Middleware;
  /** Scaled out: places room members on media nodes; absent (the single box), rooms are served here. */
  placement?: RoomPlacement;
}

/** Builds the Koa app without listening, so tests and the single-box process can mount it. */
export function buildApp(deps: AppDeps): Koa<AuthState> {
  // maxIpsCount keeps only the entries the trusted hops appended, so ctx.ip is never a value the
  // client wrote itself (Koa's default reads the leftmost entry, which anyone can forge).
  const hops = deps.trustProxyHops;
  const app = new Koa<AuthState>({ proxy: hops > 0, maxIpsCount: hops });
  const guards = createGuards(deps.verifier, deps.limits);
  // Outermost, so the timing includes the error handler and sees the final status.
  if (deps.httpTimer) app.use(deps.httpTimer);
  app.use(errorHandler(deps.logger));
  app.use(apiSecurityHeaders());
  app.use(clientAddressOf(hops));
  app.use(async (ctx, next) => {
    const isUpload = ctx.path === UPLOADS_PATH || ctx.path.startsWith(`${UPLOADS_PATH}/`);
    // GET is left out: an upload under way is never served back (stored files have their own routes).
    if (!isUpload || ctx.method === 'GET') return next();
    ctx.respond = false;
    await deps.uploads.handle(ctx.req, ctx.res);
  });
  app.use(
    bodyParser({
      enableTypes: ['json'],
      jsonLimit: '100kb',
      onError: (error) => {
        const tooLarge = (error as { status?: number }).status === 413;
        throw tooLarge
          ? new AppError(413, 'validation/body-too-large', 'The request body is too large.')
          : badRequest('validation/invalid-body', 'The request body is not valid JSON.');
      },
    }),
  );

  const routers = [
    healthRoutes(deps.readiness, deps.build),
    identityConfigRoutes(deps.identityConfig),
    ...(deps.localIdentity ? [localAuthRoutes(deps.localIdentity, guards)] : []),
    ...(deps.localIdentity ? [jwksRoutes(() => deps.localIdentity!.publicJwks())] : []),
    ...(deps.internalSecret ? [internalRoutes(deps.internalSecret, deps.rooms, deps.recordings)] : []),
    userRoutes({ ...deps, guards }),
    messageRoutes(guards, deps.messages),
    sessionRoutes({ ...deps, guards }),
    eventRoutes(guards, deps.events),
    calendarFeedRoutes(guards, deps.calendarFeeds),
    roomRoutes(guards, deps.rooms, deps.draining),
    roomNodeRoutes(guards, deps.rooms, deps.placement),
    recordingRoutes(guards, deps.recordings),
    recordingIntoProjectRoutes(guards, deps.recordingsIntoProjects),
    emailActionRoutes(guards, deps.emailActions),
    notificationRoutes(guards, deps.notifications),
    offerRoutes(guards, deps.offers),
    availabilityRoutes(guards, deps.availability),
    marketSearchRoutes(guards, deps.marketSearch),
    marketBookingRoutes(guards, deps.marketBookings, deps.bookingRooms, deps.bookingParticipants),
    reviewRoutes(guards, deps.reviews),
    projectRoutes(guards, deps.projects, deps.filePaths),
    listenLinkRoutes(guards, deps.listenLinks, deps.filePaths),
    projectCommentRoutes(guards, deps.projectComments),
    profilePictureRoutes(guards, deps.profilePictures),
    showcaseRoutes(guards, deps.showcase, deps.filePaths),
  ];
  for (const router of routers) {
    app.use(router.routes());
    app.use(router.allowedMethods());
  }
  return app;
}
