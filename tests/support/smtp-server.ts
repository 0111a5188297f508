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
  /** The text/html part, quoted-printable undone ('' when there is none). */
  html: string;
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
          JSON.parse(line) as {
            listening?: number;
            refused?: true;
            mail?: Omit<ReceivedMail, 'text' | 'html' | 'subject'>;
          },
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

function readMail(mail: Omit<ReceivedMail, 'text' | 'html' | 'subject'>): ReceivedMail {
  // Headers unfolded (a long one continues on lines that start with a space).
  const headers = mail.raw.split('\r\n\r\n')[0]!.replace(/\r\n[ \t]+/g, ' ');
  const subject = decodeWords(/^Subject: (.*)$/m.exec(headers)?.[1] ?? '');
  const plainPart = /Content-Type: text\/plain[^]*?\r\n\r\n([^]*?)\r\n--/i.exec(mail.raw)?.[1] ?? mail.raw;
  const htmlPart = /Content-Type: text\/html[^]*?\r\n\r\n([^]*?)\r\n--/i.exec(mail.raw)?.[1] ?? '';
  return { ...mail, subject, text: unquote(plainPart), html: unquote(htmlPart) };
}

/** Quoted-printable undone: soft line breaks joined, =XX bytes read as UTF-8. */
function unquote(text: string): string {
  const bytes = text
    .replace(/=\r\n/g, '')
    .replace(/=([0-9A-F]{2})/g, (_, hex: string) => `%${hex}`)
    .replace(/%(?![0-9A-F]{2})/g, '%25');
  try {
    return decodeURIComponent(bytes);
  } catch {
    return text;
  }
}

/** RFC 2047 encoded words (=?UTF-8?Q?...?= and =?UTF-8?B?...?=), as a mail client shows them. */
function decodeWords(header: string): string {
  return header
    .replace(/\?=\s+=\?/g, '?==?')
    .replace(/=\?UTF-8\?([QB])\?([^?]*)\?=/gi, (_, encoding: string, word: string) =>
      encoding.toUpperCase() === 'B' ? Buffer.from(word, 'base64').toString('utf8') : unquote(word.replace(/_/g, ' ')),
    );
}
