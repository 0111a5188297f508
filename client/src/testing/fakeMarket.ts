import type { MarketBooking, Offer, Review, SearchResult, Slot } from '@riffroom/protocol';
import { vi } from 'vitest';
import type { MarketApi, MarketBookingInput } from '../services/api';

/** A mixing engineer in Berlin: one search card, one offer, two free slots next Monday. */
export const MIXER_CARD: SearchResult = {
  uid: 'mixer',
  name: 'Mia Mixer',
  username: 'mia',
  role: 'engineer',
  avatarUrl: '',
  genres: ['Latin', 'Pop'],
  rating: { average: 4.5, count: 2 },
  offer: { id: '7', kind: 'mixing', title: 'Latin mixing', typicalMinutes: 60 },
  rate: { amount: 120, currency: 'EUR', per: 'song' },
  nextFreeSlot: '2030-01-07T03:00:00.000-05:00',
};

export const MIXER_OFFER: Offer = {
  id: '7',
  ownerUid: 'mixer',
  kind: 'mixing',
  title: 'Latin mixing',
  description: 'Radio-ready reggaeton mixes.',
  genres: ['Latin', 'Pop'],
  remote: true,
  city: '',
  studioAddress: null,
  rate: { amount: 120, currency: 'EUR', per: 'song' },
  typicalMinutes: 60,
  equipment: [],
  paused: false,
  createdAt: '2030-01-01T00:00:00.000Z',
  updatedAt: '2030-01-01T00:00:00.000Z',
};

export const MIXER_SLOTS: Slot[] = [
  { start: '2030-01-07T03:00:00.000-05:00', end: '2030-01-07T04:00:00.000-05:00' },
  { start: '2030-01-07T03:30:00.000-05:00', end: '2030-01-07T04:30:00.000-05:00' },
];

/** A booking from the mixer's offer, between `requester` and the mixer; override what a test needs. */
export function makeMarketBooking(overrides: Partial<MarketBooking> = {}): MarketBooking {
  return {
    id: '41',
    status: 'pending',
    offer: { id: '7', kind: 'mixing', title: 'Latin mixing', rate: MIXER_OFFER.rate },
    requester: { uid: 'artist', name: 'Ana Artist', username: 'ana' },
    provider: { uid: 'mixer', name: 'Mia Mixer', username: 'mia' },
    startTime: '2030-01-07T08:00:00.000Z',
    endTime: '2030-01-07T09:00:00.000Z',
    message: 'A reggaeton single',
    proposedStartTime: null,
    proposedEndTime: null,
    reason: '',
    sessionId: null,
    createdAt: '2030-01-01T00:00:00.000Z',
    ...overrides,
  };
}

export function makeReview(overrides: Partial<Review> = {}): Review {
  return {
    id: '5',
    bookingId: '41',
    author: { uid: 'artist', name: 'Ana Artist', username: 'ana' },
    subjectUid: 'mixer',
    rating: 5,
    text: 'Great mix, fast turnaround.',
    reply: null,
    createdAt: '2030-01-08T00:00:00.000Z',
    updatedAt: '2030-01-08T00:00:00.000Z',
    ...overrides,
  };
}

export function fakeMarketApi(): MarketApi {
  return {
    search: vi.fn(async () => ({ results: [MIXER_CARD], page: 1, hasMore: false })),
    offersOf: vi.fn(async () => [MIXER_OFFER]),
    freeSlots: vi.fn(async () => MIXER_SLOTS),
    requestBooking: vi.fn(async (body: MarketBookingInput): Promise<MarketBooking> => ({
      id: '1',
      status: 'pending',
      offer: { id: body.offerId, kind: 'mixing', title: 'Latin mixing', rate: MIXER_OFFER.rate },
      requester: { uid: 'me', name: 'Me', username: 'me' },
      provider: { uid: 'mixer', name: 'Mia Mixer', username: 'mia' },
      startTime: body.startTime,
      endTime: body.endTime,
      message: body.message,
      proposedStartTime: null,
      proposedEndTime: null,
      reason: '',
      sessionId: null,
      createdAt: '2030-01-01T00:00:00.000Z',
    })),
    myBookings: vi.fn(async () => ({ incoming: [], outgoing: [] })),
    actOnBooking: vi.fn(async (id: string) => makeMarketBooking({ id })),
    reviewsOf: vi.fn(async () => ({ rating: { average: null, count: 0 }, reviews: [] })),
    review: vi.fn(async (bookingId: string, body: { rating: number; text: string }) =>
      makeReview({ bookingId, ...body }),
    ),
    reply: vi.fn(async (reviewId: string, text: string) => makeReview({ id: reviewId, reply: text })),
  };
}
