import nodemailer from 'nodemailer';

export interface OutgoingMail {
  to: string;
  subject: string;
  text: string;
  html: string;
}

/** How email leaves the box. One implementation (SMTP); the interface keeps nodemailer out of the services. */
export interface Mailer {
  send(mail: OutgoingMail): Promise<void>;
  /** Connects and authenticates without sending (npm run doctor). */
  verify(): Promise<void>;
  close(): void;
}

/** Bounds each step, so a stuck server fails the attempt (and the job retries) well inside its lease. */
const TIMEOUTS = { connectionTimeout: 10_000, greetingTimeout: 10_000, socketTimeout: 30_000 };

/** nodemailer over SMTP (SMTP_URL, MAIL_FROM); pooled, so a burst of mails reuses one connection. */
export function smtpMailer(smtpUrl: string, from: string): Mailer {
  const url = new URL(smtpUrl);
  const transport = nodemailer.createTransport({
    host: url.hostname,
    port: url.port ? Number(url.port) : url.protocol === 'smtps:' ? 465 : 587,
    secure: url.protocol === 'smtps:',
    auth: url.username ? { user: decodeURIComponent(url.username), pass: decodeURIComponent(url.password) } : undefined,
    pool: true,
    maxConnections: 2,
    ...TIMEOUTS,
  });
  return {
    async send(mail) {
      await transport.sendMail({ from, ...mail });
    },
    async verify() {
      await transport.verify();
    },
    close() {
      transport.close();
    },
  };
}
