import path from 'node:path';
import type { IdentityConfig } from '@riffroom/protocol';
import { buildApp } from './app.js';
import type { ApiConfig } from './config/schema.js';
import { BackgroundCheckpoint } from './db/background-checkpoint.js';
import { openDatabase, sqliteFilename, type Db } from './db/connect.js';
import { createFirebaseIdentity } from './identity/firebase.js';
import { LocalIdentity } from './identity/local/local-identity.js';
import { LoginThrottle } from './identity/local/login-throttle.js';
import { loadOrCreateSigningKey } from './identity/local/signing-key.js';
import type { IdentityVerifier } from './identity/types.js';
import type { Logger } from './logger.js';
import { followsRepository } from './repositories/follows.js';
import { localAccountsRepository } from './repositories/local-accounts.js';
import { loginFailuresRepository } from './repositories/login-failures.js';
import { refreshTokensRepository } from './repositories/refresh-tokens.js';
import { usersRepository } from './repositories/users.js';
import { FollowService } from './services/follows.js';
import { ProfileService } from './services/profiles.js';
import { MessageService } from './services/messages.js';
import { messagesRepository } from './repositories/messages.js';
import { createEventBus, type EventBus } from './events/event-bus.js';
import { bookingRequestsRepository } from './repositories/booking-requests.js';
import { calendarFeedsRepository } from './repositories/calendar-feeds.js';
import { eventsRepository } from './repositories/events.js';
import { joinRequestsRepository } from './repositories/join-requests.js';
import { sessionParticipantsRepository } from './repositories/session-participants.js';
import { sessionsRepository } from './repositories/sessions.js';
import { BookingService } from './services/bookings.js';
import { CalendarFeedService } from './services/calendar-feed.js';
import { EventService } from './services/events.js';
import { SessionService } from './services/sessions.js';
import { JoinAnswerService } from './services/join-answers.js';
import { roomsRepository } from './repositories/rooms.js';
import { ApiLimits } from './limits/api-limits.js';
import { BoundedConcurrency } from './limits/bounded-concurrency.js';
import { RoomService } from './services/rooms.js';
import { recordingsRepository } from './repositories/recordings.js';
import { RecordingService } from './services/recordings.js';
import { LostNodeRecordingSweep } from './services/lost-node-recordings.js';
import type { Registry } from 'prom-client';
import { createApiMetrics } from './metrics/api-metrics.js';
import { Readiness, type ReadinessCheck } from '@riffroom/protocol/readiness';
import { buildInfo } from './version.js';
import { offersRepository } from './repositories/offers.js';
import { OfferService } from './services/market/offers.js';
import { availabilityRepository } from './repositories/availability.js';
import { AvailabilityService } from './services/market/availability.js';
import { marketSearchRepository } from './repositories/market-search.js';
import { MarketSearchService } from './services/market/search.js';
import { MarketBookingService } from './services/market/bookings.js';
import { BOOKING_REMINDER_JOB, BookingReminders } from './services/market/booking-reminders.js';
import { BookingParticipantService } from './services/market/booking-participants.js';
import { BookingRoomService, bookingRoomAdmission } from './services/market/booking-room.js';
import { BookingSessionEdits } from './services/market/booking-session-edits.js';
import { ReviewService } from './services/market/reviews.js';
import type { RoomPlacement } from './routes/room-node.js';
import type { Notifier } from './notifications/notifier.js';
import { createNotifications } from './notifications/create-notifications.js';
import { EmailActions } from './notifications/email-actions.js';
import { emailLinksRepository } from './repositories/email-links.js';
import { createProjects } from './files/projects-setup.js';

export interface Api {
  /** The Koa request handler, for any http.Server. */
  callback: ReturnType<ReturnType<typeof buildApp>['callback']>;
  db: Db;
  verifier: IdentityVerifier;
  bus: EventBus;
  /** The media node reads rooms through this on a single box (see scripts/box/compose.ts). */
  rooms: RoomService;
  /** The media node reports its recordings through this on a single box. */
  recordings: RecordingService;
  /** How services tell a person something (notifications/notifier.ts); tests and later features call it. */
  notifier: Notifier;
  close(): Promise<void>;
}

