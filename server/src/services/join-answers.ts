import type { AnswerJoinRequestBody, ListedJoinRequest, PublicUser } from '@riffroom/protocol';
import type { Db } from '../db/connect.js';
import { conflict, notFound } from '../errors.js';
import type { Notifier } from '../notifications/notifier.js';
import { sessionParticipantsRepository } from '../repositories/session-participants.js';
import type { UsersRepository } from '../repositories/users.js';
import { BOOKING_REQUESTS_LINK } from './bookings.js';

interface JoinRow {
  id: number;
  session_id: number;
  requester_uid: string;
  host_uid: string;
  message: string;
  status: 'pending' | 'accepted' | 'declined';
  created_at: number | string;
  title: string;
  start_at: number | string;
  end_at: number | string;
  max_participants: number | null;
}

const iso = (ms: number | string) => new Date(Number(ms)).toISOString();
const ANSWERED: Record<AnswerJoinRequestBody['action'], JoinRow['status']> = {
  accept: 'accepted',
  decline: 'declined',
};
/** Both lists stop at this many, newest first: enough for a modal, bounded for a busy host. */
const LIST_LIMIT = 100;
const noSuchRequest = () => notFound('join/not-found', 'No such join request.');

/**
 * The host's answer to a join request (issue 35, item 7). Only the session's host may answer;
 * anyone else is told the request does not exist. An accepted requester becomes a participant and
 * sees the session on their calendar. Answering again changes nothing: the same answer returns the
 * request as it is, a different one is refused.
 */
export class JoinAnswerService {
  constructor(
    private readonly db: Db,
    private readonly users: UsersRepository,
    private readonly notifier: Notifier,
    private readonly now: () => number = Date.now,
  ) {}

  private rows() {
    return this.db('join_requests as j')
      .join('sessions as s', 's.id', 'j.session_id')
      .select(
        'j.id',
        'j.session_id',
        'j.requester_uid',
        's.host_uid',
        'j.message',
        'j.status',
        'j.created_at',
        's.title',
        's.start_at',
        's.end_at',
        's.max_participants',
      );
  }

  async mine(uid: string): Promise<{ incoming: ListedJoinRequest[]; outgoing: ListedJoinRequest[] }> {
    const newest = (query: ReturnType<JoinAnswerService['rows']>) =>
      query.orderBy('j.created_at', 'desc').orderBy('j.id', 'desc').limit(LIST_LIMIT);
    const [incoming, outgoing] = (await Promise.all([
      newest(this.rows().where('s.host_uid', uid)),
      newest(this.rows().where('j.requester_uid', uid)),
    ])) as [JoinRow[], JoinRow[]];
    const people = await this.people([...incoming, ...outgoing]);
    return { incoming: incoming.map((row) => view(row, people)), outgoing: outgoing.map((row) => view(row, people)) };
  }

  async answer(callerUid: string, id: number, body: AnswerJoinRequestBody): Promise<ListedJoinRequest> {
    const row = (await this.rows().where('j.id', id).first()) as JoinRow | undefined;
    if (!row || row.host_uid !== callerUid) throw noSuchRequest();
    const status = ANSWERED[body.action];
    const at = this.now();
    const moved = await this.db.transaction(async (trx) => {
      const participants = sessionParticipantsRepository(trx);
      if (status === 'accepted' && row.max_participants !== null) {
        if ((await participants.countOf(row.session_id)) >= Number(row.max_participants)) {
          throw conflict('join/session-full', 'This session has no places left.');
        }
      }
      // Only a pending request moves: of two answers at once, one wins and the other changes nothing.
      const changed = await trx('join_requests').where({ id, status: 'pending' }).update({ status, answered_at: at });
      if (changed === 1 && status === 'accepted') await participants.add(row.session_id, row.requester_uid, at);
      return changed === 1;
    });
    if (!moved) {
      const current = (await this.rows().where('j.id', id).first()) as JoinRow;
      if (current.status !== status) {
        throw conflict('join/already-answered', `This join request was already ${current.status}.`);
      }
      return view(current, await this.people([current]));
    }
    const answered = { ...row, status };
    const people = await this.people([answered]);
    const host = people.get(row.host_uid);
    await this.notifier.notify({
      userId: row.requester_uid,
      kind: 'join-answered',
      title: `${host ? `@${host.user_username}` : 'The host'} ${status} your request to join "${row.title}"`,
      link: BOOKING_REQUESTS_LINK,
      data: { sessionId: String(row.session_id), joinRequestId: String(id) },
    });
    return view(answered, people);
  }

  private async people(rows: JoinRow[]): Promise<Map<string, PublicUser>> {
    const uids = [...new Set(rows.flatMap((row) => [row.requester_uid, row.host_uid]))];
    return new Map((await this.users.findManyPublic(uids)).map((user) => [user.firebase_uid, user]));
  }
}

function view(row: JoinRow, people: ReadonlyMap<string, PublicUser>): ListedJoinRequest {
  const person = (uid: string) => ({
    uid,
    name: people.get(uid)?.user_name ?? '',
    username: people.get(uid)?.user_username ?? '',
  });
  return {
    _id: String(row.id),
    sessionId: String(row.session_id),
    message: row.message,
    status: row.status,
    createdAt: iso(row.created_at),
    session: { title: row.title, startTime: iso(row.start_at), endTime: iso(row.end_at) },
    requester: person(row.requester_uid),
    host: person(row.host_uid),
  };
}
