import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestSmtpServer, type TestSmtpServer } from '../../../../tests/support/smtp-server.js';
import { loadApiConfig } from '../../config/load.js';
import { openDatabase, type Db } from '../../db/connect.js';
import { JobWorker } from '../../jobs/job-worker.js';
import { createLogger } from '../../logger.js';
import { emailLinksRepository } from '../../repositories/email-links.js';
import { jobsRepository } from '../../repositories/jobs.js';
import { emailPreferencesRepository, notificationsRepository } from '../../repositories/notifications.js';
import { usersRepository } from '../../repositories/users.js';
import { smtpMailer, type Mailer } from './mailer.js';
import { NOTIFICATION_MAIL_JOB, NotificationMailOutbox } from './mail-outbox.js';

// The outbox and the job worker against a real SMTP server (its own process) that refuses the
// first message: the mail is retried after its backoff and arrives once; the hourly limit holds;
// what a person wrote is escaped in the HTML part.
let dataDir: string;
let db: Db;
let smtp: TestSmtpServer;
let mailer: Mailer;
let now = 1_000_000_000;
const logger = createLogger('silent');

beforeAll(async () => {
  smtp = await startTestSmtpServer({ failFirst: 1 });
  mailer = smtpMailer(smtp.url, 'studio@example.test');
  dataDir = mkdtempSync(path.join(tmpdir(), 'riffroom-outbox-'));
  db = await openDatabase(loadApiConfig({}, { dataDir, logLevel: 'silent' }));
  await usersRepository(db).insert('u1', { user_email: 'u1@example.test', user_username: 'u1' }, 0);
});

afterAll(async () => {
  mailer?.close();
  await db?.destroy();
  await smtp?.stop();
  rmSync(dataDir, { recursive: true, force: true });
});

function parts(mailsPerUserPerHour: number) {
  const jobs = jobsRepository(db);
  const worker = new JobWorker(
    jobs,
    { pollMs: 60_000, leaseMs: 60_000, maxAttempts: 3, backoffMs: 30_000, now: () => now },
    logger,
  );
  const outbox = new NotificationMailOutbox(
    jobs,
    emailPreferencesRepository(db),
    usersRepository(db),
    emailLinksRepository(db),
    mailer,
    { publicUrl: 'https://studio.example.com', mailsPerUserPerHour, linkTtlHours: 1 },
    logger,
    () => undefined,
    () => now,
  );
  worker.handle(NOTIFICATION_MAIL_JOB, outbox.send);
  return { outbox, worker };
}

const notification = (title: string) =>
  notificationsRepository(db).insert(
    { userUid: 'u1', kind: 'project-invited', title, link: '/dashboard?tab=projects', data: {} },
    now,
  );

describe('the notification mail outbox', () => {
  it('retries a mail the SMTP server refused, after its backoff, and delivers it once', async () => {
    const { outbox, worker } = parts(20);
    await outbox.enqueue(await notification('Bob invited you to <b>"EP"</b>'));
    await worker.drain();
    expect(smtp.refused()).toBe(1);
    expect(smtp.received()).toEqual([]);
    await worker.drain();
    expect(smtp.received()).toEqual([]); // Not due before its backoff.
    now += 30_000;
    await worker.drain();
    const [mail] = await smtp.waitFor(1);
    expect(mail).toMatchObject({ to: ['u1@example.test'], subject: 'Bob invited you to <b>"EP"</b>' });
    expect(mail!.text).toContain('https://studio.example.com/dashboard?tab=projects');
    expect(mail!.html).toContain('<p>Bob invited you to &lt;b&gt;&quot;EP&quot;&lt;/b&gt;</p>');
    now += 3600_000;
    await worker.drain();
    expect(smtp.received()).toHaveLength(1);
    await worker.close();
  });

  it('queues at most the hourly limit of mails for one person', async () => {
    now += 2 * 3600_000;
    const { outbox, worker } = parts(2);
    for (let i = 0; i < 4; i += 1) await outbox.enqueue(await notification(`Invitation ${i}`));
    expect(await worker.drain()).toBe(2);
    const mails = await smtp.waitFor(3);
    expect(mails.slice(1).map((mail) => mail.subject)).toEqual(['Invitation 0', 'Invitation 1']);
    await worker.close();
  });
});
