import { describe, expect, it } from 'vitest';
import { freeSlots, inZone, isFreeSlot, workingWindows, type WorkingPlan } from './free-slots.js';

const utc = (text: string) => Date.parse(text);
const weekdays = (start: string, end: string) => [1, 2, 3, 4, 5].map((day) => ({ day, start, end }));
const everyDay = (start: string, end: string) => [1, 2, 3, 4, 5, 6, 7].map((day) => ({ day, start, end }));
const plan = (timeZone: string, weeklyHours: WorkingPlan['weeklyHours'], extra: Partial<WorkingPlan> = {}) => ({
  timeZone,
  weeklyHours,
  blockedDays: [],
  bufferMinutes: 0,
  ...extra,
});
const slotsOn = (p: WorkingPlan, from: string, to: string, minutes = 60, busy: { start: number; end: number }[] = []) =>
  freeSlots(p, busy, { from: utc(from), to: utc(to), minutes, notBefore: 0 });
const shown = (slots: { start: number }[], zone: string) => slots.map((slot) => inZone(slot.start, zone));

describe('working hours across daylight saving (Europe/Berlin)', () => {
  const berlin = plan('Europe/Berlin', weekdays('09:00', '17:00'));

  it('keeps 09:00 local on both sides of the March change (CET +1, then CEST +2)', () => {
    const friday = slotsOn(berlin, '2026-03-27T00:00:00Z', '2026-03-28T00:00:00Z');
    const monday = slotsOn(berlin, '2026-03-30T00:00:00Z', '2026-03-31T00:00:00Z');
    expect(new Date(friday[0]!.start).toISOString()).toBe('2026-03-27T08:00:00.000Z');
    expect(new Date(monday[0]!.start).toISOString()).toBe('2026-03-30T07:00:00.000Z');
    expect(shown([friday[0]!, monday[0]!], 'Europe/Berlin')).toEqual([
      '2026-03-27T09:00:00.000+01:00',
      '2026-03-30T09:00:00.000+02:00',
    ]);
    // 09:00 to 17:00 in hour slots every half hour: 15 a day on either side.
    expect(friday).toHaveLength(15);
    expect(monday).toHaveLength(15);
  });

  it('loses the hour that does not exist on 29 March: 01:00-05:00 is three hours, and no slot starts at 02:xx', () => {
    const night = plan('Europe/Berlin', everyDay('01:00', '05:00'));
    const [window] = workingWindows(night, utc('2026-03-29T00:00:00Z'), utc('2026-03-29T05:00:00Z'));
    expect((window!.end - window!.start) / 3_600_000).toBe(3);
    const slots = slotsOn(night, '2026-03-28T23:00:00Z', '2026-03-29T04:00:00Z');
    expect(shown(slots, 'Europe/Berlin')).toEqual([
      '2026-03-29T01:00:00.000+01:00',
      '2026-03-29T01:30:00.000+01:00',
      '2026-03-29T03:00:00.000+02:00',
      '2026-03-29T03:30:00.000+02:00',
      '2026-03-29T04:00:00.000+02:00',
    ]);
  });

  it('gains the repeated hour on 25 October: 01:00-04:00 is four hours', () => {
    const night = plan('Europe/Berlin', everyDay('01:00', '04:00'));
    const windows = workingWindows(night, utc('2026-10-24T22:00:00Z'), utc('2026-10-25T04:00:00Z'));
    expect(windows.map((w) => (w.end - w.start) / 3_600_000)).toEqual([4]);
    const slots = slotsOn(night, '2026-10-24T22:00:00Z', '2026-10-25T04:00:00Z');
    expect(slots).toHaveLength(7);
    expect(new Date(slots[0]!.start).toISOString()).toBe('2026-10-24T23:00:00.000Z');
    expect(new Date(slots.at(-1)!.end).toISOString()).toBe('2026-10-25T03:00:00.000Z');
  });
});

