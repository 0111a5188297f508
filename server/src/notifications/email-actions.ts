import type { EmailActionBody } from '@riffroom/protocol';
import { notFound } from '../errors.js';
import type { EmailLinksRepository } from '../repositories/email-links.js';
import type { BookingService } from '../services/bookings.js';
import { BOOKING_ANSWER_PURPOSE, hashToken } from './mail/mail-outbox.js';

const invalidLink = () =>
  notFound('email-link/invalid', 'This link has expired or was already used. Open Riffroom to answer.');

/**
 * What a booking email's link does: answers the booking as the person it was mailed to. The link
 * is used up by the first answer, and the booking's own rules (only its target, only once) still
 * apply, so a forwarded or replayed link can do no more than that person could.
 */
export class EmailActions {
  constructor(
    private readonly links: EmailLinksRepository,
    private readonly bookings: BookingService,
    private readonly now: () => number = Date.now,
  ) {}

  async answer({ token, action }: EmailActionBody): Promise<void> {
    const link = await this.links.redeem(hashToken(token), this.now());
    if (!link || link.purpose !== BOOKING_ANSWER_PURPOSE) throw invalidLink();
    await this.bookings.respond(link.user_uid, link.subject_id, { action });
  }
}
