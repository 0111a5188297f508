import type { Availability, AvailabilityBody } from '@riffroom/protocol';
import type { Db } from '../db/connect.js';
import type { Interval } from '../services/market/free-slots.js';

interface AvailabilityRow {
  uid: string;
  time_zone: string;
  weekly_hours: string;
  blocked_days: string;
  buffer_minutes: number;
  updated_at: number;
}

const fromRow = (row: AvailabilityRow): Availability => ({
  uid: row.uid,
  timeZone: row.time_zone,
  weeklyHours: JSON.parse(row.weekly_hours) as Availability['weeklyHours'],
  blockedDays: JSON.parse(row.blocked_days) as string[],
  bufferMinutes: row.buffer_minutes,
});

/** Working hours (one row a person) and the busy time free slots are cut from. */
export function availabilityRepository(db: Db) {
  return {
    async find(uid: string): Promise<Availability | undefined> {
      const row = (await db<AvailabilityRow>('availability').where({ uid }).first()) as AvailabilityRow | undefined;
      return row && fromRow(row);
    },
    async findMany(uids: string[]): Promise<Availability[]> {
      if (uids.length === 0) return [];
      const rows = (await db<AvailabilityRow>('availability').whereIn('uid', uids)) as AvailabilityRow[];
      return rows.map(fromRow);
    },
    async save(uid: string, body: AvailabilityBody, at: number): Promise<Availability> {
      const row = {
        uid,
        time_zone: body.timeZone,
        weekly_hours: JSON.stringify(body.weeklyHours),
        blocked_days: JSON.stringify(body.blockedDays),
        buffer_minutes: body.bufferMinutes,
        updated_at: at,
      };
      await db('availability').insert(row).onConflict('uid').merge();
      return fromRow(row);
    },
    /**
     * The person's busy time between `from` and `to`: every session they host or booked (a
     * cancelled session is deleted, and a confirmed booking is a session on both calendars).
     */
    async busy(uid: string, from: number, to: number): Promise<Interval[]> {
      const rows: { start_at: number | string; end_at: number | string }[] = await db('sessions')
        .select('start_at', 'end_at')
        .where((q) => q.where({ host_uid: uid }).orWhere({ booked_by_uid: uid }))
        .andWhere('start_at', '<', to)
        .andWhere('end_at', '>', from);
      return rows.map((row) => ({ start: Number(row.start_at), end: Number(row.end_at) }));
    },
    /** busy() for several people in two queries (a page of search results). */
    async busyOfMany(uids: string[], from: number, to: number): Promise<Map<string, Interval[]>> {
      const busy = new Map<string, Interval[]>(uids.map((uid) => [uid, []]));
      if (uids.length === 0) return busy;
      const rows: {
        host_uid: string;
        booked_by_uid: string | null;
        start_at: number | string;
        end_at: number | string;
      }[] = await db('sessions')
        .select('host_uid', 'booked_by_uid', 'start_at', 'end_at')
        .where((q) => q.whereIn('host_uid', uids).orWhereIn('booked_by_uid', uids))
        .andWhere('start_at', '<', to)
        .andWhere('end_at', '>', from);
      for (const row of rows) {
        const interval = { start: Number(row.start_at), end: Number(row.end_at) };
        busy.get(row.host_uid)?.push(interval);
        if (row.booked_by_uid !== null) busy.get(row.booked_by_uid)?.push(interval);
      }
      return busy;
    },
  };
}
export type AvailabilityRepository = ReturnType<typeof availabilityRepository>;