describe('working hours across daylight saving (America/New_York)', () => {
  it('keeps 09:00 local across 8 March (EST -5, then EDT -4)', () => {
    const ny = plan('America/New_York', everyDay('09:00', '12:00'));
    const slots = slotsOn(ny, '2026-03-07T00:00:00Z', '2026-03-10T00:00:00Z', 180);
    expect(slots.map((slot) => new Date(slot.start).toISOString())).toEqual([
      '2026-03-07T14:00:00.000Z',
      '2026-03-08T13:00:00.000Z',
      '2026-03-09T13:00:00.000Z',
    ]);
  });

  it('loses 02:00-03:00 on 8 March and repeats 01:00-02:00 on 1 November', () => {
    const night = plan('America/New_York', everyDay('00:00', '04:00'));
    const march = workingWindows(night, utc('2026-03-08T04:00:00Z'), utc('2026-03-08T09:00:00Z'));
    const november = workingWindows(night, utc('2026-11-01T03:00:00Z'), utc('2026-11-01T10:00:00Z'));
    expect(march.map((w) => (w.end - w.start) / 3_600_000)).toEqual([3]);
    expect(november.map((w) => (w.end - w.start) / 3_600_000)).toEqual([5]);
    const marchSlots = shown(slotsOn(night, '2026-03-08T05:00:00Z', '2026-03-08T08:00:00Z'), 'America/New_York');
    expect(marchSlots.some((text) => text.includes('T02:'))).toBe(false);
  });
});

describe('a Berlin provider seen from New York', () => {
  const berlin = plan('Europe/Berlin', weekdays('09:00', '17:00'));
  const firstSlotInNewYork = (day: string) =>
    shown(slotsOn(berlin, `${day}T00:00:00Z`, `${day}T23:59:00Z`).slice(0, 1), 'America/New_York')[0];

  it('moves by the weeks the two zones change on different dates', () => {
    // Both on winter time: six hours apart.
    expect(firstSlotInNewYork('2026-03-04')).toBe('2026-03-04T03:00:00.000-05:00');
    // New York already on summer time (8 March), Berlin not yet (29 March): five hours.
    expect(firstSlotInNewYork('2026-03-11')).toBe('2026-03-11T04:00:00.000-04:00');
    // Both on summer time: six hours.
    expect(firstSlotInNewYork('2026-04-01')).toBe('2026-04-01T03:00:00.000-04:00');
    // Berlin back on winter time (25 October), New York not yet (1 November): five hours.
    expect(firstSlotInNewYork('2026-10-28')).toBe('2026-10-28T04:00:00.000-04:00');
    expect(firstSlotInNewYork('2026-11-04')).toBe('2026-11-04T03:00:00.000-05:00');
  });
});

describe('busy time, buffers, blocked days and the past', () => {
  const berlin = plan('Europe/Berlin', weekdays('09:00', '13:00'), { bufferMinutes: 15 });
  const day = ['2026-06-03T00:00:00Z', '2026-06-04T00:00:00Z'] as const;

  it('keeps the buffer clear around a session', () => {
    // 10:00-11:00 Berlin (CEST) is 08:00-09:00Z: with 15 minutes either side, 09:45-11:15 is taken.
    const busy = [{ start: utc('2026-06-03T08:00:00Z'), end: utc('2026-06-03T09:00:00Z') }];
    expect(shown(slotsOn(berlin, ...day, 60, busy), 'Europe/Berlin').map((text) => text.slice(11, 16))).toEqual([
      '11:30',
      '12:00',
    ]);
    expect(isFreeSlot(berlin, busy, { start: utc('2026-06-03T09:15:00Z'), end: utc('2026-06-03T10:15:00Z') }, 0)).toBe(
      true,
    );
    expect(isFreeSlot(berlin, busy, { start: utc('2026-06-03T09:00:00Z'), end: utc('2026-06-03T10:00:00Z') }, 0)).toBe(
      false,
    );
  });

  it('offers nothing on a blocked day, at a weekend, outside the hours or in the past', () => {
    expect(slotsOn({ ...berlin, blockedDays: ['2026-06-03'] }, ...day)).toEqual([]);
    expect(slotsOn(berlin, '2026-06-06T00:00:00Z', '2026-06-08T00:00:00Z')).toEqual([]);
    expect(isFreeSlot(berlin, [], { start: utc('2026-06-03T11:00:00Z'), end: utc('2026-06-03T12:00:00Z') }, 0)).toBe(
      false,
    );
    const later = freeSlots(berlin, [], {
      from: utc(day[0]),
      to: utc(day[1]),
      minutes: 60,
      notBefore: utc('2026-06-03T09:40:00Z'),
    });
    expect(shown(later, 'Europe/Berlin')[0]).toBe('2026-06-03T12:00:00.000+02:00');
  });
});
