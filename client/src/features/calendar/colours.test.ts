import { describe, expect, it } from 'vitest';
import { makeSession } from '../../testing/fakeServices';
import { itemsFromEntries, itemsFromEvents, itemsFromPendingBookings } from './calendarItems';
import { CALENDAR_COLOURS, colourKeyOf, contrastRatio, eventStyle, isConfirmedBooking, textOn } from './colours';

const session = (patch: Parameters<typeof makeSession>[0]) => itemsFromEntries([makeSession(patch)])[0]!;
const [event] = itemsFromEvents([{ _id: 'e', title: 'Open mic', dateTime: '2030-01-01T10:00:00Z', duration: 60 }]);

describe('calendar colour coding', () => {
  it('fills a session by its visibility: blue by default, amber followers-only, grey private', () => {
    expect(colourKeyOf(session({ visibility: 'public' }))).toBe('default');
    expect(colourKeyOf(session({ visibility: 'followers' }))).toBe('followers');
    expect(colourKeyOf(session({ visibility: 'private' }))).toBe('private');
  });

  it("is grey for someone else's busy block and purple for events, 60 minutes by default", () => {
    const [busy] = itemsFromEntries([{ busy: true, title: 'Busy', startTime: 'x', endTime: 'y' }]);
    expect(colourKeyOf(busy!)).toBe('private');
    expect(colourKeyOf(event!)).toBe('event');
    expect(event!.end.getTime() - event!.start.getTime()).toBe(60 * 60_000);
  });

  it('fills a request still waiting yellow; a confirmed booking keeps its fill and gains the green border', () => {
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
    expect(colourKeyOf(session({ status: 'pending', visibility: 'followers' }))).toBe('pending');

    const booked = session({ bookedBy: 'bob', visibility: 'private', status: 'confirmed' });
    expect(isConfirmedBooking(booked)).toBe(true);
    expect(eventStyle(booked).style).toMatchObject({
      backgroundColor: CALENDAR_COLOURS.private,
      border: `2px solid ${CALENDAR_COLOURS.confirmed}`,
    });
    // A session its owner made is firm from the start: no badge, its border is its fill.
    const own = session({ visibility: 'followers' });
    expect(isConfirmedBooking(own)).toBe(false);
    expect(eventStyle(own).style).toMatchObject({
      backgroundColor: CALENDAR_COLOURS.followers,
      border: `2px solid ${CALENDAR_COLOURS.followers}`,
    });
  });

  it('keeps text on every fill at WCAG AA contrast (4.5:1)', () => {
    expect(contrastRatio('#ffffff', '#000000')).toBeCloseTo(21, 5);
    expect(contrastRatio('#777777', '#ffffff')).toBeCloseTo(4.48, 2);
    for (const [key, fill] of Object.entries(CALENDAR_COLOURS)) {
      expect({ key, ratio: contrastRatio(fill, textOn(fill)) >= 4.5 }).toEqual({ key, ratio: true });
    }
    const items = [
      event!,
      session({ visibility: 'public' }),
      session({ visibility: 'private' }),
      session({ status: 'pending' }),
    ];
    for (const item of items) {
      const { backgroundColor, color } = eventStyle(item).style;
      expect(contrastRatio(backgroundColor!, color!)).toBeGreaterThanOrEqual(4.5);
    }
  });
});
