/**
 * The one way a service tells a person that something happened (design.md §9): a row in their
 * notification centre, a live toast on whichever node holds their sockets (the event bus), and an
 * email when they have an address, the box has SMTP and their preferences allow that kind.
 * Services (bookings, marketplace, projects) depend on this interface only; the notification
 * centre implements it, so a service never knows how or where the person is reached.
 */
export interface NotificationInput {
  /** Who is told: the person's firebase_uid (always from a verified token or the database). */
  userId: string;
  /** What happened, e.g. 'booking-requested' or 'project-invited'; the kinds are listed in protocol/. */
  kind: string;
  /** One line for the centre, the toast and the email subject. */
  title: string;
  /** Where the item leads in the app (a client route such as '/dashboard?section=bookings'). */
  link: string;
  /** Kind-specific details the client may show; never secrets or tokens. */
  data?: Record<string, unknown>;
}

export interface Notifier {
  /** Records and delivers; never throws for delivery failures (mail retries on its own queue). */
  notify(input: NotificationInput): Promise<void>;
}