async function createIdentity(config: ApiConfig, db: Db, users: ReturnType<typeof usersRepository>, bus: EventBus) {
  const identity = config.identity;
  if (identity.provider === 'firebase') {
    const verifier = await createFirebaseIdentity(identity);
    const clientConfig: IdentityConfig = { provider: 'firebase', firebase: identity.client };
    return { verifier, local: null, clientConfig };
  }
  const key = await loadOrCreateSigningKey(
    identity.signingKeyFile ?? path.join(config.dataDir, 'identity-signing-key.json'),
  );
  const local = new LocalIdentity({
    key,
    accounts: localAccountsRepository(db),
    refreshTokens: refreshTokensRepository(db),
    users,
    throttle: new LoginThrottle(loginFailuresRepository(db), config.loginThrottle),
    hashing: new BoundedConcurrency(config.passwordHashing.concurrency, config.passwordHashing.queue),
    idTokenTtlSeconds: identity.idTokenTtlSeconds,
    refreshTokenTtlDays: identity.refreshTokenTtlDays,
    refreshReuseGraceSeconds: identity.refreshReuseGraceSeconds,
    onSessionsEnded: (uid, sessionIds) => bus.publish({ type: 'session-ended', uid, sessionIds }),
  });
  const verifier: IdentityVerifier = local;
  return { verifier, local, clientConfig: { provider: 'local' } as IdentityConfig };
}

/**
 * Opens the database (migrating it), sets up identity and returns the API's request handler.
 */
export interface ApiOptions {
  /** The host process's own parts for /readyz (the media node's workers on a single box). */
  readinessChecks?: ReadinessCheck[];
  /** True once the host process drains: /readyz answers 503 and no room starts or admits anyone. */
  draining?: () => boolean;
  /** Where the API registers its Prometheus collectors; the host process serves it. */
  metrics?: Registry;
  /** Where realtime events go, when the host process owns the bus; otherwise config.bus decides. */
  bus?: EventBus;
  /** The api role: places room members on media nodes (the node registry); the box serves them itself. */
  placement?: RoomPlacement;
  /**
   * The api role with REDIS_URL: when each media node last beat (NodeRegistry.lastBeats), to mark
   * the recordings of a node that never came back (RECORDING_NODE_GRACE_S). The box, its own only
   * node, marks its recordings when it starts again and sweeps nothing.
   */
  nodeBeats?: () => Promise<ReadonlyMap<string, number>>;
}

