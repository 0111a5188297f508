import type { Session, SessionBody, SessionStatus } from '@riffroom/protocol';
import type { Knex } from 'knex';

export interface SessionRow {
  id: number;
  host_uid: string;
  booked_by_uid: string | null;
  title: string;
  description: string;
  start_at: number;
  end_at: number;
  visibility: Session['visibility'];
  type: Session['type'];
  location: string;
  genre: string;
  price: number;
  max_participants: number | null;
  equipment: string;
  status: SessionStatus;
  created_at: number;
  updated_at: number;
}

const iso = (ms: number | string) => new Date(Number(ms)).toISOString();

export function toSession(row: SessionRow): Session {
  return {
    _id: String(row.id),
    host: row.host_uid,
    bookedBy: row.booked_by_uid,
    title: row.title,
    description: row.description,
    startTime: iso(row.start_at),
    endTime: iso(row.end_at),
    visibility: row.visibility,
    type: row.type,
    location: row.location,
    genre: row.genre,
    price: Number(row.price),
    maxParticipants: row.max_participants === null ? null : Number(row.max_participants),
    equipment: JSON.parse(row.equipment) as string[],
    status: row.status,
  };
}

/** The columns a session body sets; shared by create, update and accepted bookings. */
export function sessionColumns(body: SessionBody) {
  return {
    title: body.title,
    description: body.description,
    start_at: Date.parse(body.startTime),
    end_at: Date.parse(body.endTime),
    visibility: body.visibility,
    type: body.type,
    location: body.location,
    genre: body.genre,
    price: body.price,
    max_participants: body.maxParticipants,
    equipment: JSON.stringify(body.equipment),
  };
}

export interface NewSession {
  hostUid: string;
  bookedByUid: string | null;
  status: SessionStatus;
  body: SessionBody;
}

/** Takes a Db or a transaction, so an accepted booking can create its session atomically. */
export function sessionsRepository(db: Knex) {
  const table = () => db<SessionRow>('sessions');
  return {
    async insert(session: NewSession, at: number): Promise<Session> {
      const [row] = await table()
        .insert({
          ...sessionColumns(session.body),
          host_uid: session.hostUid,
          booked_by_uid: session.bookedByUid,
          status: session.status,
          created_at: at,
          updated_at: at,
        })
        .returning('*');
      return toSession(row as SessionRow);
    },
    async find(id: number): Promise<Session | undefined> {
      const row = (await table().where({ id }).first()) as SessionRow | undefined;
      return row && toSession(row);
    },
    async update(id: number, body: SessionBody, at: number): Promise<Session | undefined> {
      await table()
        .where({ id })
        .update({ ...sessionColumns(body), updated_at: at });
      return this.find(id);
    },
    async remove(id: number): Promise<void> {
      await table().where({ id }).delete();
    },
    /** Whether a confirmed marketplace booking is this session (it is cancelled from the booking). */
    async isConfirmedBooking(id: number): Promise<boolean> {
      return (await db('market_bookings').where({ session_id: id, status: 'confirmed' }).first('id')) !== undefined;
    },
    /**
     * Every session on a user's calendar: the ones they host, the ones they booked and the ones a
     * host let them join (session_participants). Oldest first.
     */
    async onCalendarOf(uid: string): Promise<Session[]> {
      const rows = (await table()
        .where({ host_uid: uid })
        .orWhere({ booked_by_uid: uid })
        .orWhereIn('id', db('session_participants').select('session_id').where({ uid }))
        .orderBy('start_at', 'asc')
        .orderBy('id', 'asc')) as SessionRow[];
      return rows.map(toSession);
    },
  };
}
export type SessionsRepository = ReturnType<typeof sessionsRepository>;
