import type { Availability, AvailabilityBody, FreeSlotsQuery, Slot } from '@riffroom/protocol';
import { notFound } from '../../errors.js';
import type { AvailabilityRepository } from '../../repositories/availability.js';
import type { UsersRepository } from '../../repositories/users.js';
import { freeSlots, inZone, isFreeSlot, type Interval } from './free-slots.js';

const MINUTE = 60_000;

/** Working hours and the free slots they leave (issue 35, "Availability"). */
export class AvailabilityService {
  constructor(
    private readonly availability: AvailabilityRepository,
    private readonly users: UsersRepository,
    private readonly now: () => number = Date.now,
  ) {}

  async mine(uid: string): Promise<Availability | null> {
    return (await this.availability.find(uid)) ?? null;
  }

  async save(uid: string, body: AvailabilityBody): Promise<Availability> {
    if (!(await this.users.findPublic(uid))) {
      throw notFound('user/not-found', 'Create your profile before setting working hours.');
    }
    return this.availability.save(uid, body, this.now());
  }

  /** Free slots of `providerUid`, written in the viewer's zone (UTC when none is given). */
  async slotsOf(providerUid: string, query: FreeSlotsQuery): Promise<{ timeZone: string; slots: Slot[] }> {
    const zone = query.zone ?? 'UTC';
    const intervals = await this.freeIntervals(
      providerUid,
      Date.parse(query.from),
      Date.parse(query.to),
      query.minutes,
    );
    return {
      timeZone: zone,
      slots: intervals.map((slot) => ({ start: inZone(slot.start, zone), end: inZone(slot.end, zone) })),
    };
  }

  /** The provider's free slots as instants (none when they have set no working hours). */
  async freeIntervals(providerUid: string, from: number, to: number, minutes: number): Promise<Interval[]> {
    const plan = await this.availability.find(providerUid);
    if (!plan) return [];
    const buffer = plan.bufferMinutes * MINUTE;
    const busy = await this.availability.busy(providerUid, from - buffer, to + buffer);
    return freeSlots(plan, busy, { from, to, minutes, notBefore: this.now() });
  }

  /**
   * The first free slot of each person in `from`..`to`, for a slot of their `minutes`: a page of
   * search results in three queries, however long the page.
   */
  async nextFreeOf(wanted: { uid: string; minutes: number }[], from: number, to: number): Promise<Map<string, number>> {
    const uids = wanted.map((entry) => entry.uid);
    const plans = new Map((await this.availability.findMany(uids)).map((plan) => [plan.uid, plan]));
    const widest = Math.max(0, ...[...plans.values()].map((plan) => plan.bufferMinutes)) * MINUTE;
    const busy = await this.availability.busyOfMany([...plans.keys()], from - widest, to + widest);
    const next = new Map<string, number>();
    const notBefore = this.now();
    for (const { uid, minutes } of wanted) {
      const plan = plans.get(uid);
      if (!plan) continue;
      const [first] = freeSlots(plan, busy.get(uid) ?? [], { from, to, minutes, notBefore, limit: 1 });
      if (first) next.set(uid, first.start);
    }
    return next;
  }

  /** Whether [start, end) is still free for `providerUid`: checked at request and again at confirm. */
  async isFree(providerUid: string, slot: Interval): Promise<boolean> {
    const plan = await this.availability.find(providerUid);
    if (!plan) return false;
    const buffer = plan.bufferMinutes * MINUTE;
    const busy = await this.availability.busy(providerUid, slot.start - buffer, slot.end + buffer);
    return isFreeSlot(plan, busy, slot, this.now());
  }
}