export async function createApi(config: ApiConfig, logger: Logger, options: ApiOptions = {}): Promise<Api> {
  const db = await openDatabase(config);
  const checkpoints = config.database.client === 'sqlite' ? new BackgroundCheckpoint(sqliteFilename(config)) : null;
  const users = usersRepository(db);
  // A bus handed in belongs to the host process, which closes it; one made here is closed here.
  const ownsBus = options.bus === undefined;
  const bus = options.bus ?? createEventBus(config.bus, logger);
  const identity = await createIdentity(config, db, users, bus);
  const follows = followsRepository(db);
  const sessions = sessionsRepository(db);
  const messages = new MessageService(messagesRepository(db), users, bus);
  const notifications = createNotifications(config, db, users, bus, logger);
  const bookings = new BookingService(bookingRequestsRepository(db), follows, users, bus, notifications.service);
  const roomOpensMs = config.bookingRoomOpensMinutes * 60_000;
  const rooms = new RoomService(roomsRepository(db), users, follows, bus, bookingRoomAdmission(db, roomOpensMs));
  const bookingRooms = new BookingRoomService(db, rooms, roomOpensMs);
  // Reminders run on the notifications' job worker: its lease keeps each to one process.
  notifications.worker.handle(BOOKING_REMINDER_JOB, new BookingReminders(db, notifications.service).send);
  const recordingsRepo = recordingsRepository(db);
  const recordingsDir = path.join(config.dataDir, 'recordings');
  const recordings = new RecordingService(
    recordingsRepo,
    recordingsDir,
    {
      maxBytes: config.recordingsMaxBytes,
      hostMaxBytes: config.recordingsHostMaxBytes,
      maxAgeDays: config.recordingsMaxAgeDays,
    },
    logger.child({ part: 'recordings' }),
  );
  // Age retention runs hourly too, not only when a recording ends; unref'd so it never holds the process.
  const retentionTimer = setInterval(() => {
    recordings.applyRetention().catch((error: unknown) => logger.error({ err: error }, 'recording retention failed'));
  }, 3600_000);
  retentionTimer.unref();
  const sweep = options.nodeBeats
    ? new LostNodeRecordingSweep(
        recordingsRepo,
        recordingsDir,
        { graceMs: config.recordingNodeGraceS * 1000, lastBeats: options.nodeBeats },
        logger.child({ part: 'recording-sweep' }),
      )
    : null;
  sweep?.start();
  const projectParts = createProjects(config, {
    db,
    users,
    bus,
    logger,
    verifier: identity.verifier,
    notifier: notifications.service,
  });
  const metrics = options.metrics ? createApiMetrics(options.metrics) : null;
  const stopWatchingQueries = metrics?.watchQueries(db);
  const draining = options.draining ?? (() => false);
  const readiness = new Readiness(
    [
      { name: 'database', check: async () => void (await db.raw('select 1')) },
      ...(bus.check ? [{ name: 'redis', check: () => bus.check!() }] : []),
      ...(options.readinessChecks ?? []),
    ],
    draining,
  );
  const availability = new AvailabilityService(availabilityRepository(db), users);
  const limits = new ApiLimits(config.rateLimits, Date.now, metrics?.rateLimitRefused);
  const uploads = projectParts.uploadsWith(limits);
  const recordingsIntoProjects = projectParts.recordingsInto(recordings, limits);
  const app = buildApp({
    logger,
    trustProxyHops: config.trustProxy,
    limits,
    identityConfig: config.publicUrl
      ? { ...identity.clientConfig, publicUrl: config.publicUrl }
      : identity.clientConfig,
    verifier: identity.verifier,
    localIdentity: identity.local,
    profiles: new ProfileService(users),
    follows: new FollowService(follows, users),
    messages,
    sessions: new SessionService(
      sessions,
      joinRequestsRepository(db),
      follows,
      users,
      messages,
      notifications.service,
      sessionParticipantsRepository(db),
      new BookingSessionEdits(db, notifications.service),
    ),
    joinAnswers: new JoinAnswerService(db, users, notifications.service),
    bookings,
    notifications: notifications.service,
    emailActions: new EmailActions(emailLinksRepository(db), bookings),
    events: new EventService(eventsRepository(db)),
    calendarFeeds: new CalendarFeedService(calendarFeedsRepository(db), sessions),
    rooms,
    recordings,
    offers: new OfferService(offersRepository(db), users, { maxOffersPerPerson: config.maxOffersPerPerson }),
    availability,
    reviews: new ReviewService(db, users, notifications.service),
    marketSearch: new MarketSearchService(marketSearchRepository(db), users, availability),
    marketBookings: new MarketBookingService(
      db,
      offersRepository(db),
      users,
      follows,
      availability,
      notifications.service,
      {
        maxOpenRequests: config.maxOpenBookingRequests,
        roomOpensMs,
      },
      Date.now,
      (bookingId) => bookingRooms.close(bookingId),
    ),
    bookingRooms,
    bookingParticipants: new BookingParticipantService(db, users, follows, notifications.service, {
      maxParticipants: config.maxBookingParticipants,
      roomOpensMs,
    }),
    projects: projectParts.projects,
    listenLinks: projectParts.listenLinks,
    projectComments: projectParts.comments,
    profilePictures: projectParts.pictures,
    showcase: projectParts.showcase,
    filePaths: projectParts.paths,
    recordingsIntoProjects,
    uploads,
    readiness,
    build: buildInfo(),
    draining,
    httpTimer: metrics?.httpTimer,
    internalSecret: config.internalSecret,
    placement: options.placement,
  });
  let closed = false;
  return {
    callback: app.callback(),
    db,
    verifier: identity.verifier,
    bus,
    rooms,
    recordings,
    notifier: notifications.service,
    async close() {
      if (closed) return;
      closed = true;
      clearInterval(retentionTimer);
      projectParts.close();
      sweep?.close();
      await notifications.close();
      stopWatchingQueries?.();
      await identity.verifier.close?.();
      if (ownsBus) await bus.close();
      await checkpoints?.close();
      await db.destroy();
    },
  };
}
