import type { MarketBooking, Offer, SearchResult, Slot } from '@riffroom/protocol';
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
  };
}
