import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { startManagedProcess } from './managed-process.js';
import { until } from './until.js';

export interface ReceivedMail {
  from: string;
  to: string[];
  /** The message as it arrived (headers and MIME body). */
  raw: string;
  /** The text/plain part, quoted-printable undone: what a person reads. */
  text: string;
  subject: string;
}

export interface TestSmtpServer {
  /** For SMTP_URL. */
  url: string;
  /** Every message received so far, in order. */
  received(): ReceivedMail[];
  /** How many messages it refused (started with `failFirst`). */
  refused(): number;
  /** Waits until `count` messages have arrived. */
  waitFor(count: number, timeoutMs?: number): Promise<ReceivedMail[]>;
  stop(): Promise<void>;
}

const SINK = path.join(path.dirname(fileURLToPath(import.meta.url)), 'smtp-sink.mjs');

/** A real SMTP server (smtp-server, tests/support/smtp-sink.mjs) in its own process on 127.0.0.1:0. */
export async function startTestSmtpServer({ failFirst = 0 } = {}): Promise<TestSmtpServer> {
  const sink = startManagedProcess(process.execPath, [SINK, '--fail', String(failFirst)], { name: 'smtp-sink' });
  const lines = () =>
    sink
      .output()
      .split('\n')
      .filter((line) => line.startsWith('{'))
      .map(
        (line) =>
          JSON.parse(line) as { listening?: number; refused?: true; mail?: Omit<ReceivedMail, 'text' | 'subject'> },
      );
  await sink.waitUntilReady(() => lines().some((line) => line.listening), {
    timeoutMs: 15_000,
    what: 'SMTP sink listening',
  });
  const port = lines().find((line) => line.listening)!.listening!;
  const received = () => lines().flatMap((line) => (line.mail ? [readMail(line.mail)] : []));
  return {
    url: `smtp://127.0.0.1:${port}`,
    received,
    refused: () => lines().filter((line) => line.refused).length,
    async waitFor(count, timeoutMs = 15_000) {
      await until(() => received().length >= count, { timeoutMs, what: `${count} mails at the SMTP server` });
      return received();
    },
    stop: () => sink.stop(),
  };
}

function readMail(mail: Omit<ReceivedMail, 'text' | 'subject'>): ReceivedMail {
  const subject = /^Subject: (.*)$/m.exec(mail.raw)?.[1] ?? '';
  const plainPart = /Content-Type: text\/plain[^]*?\r\n\r\n([^]*?)\r\n--/i.exec(mail.raw)?.[1] ?? mail.raw;
  const text = plainPart
    .replace(/=\r\n/g, '')
    .replace(/=([0-9A-F]{2})/g, (_, hex: string) => String.fromCharCode(parseInt(hex, 16)));
  return { ...mail, subject, text };
}
