import type { ApiConfig } from '../config/schema.js';
import type { Db } from '../db/connect.js';
import type { EventBus } from '../events/event-bus.js';
import { JobWorker } from '../jobs/job-worker.js';
import type { Logger } from '../logger.js';
import { emailLinksRepository } from '../repositories/email-links.js';
import { jobsRepository } from '../repositories/jobs.js';
import { emailPreferencesRepository, notificationsRepository } from '../repositories/notifications.js';
import type { UsersRepository } from '../repositories/users.js';
import { smtpMailer, type Mailer } from './mail/mailer.js';
import { NOTIFICATION_MAIL_JOB, NotificationMailOutbox } from './mail/mail-outbox.js';
import { NotificationService } from './notification-service.js';

/** Finished jobs and used or expired links are deleted after this long, hourly. */
const KEEP_FINISHED_MS = 7 * 24 * 3600_000;
const HOUSEKEEPING_MS = 3600_000;

/** The job worker's timings: a mail is tried at once, then 30 s, 1 min, 2 min … later. */
const WORKER_TIMINGS = { pollMs: 5_000, leaseMs: 120_000, backoffMs: 30_000 };

export interface Notifications {
  service: NotificationService;
  /** Runs the mail queue (and later reminders and retention); one per process, leases keep each job to one. */
  worker: JobWorker;
  close(): Promise<void>;
}

/** The notification centre, its mail outbox when SMTP is configured, and the job worker that sends. */
export function createNotifications(config: ApiConfig, db: Db, users: UsersRepository, bus: EventBus, logger: Logger) {
  const settings = config.notifications;
  const log = logger.child({ part: 'notifications' });
  const jobs = jobsRepository(db);
  const links = emailLinksRepository(db);
  const preferences = emailPreferencesRepository(db);
  const worker = new JobWorker(jobs, { ...WORKER_TIMINGS, maxAttempts: settings.mailMaxAttempts }, log);
  let mailer: Mailer | null = null;
  let outbox: NotificationMailOutbox | null = null;
  if (settings.smtpUrl && settings.mailFrom) {
    mailer = smtpMailer(settings.smtpUrl, settings.mailFrom);
    outbox = new NotificationMailOutbox(
      jobs,
      preferences,
      users,
      links,
      mailer,
      {
        publicUrl: config.publicUrl,
        mailsPerUserPerHour: settings.mailsPerUserPerHour,
        linkTtlHours: settings.linkTtlHours,
      },
      log,
      () => worker.wake(),
    );
    worker.handle(NOTIFICATION_MAIL_JOB, outbox.send);
  }
  const service = new NotificationService(
    notificationsRepository(db),
    preferences,
    bus,
    outbox,
    { keptPerUser: settings.keptPerUser },
    log,
  );
  worker.start();
  // Deleting what is old is harmless to do twice, so every process may: no lease needed.
  const housekeeping = setInterval(() => {
    const now = Date.now();
    Promise.all([jobs.deleteFinished(now - KEEP_FINISHED_MS), links.deleteExpired(now)]).catch((error: unknown) =>
      log.error({ err: error }, 'notification housekeeping failed'),
    );
  }, HOUSEKEEPING_MS);
  housekeeping.unref();
  return {
    service,
    worker,
    async close() {
      clearInterval(housekeeping);
      await worker.close();
      mailer?.close();
    },
  } satisfies Notifications;
}
