/**
 * Sessions the demo's artists booked from offers and have had (issue 35), each reviewed, some
 * answered: Book Session's cards and the providers' profiles show ratings from the first minute.
 * Only the two parties of a finished confirmed booking may review, so the seeding books a free
 * slot through the API, confirms it, moves the finished session into the past and then reviews.
 */
export interface DemoReview {
  /** The artist who booked and reviews. */
  from: string;
  /** The provider whose first offer was booked. */
  provider: string;
  /** How many days ago the session took place. */
  daysAgo: number;
  rating: number;
  text: string;
  /** The provider's public reply, if they gave one. */
  reply?: string;
}

export const DEMO_REVIEWS: DemoReview[] = [
  {
    from: 'maya.rivers',
    provider: 'dev.patel',
    daysAgo: 12,
    rating: 5,
    text: 'Turned a voice memo into a finished pop track in one long session. Patient with every change.',
    reply: 'Thanks Maya, that chorus was a joy to build. Ready for the next one.',
  },
  {
    from: 'kofi.mensah',
    provider: 'sam.okafor',
    daysAgo: 9,
    rating: 5,
    text: 'The mix finally has the low end the Afrobeats songs needed, and the stems came back labelled.',
  },
  {
    from: 'lucia.ferro',
    provider: 'ines.moreau',
    daysAgo: 6,
    rating: 4,
    text: 'Careful, musical mastering. One revision took a couple of days longer than planned.',
    reply: 'Fair point, the second pass waited on a new reference. Thank you for the patience.',
  },
  {
    from: 'the.lanterns',
    provider: 'rosa.delgado',
    daysAgo: 3,
    rating: 5,
    text: 'Great room, great gear, and Rosa had the drums sounding huge before lunch.',
  },
];
