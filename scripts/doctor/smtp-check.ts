import type { ApiConfig } from '@riffroom/server';
import { smtpMailer } from '../../server/src/notifications/mail/mailer.js';
import { fail, ok, warn, type CheckResult } from './check.js';

const NAME = 'Email (SMTP)';

/**
 * When SMTP_URL is set, the server must answer and accept the login (nodemailer's verify: connect,
 * greet, STARTTLS or TLS, AUTH), and PUBLIC_URL should be set so emails can link back. Unset, mail
 * is off by design and the check says so.
 */
export async function checkSmtp(api: ApiConfig): Promise<CheckResult> {
  const { smtpUrl, mailFrom } = api.notifications;
  if (!smtpUrl || !mailFrom) return ok(NAME, 'off (SMTP_URL unset): people are told in the app only.');
  const mailer = smtpMailer(smtpUrl, mailFrom);
  const where = new URL(smtpUrl).host;
  try {
    await mailer.verify();
  } catch (error) {
    return fail(
      NAME,
      `${where} did not accept a connection and login: ${(error as Error).message}`,
      'check SMTP_URL (host, port, user and password; smtps:// for port 465).',
    );
  } finally {
    mailer.close();
  }
  if (!api.publicUrl) {
    return warn(
      NAME,
      `${where} accepts the login, but PUBLIC_URL is unset: emails cannot link back to the box.`,
      'set PUBLIC_URL to the address people open Riffroom at.',
    );
  }
  return ok(NAME, `${where} accepts the login; mails come from ${mailFrom}.`);
}
