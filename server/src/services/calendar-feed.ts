import { createHash, randomBytes } from 'node:crypto';
import { CALENDAR_FEED_PATH_PREFIX, type CalendarFeedCreated, type CalendarFeedStatus } from '@riffroom/protocol';
import { notFound } from '../errors.js';
import type { CalendarFeedsRepository } from '../repositories/calendar-feeds.js';
import type { SessionsRepository } from '../repositories/sessions.js';
import { renderIcs } from './ics.js';

const hashOf = (token: string) => createHash('sha256').update(token).digest('hex');
const feedNotFound = () => notFound('calendar-feed/not-found', 'No such calendar feed.');

/**
 * The private .ics feed: a secret URL per user, because calendar apps cannot send a bearer token.
 * Only its hash is stored, so the URL is shown once; rotating or revoking stops the old one at once.
 */
export class CalendarFeedService {
  constructor(
    private readonly feeds: CalendarFeedsRepository,
    private readonly sessions: SessionsRepository,
    private readonly now: () => number = Date.now,
  ) {}

  async status(uid: string): Promise<CalendarFeedStatus> {
    const feed = await this.feeds.findByUid(uid);
    return { active: Boolean(feed), createdAt: feed ? new Date(Number(feed.created_at)).toISOString() : null };
  }

  /** Creates the feed, or replaces it (the old URL stops working). */
  async rotate(uid: string): Promise<CalendarFeedCreated> {
    const token = randomBytes(32).toString('base64url');
    const at = this.now();
    await this.feeds.put(uid, hashOf(token), at);
    return { active: true, createdAt: new Date(at).toISOString(), path: `${CALENDAR_FEED_PATH_PREFIX}${token}.ics` };
  }

  async revoke(uid: string): Promise<void> {
    await this.feeds.remove(uid);
  }

  /** The owner's own sessions and the confirmed sessions they booked; nobody else's. */
  async render(token: string, uidDomain: string): Promise<string> {
    const uid = await this.feeds.findUidByHash(hashOf(token));
    if (!uid) throw feedNotFound();
    const sessions = (await this.sessions.onCalendarOf(uid)).filter(
      (session) => session.host === uid || (session.bookedBy === uid && session.status === 'confirmed'),
    );
    return renderIcs(sessions, { uidDomain, now: this.now() });
  }
}
