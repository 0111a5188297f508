import type { Session } from '@riffroom/protocol';

/**
 * RFC 5545 text values escape backslash, semicolon, comma and line breaks. Every line break is one:
 * `\r\n`, a bare `\r` (which calendar apps read as the end of a line, so a requester's text could
 * add properties to the host's feed) and `\n`. Other control characters are not allowed in TEXT at
 * all and are dropped; input schemas refuse them, this covers rows stored before they did.
 */
export const escapeText = (value: string) =>
  value
    .replace(/\\/g, '\\\\')
    .replace(/;/g, '\\;')
    .replace(/,/g, '\\,')
    .replace(/\r\n|\r|\n|\u2028|\u2029/g, '\\n')
    // eslint-disable-next-line no-control-regex -- control characters are what this looks for
    .replace(/[\u0000-\u0008\u000B-\u001F\u007F]/g, '');

/** 20261124T140000Z */
const icsTime = (iso: string) => iso.replace(/[-:]/g, '').replace(/\.\d{3}/, '');

/** Lines longer than 75 octets are folded with CRLF + space (RFC 5545 §3.1), never inside a character. */
function fold(line: string): string {
  const out: string[] = [];
  let current = '';
  let octets = 0;
  for (const char of line) {
    const size = Buffer.byteLength(char);
    if (octets + size > (out.length === 0 ? 75 : 74)) {
      out.push(current);
      current = '';
      octets = 0;
    }
    current += char;
    octets += size;
  }
  out.push(current);
  return out.join('\r\n ');
}

export interface IcsOptions {
  /** A stable domain for UIDs, so calendar apps update an event instead of duplicating it. */
  uidDomain: string;
  now: number;
}

/** One VCALENDAR with a VEVENT per session; the caller decides which sessions belong in it. */
export function renderIcs(sessions: Session[], { uidDomain, now }: IcsOptions): string {
  const stamp = icsTime(new Date(now).toISOString());
  const lines = ['BEGIN:VCALENDAR', 'VERSION:2.0', 'PRODID:-//Riffroom//Calendar//EN', 'CALSCALE:GREGORIAN'];
  lines.push('X-WR-CALNAME:Riffroom');
  for (const session of sessions) {
    lines.push(
      'BEGIN:VEVENT',
      `UID:session-${session._id}@${uidDomain}`,
      `DTSTAMP:${stamp}`,
      `DTSTART:${icsTime(session.startTime)}`,
      `DTEND:${icsTime(session.endTime)}`,
      `SUMMARY:${escapeText(session.title)}`,
    );
    if (session.description) lines.push(`DESCRIPTION:${escapeText(session.description)}`);
    if (session.location) lines.push(`LOCATION:${escapeText(session.location)}`);
    lines.push(`STATUS:${session.status === 'confirmed' ? 'CONFIRMED' : 'TENTATIVE'}`, 'END:VEVENT');
  }
  lines.push('END:VCALENDAR');
  return lines.map(fold).join('\r\n') + '\r\n';
}
