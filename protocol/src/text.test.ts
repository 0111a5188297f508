import { describe, expect, it } from 'vitest';
import { bookingRequestBodySchema, sessionBodySchema } from './sessions.js';
import { multiLineText, nameText, singleLineText } from './text.js';

describe('calendar text', () => {
  it('keeps one-line fields on one line', () => {
    expect(singleLineText().parse('  Mix day ')).toBe('Mix day');
    for (const bad of ['a\rb', 'a\nb', 'a\u0000b', 'a\u000Cb', 'a\u001Bb', 'a\u007Fb', 'a\tb']) {
      expect(singleLineText().safeParse(bad).success).toBe(false);
    }
  });

  it('turns every carriage return into a line feed, and refuses other control characters', () => {
    expect(multiLineText().parse('one\r\ntwo\rthree\n\tfour')).toBe('one\ntwo\nthree\n\tfour');
    expect(multiLineText().safeParse('a\u0000b').success).toBe(false);
    expect(multiLineText().safeParse('a\u000Bb').success).toBe(false);
  });

  it('applies to booking and session bodies', () => {
    const times = { startTime: '2030-01-07T10:00:00.000Z', endTime: '2030-01-07T11:00:00.000Z' };
    const booking = { targetUser: 'abc', ...times, message: 'hi\rEND:VEVENT' };
    expect(bookingRequestBodySchema.parse(booking).message).toBe('hi\nEND:VEVENT');
    expect(bookingRequestBodySchema.safeParse({ ...booking, title: 'x\rDTSTART:1' }).success).toBe(false);
    expect(sessionBodySchema.safeParse({ ...times, title: 'ok', location: 'Room\r1' }).success).toBe(false);
  });
});

describe('names shown to others (issue 34 item 10)', () => {
  it('takes one trimmed, visible line, letters of any script and emoji included', () => {
    for (const [given, kept] of [
      ['  Sam Rivera ', 'Sam Rivera'],
      ['Zoë Ångström', 'Zoë Ångström'],
      ['محمد', 'محمد'],
      ['DJ 🎧', 'DJ 🎧'],
    ]) {
      expect(nameText(100).parse(given)).toBe(kept);
    }
  });

  it('refuses blank names, control characters, line breaks and text-direction overrides', () => {
    for (const bad of ['', '   ', '\u200B\u200B', 'A\u0007B', 'two\nlines', 'a\u2028b', '\u202Etsoh ehT', 'x\u2067y']) {
      expect(nameText(100).safeParse(bad).success, JSON.stringify(bad)).toBe(false);
    }
    expect(nameText(5).safeParse('abcdef').success).toBe(false);
    expect(nameText(100, 'Full name').safeParse('   ').error?.issues[0]?.message).toBe('Full name must not be blank.');
  });
});
