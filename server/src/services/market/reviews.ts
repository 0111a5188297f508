import { REVIEW_EDIT_DAYS, type Review, type ReviewBody } from '@riffroom/protocol';
import type { Db } from '../../db/connect.js';
import { conflict, notFound } from '../../errors.js';
import type { Notifier } from '../../notifications/notifier.js';
import { marketBookingsRepository } from '../../repositories/market-bookings.js';
import type { UsersRepository } from '../../repositories/users.js';

interface ReviewRow {
  id: number;
  booking_id: number;
  author_uid: string;
  subject_uid: string;
  rating: number;
  text: string;
  reply: string | null;
  created_at: number | string;
  updated_at: number | string;
}

const DAY = 86_400_000;
const iso = (ms: number | string) => new Date(Number(ms)).toISOString();
const noSuchBooking = () => notFound('booking/not-found', 'No such finished booking.');

/**
 * Verified reviews (issue 35): only the two parties of a confirmed booking that has ended review
 * each other, once each, editable for REVIEW_EDIT_DAYS; the reviewed person replies once. Anyone
 * else is told the booking does not exist. The person's average and count are kept in
 * market_people, which search and profiles read.
 */
export class ReviewService {
  constructor(
    private readonly db: Db,
    private readonly users: UsersRepository,
    private readonly notifier: Notifier,
    private readonly now: () => number = Date.now,
  ) {}

  async review(callerUid: string, bookingId: number, body: ReviewBody): Promise<Review> {
    const booking = await marketBookingsRepository(this.db).find(bookingId);
    const isParty = booking && (booking.provider_uid === callerUid || booking.requester_uid === callerUid);
    if (!booking || !isParty || booking.status !== 'confirmed' || Number(booking.end_at) > this.now()) {
      throw noSuchBooking();
    }
    const subject = booking.provider_uid === callerUid ? booking.requester_uid : booking.provider_uid;
    const at = this.now();
    const existing = (await this.db<ReviewRow>('reviews')
      .where({ booking_id: bookingId, author_uid: callerUid })
      .first()) as ReviewRow | undefined;
    if (existing) {
      if (at - Number(existing.created_at) > REVIEW_EDIT_DAYS * DAY) {
        throw conflict('review/closed', `A review can be changed for ${REVIEW_EDIT_DAYS} days after it is written.`);
      }
      await this.db('reviews')
        .where({ id: existing.id })
        .update({ rating: body.rating, text: body.text, updated_at: at });
    } else {
      // The unique (booking, author) index stops a racing second review.
      await this.db('reviews')
        .insert({
          booking_id: bookingId,
          author_uid: callerUid,
          subject_uid: subject,
          rating: body.rating,
          text: body.text,
          created_at: at,
          updated_at: at,
        })
        .onConflict(['booking_id', 'author_uid'])
        .merge(['rating', 'text', 'updated_at']);
      await this.notifier.notify({
        userId: subject,
        kind: 'review-received',
        title: `You received a ${body.rating}-star review`,
        link: '/profile',
        data: { bookingId: String(bookingId) },
      });
    }
    await this.refreshRating(subject);
    const row = (await this.db<ReviewRow>('reviews').where({ booking_id: bookingId, author_uid: callerUid }).first())!;
    return this.view(row as ReviewRow);
  }

  async reply(callerUid: string, reviewId: number, text: string): Promise<Review> {
    const row = (await this.db<ReviewRow>('reviews').where({ id: reviewId }).first()) as ReviewRow | undefined;
    if (!row || row.subject_uid !== callerUid) throw notFound('review/not-found', 'No such review.');
    const changed = await this.db('reviews').where({ id: reviewId }).whereNull('reply').update({ reply: text });
    if (changed === 0) throw conflict('review/closed', 'You have already replied to this review.');
    return this.view({ ...row, reply: text });
  }

  /** A person's reviews, newest first, with their average and count. */
  async of(uid: string): Promise<{ rating: { average: number | null; count: number }; reviews: Review[] }> {
    const rows = (await this.db<ReviewRow>('reviews')
      .where({ subject_uid: uid })
      .orderBy('created_at', 'desc')
      .orderBy('id', 'desc')
      .limit(100)) as ReviewRow[];
    const summary = await this.db('market_people').where({ uid }).first('rating_avg', 'rating_count');
    const authors = new Map(
      (await this.users.findManyPublic([...new Set(rows.map((row) => row.author_uid))])).map((user) => [
        user.firebase_uid,
        user,
      ]),
    );
    return {
      rating: {
        average: summary?.rating_avg === null || summary === undefined ? null : Number(summary.rating_avg),
        count: Number(summary?.rating_count ?? 0),
      },
      reviews: rows.map((row) => this.viewWith(row, authors.get(row.author_uid))),
    };
  }

  private async refreshRating(uid: string): Promise<void> {
    const stats = await this.db('reviews')
      .where({ subject_uid: uid })
      .first(this.db.raw('AVG(rating) AS average'), this.db.raw('COUNT(*) AS count'));
    await this.db('market_people')
      .where({ uid })
      .update({
        rating_avg:
          stats?.average === null || stats?.average === undefined
            ? null
            : Math.round(Number(stats.average) * 100) / 100,
        rating_count: Number(stats?.count ?? 0),
      });
  }

  private async view(row: ReviewRow): Promise<Review> {
    return this.viewWith(row, await this.users.findPublic(row.author_uid));
  }

  private viewWith(row: ReviewRow, author: { user_name: string; user_username: string } | undefined): Review {
    return {
      id: String(row.id),
      bookingId: String(row.booking_id),
      author: { uid: row.author_uid, name: author?.user_name ?? '', username: author?.user_username ?? '' },
      subjectUid: row.subject_uid,
      rating: row.rating,
      text: row.text,
      reply: row.reply,
      createdAt: iso(row.created_at),
      updatedAt: iso(row.updated_at),
    };
  }
}
