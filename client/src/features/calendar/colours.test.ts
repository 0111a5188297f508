import { describe, expect, it } from 'vitest';
import { makeSession } from '../../testing/fakeServices';
import { itemsFromEntries, itemsFromEvents, itemsFromPendingBookings } from './calendarItems';
import { CALENDAR_COLOURS, colourKeyOf, eventStyle, stripeKeyOf } from './colours';

const session = (patch: Parameters<typeof makeSession>[0]) => itemsFromEntries([makeSession(patch)])[0]!;

describe('calendar colour coding', () => {
  it('fills every confirmed session green and every pending one yellow, whatever its visibility', () => {
    for (const visibility of ['public', 'followers', 'private'] as const) {
      expect(colourKeyOf(session({ visibility, status: 'confirmed' }))).toBe('confirmed');
      expect(colourKeyOf(session({ visibility, status: 'pending' }))).toBe('pending');
    }
  });

  it('stripes sessions blue by default, amber for followers-only and grey for private', () => {
    expect(stripeKeyOf(session({ visibility: 'public' }))).toBe('default');
    expect(stripeKeyOf(session({ visibility: 'followers' }))).toBe('followers');
    expect(stripeKeyOf(session({ visibility: 'private' }))).toBe('private');
    const [event] = itemsFromEvents([{ _id: 'e', title: 'Open mic', dateTime: '2030-01-01T10:00:00Z', duration: 60 }]);
    expect(stripeKeyOf(event!)).toBeNull();
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
    const followers = eventStyle(session({ visibility: 'followers' })).style;
    expect(followers.backgroundColor).toBe(CALENDAR_COLOURS.confirmed);
    expect(followers.borderLeft).toBe(`6px solid ${CALENDAR_COLOURS.followers}`);
    expect(eventStyle(session({ status: 'pending' })).style).toMatchObject({
      backgroundColor: CALENDAR_COLOURS.pending,
      color: '#1a1204',
    });
    expect(eventStyle(session({ bookedBy: 'x' })).style.backgroundColor).toBe(CALENDAR_COLOURS.confirmed);
  });
});
