import { describe, expect, it } from 'vitest';
import { makeSession } from '../../testing/fakeServices';
import { itemsFromEntries, itemsFromEvents, itemsFromPendingBookings } from './calendarItems';
import { CALENDAR_COLOURS, colourKeyOf, eventStyle } from './colours';

const session = (patch: Parameters<typeof makeSession>[0]) => itemsFromEntries([makeSession(patch)])[0]!;

describe('calendar colour coding', () => {
  it('is blue by default, amber for followers-only and grey for private sessions', () => {
    expect(colourKeyOf(session({ visibility: 'public' }))).toBe('default');
    expect(colourKeyOf(session({ visibility: 'followers' }))).toBe('followers');
    expect(colourKeyOf(session({ visibility: 'private' }))).toBe('private');
  });

  it("is grey for someone else's busy block and purple for events", () => {
    const [busy] = itemsFromEntries([{ busy: true, title: 'Busy', startTime: 'x', endTime: 'y' }]);
    expect(colourKeyOf(busy!)).toBe('private');
    const [event] = itemsFromEvents([{ _id: 'e', title: 'Open mic', dateTime: '2030-01-01T10:00:00Z', duration: 60 }]);
    expect(colourKeyOf(event!)).toBe('event');
    expect(event!.end.getTime() - event!.start.getTime()).toBe(60 * 60_000);
  });

  it('is green for a confirmed booking, even though it is private, and yellow while pending', () => {
    expect(colourKeyOf(session({ bookedBy: 'bob', visibility: 'private', status: 'confirmed' }))).toBe('confirmed');
    expect(colourKeyOf(session({ status: 'pending' }))).toBe('pending');
    const booking = {
      _id: 'b',
      title: 'Booked session',
      message: '',
      startTime: '2030-01-01T10:00:00Z',
      endTime: '2030-01-01T11:00:00Z',
      sessionId: null,
      createdAt: '2030-01-01T00:00:00Z',
      host: null,
    };
    const pending = itemsFromPendingBookings([
      { ...booking, status: 'pending' },
      { ...booking, _id: 'c', status: 'declined' },
    ]);
    expect(pending.map(colourKeyOf)).toEqual(['pending']);
  });

  it('paints the colours of spec part 2', () => {
    expect(eventStyle(session({ visibility: 'public' })).style.backgroundColor).toBe(CALENDAR_COLOURS.default);
    expect(eventStyle(session({ bookedBy: 'x' })).style.backgroundColor).toBe(CALENDAR_COLOURS.confirmed);
  });
});
