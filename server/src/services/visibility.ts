import { BUSY_TITLE, type BusyBlock, type CalendarEntry, type Session } from '@riffroom/protocol';

/** Who is reading a session: their uid and whether they follow its host. */
export interface Reader {
  uid: string;
  followsHost: (hostUid: string) => boolean;
  /** Whether the host let the reader join this session (an accepted join request). */
  joined?: (sessionId: string) => boolean;
}

/** The host and, for a booked session, the user who booked it: both see it whole. */
export const isParty = (session: Session, uid: string) => session.host === uid || session.bookedBy === uid;

/** Spec part 4 and issue 4: public in full; followers in full to followers; private as a busy block. */
export function canSeeInFull(session: Session, reader: Reader): boolean {
  if (isParty(session, reader.uid) || reader.joined?.(session._id)) return true;
  if (session.visibility === 'public') return true;
  if (session.visibility === 'followers') return reader.followsHost(session.host);
  return false;
}

/** What a reader gets of one session: all of it, a busy block, or nothing at all. */
export function viewOf(session: Session, reader: Reader): CalendarEntry | null {
  if (canSeeInFull(session, reader)) return session;
  if (session.visibility === 'private') {
    const busy: BusyBlock = { busy: true, title: BUSY_TITLE, startTime: session.startTime, endTime: session.endTime };
    return busy;
  }
  // A followers-only session of someone the reader does not follow is left out entirely.
  return null;
}
