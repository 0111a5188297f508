import { describe, expect, it } from 'vitest';
import { renderIcs } from './ics.js';

const session = {
  _id: '7',
  host: 'a',
  bookedBy: null,
  title: 'Ünïcode séssion — '.repeat(8),
  description: '',
  startTime: '2030-01-07T10:00:00.000Z',
  endTime: '2030-01-07T12:30:00.000Z',
  visibility: 'public' as const,
  type: 'mixing' as const,
  location: 'Studio A; Lisbon',
  genre: '',
  price: 0,
  maxParticipants: null,
  equipment: [],
  status: 'confirmed' as const,
};

describe('renderIcs', () => {
  it('folds multi-byte text at 75 octets, and unfolds to the original', () => {
    const ics = renderIcs([session], { uidDomain: 'example.test', now: Date.UTC(2030, 0, 1) });
    const lines = ics.split('\r\n');
    for (const line of lines) expect(Buffer.byteLength(line)).toBeLessThanOrEqual(75);
    const unfolded = ics.replace(/\r\n /g, '');
    expect(unfolded).toContain(`SUMMARY:${session.title}`);
    expect(unfolded).toContain('LOCATION:Studio A\\; Lisbon');
    expect(unfolded).toContain('UID:session-7@example.test');
    expect(unfolded).toContain('DTSTAMP:20300101T000000Z');
    expect(unfolded).toContain('DTEND:20300107T123000Z');
  });

  it('adds no line for a bare carriage return or any other control character in a text field', () => {
    const injected = {
      ...session,
      title: 'Mix\rATTENDEE:mailto:evil@example.test',
      description: 'Hi\r\nthere\rEND:VEVENT\rBEGIN:VEVENT\nSUMMARY:fake\u000b\u0000\u007f\tdone',
    };
    const ics = renderIcs([injected], { uidDomain: 'example.test', now: Date.UTC(2030, 0, 1) });
    const lines = ics.replace(/\r\n /g, '').split('\r\n').filter(Boolean);
    expect(lines.filter((line) => line === 'BEGIN:VEVENT')).toHaveLength(1);
    expect(lines.some((line) => line.startsWith('ATTENDEE'))).toBe(false);
    expect(lines).toContain('SUMMARY:Mix\\nATTENDEE:mailto:evil@example.test');
    expect(lines).toContain('DESCRIPTION:Hi\\nthere\\nEND:VEVENT\\nBEGIN:VEVENT\\nSUMMARY:fake\tdone');
    // No carriage return survives anywhere but in the CRLF line ends.
    // eslint-disable-next-line no-control-regex -- control characters are what this looks for
    expect(ics.replace(/\r\n/g, '')).not.toMatch(/[\u0000-\u0008\u000B-\u001F\u007F]/);
  });
});
