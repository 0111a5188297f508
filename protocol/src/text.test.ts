import { describe, expect, it } from 'vitest';
import { bookingRequestBodySchema, sessionBodySchema } from './sessions.js';
import { multiLineText, singleLineText } from './text.js';

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
