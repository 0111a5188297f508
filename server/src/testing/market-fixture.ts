import type { JsonCall } from './test-api.js';

/**
 * The marketplace set-up several test files share: an offer from a provider who works around the
 * clock, and a booking of it confirmed from request to accept, through the real routes.
 */

const MINUTE = 60_000;

interface Caller {
  idToken: string;
}

/** A fixed-offset zone where it is about noon now: a slot starting within hours is in working hours. */
export function zoneAtNoon(): string {
  const offset = 12 - new Date().getUTCHours();
  return offset >= 0 ? `Etc/GMT-${offset}` : `Etc/GMT+${-offset}`;
}

/** Publishes a 30-minute remote offer of `provider` and opens all their days, 00:00 to 24:00. Returns the offer's id. */
export async function publishAllDayOffer(api: { call: JsonCall }, provider: Caller, title = 'Vocal session') {
  const offer = await api.call('POST', '/api/offers/create', {
    token: provider.idToken,
    body: {
      kind: 'recording',
      title,
      remote: true,
      genres: ['Pop'],
      rate: { amount: 40, currency: 'EUR', per: 'hour' },
      typicalMinutes: 30,
    },
  });
  if (offer.status !== 201) throw new Error(`offer failed: ${JSON.stringify(offer.body)}`);
  const everyDay = [1, 2, 3, 4, 5, 6, 7].map((day) => ({ day, start: '00:00', end: '24:00' }));
  const hours = await api.call('PUT', '/api/availability/mine', {
    token: provider.idToken,
    body: { timeZone: zoneAtNoon(), weeklyHours: everyDay, blockedDays: [], bufferMinutes: 0 },
  });
  if (hours.status !== 200) throw new Error(`working hours failed: ${JSON.stringify(hours.body)}`);
  return offer.body.offer.id as string;
}

/**
 * A booking of `offerId` that `requester` asks for, starting `startsInMs` from now (on a whole
 * minute) for `minutes`, which its provider accepts. Returns the confirmed booking as the API shows it.
 */
export async function confirmedBooking(
  api: { call: JsonCall },
  { offerId, requester, provider }: { offerId: string; requester: Caller; provider: Caller },
  startsInMs: number,
  minutes = 30,
) {
  const start = Math.ceil((Date.now() + startsInMs) / MINUTE) * MINUTE;
  const created = await api.call('POST', '/api/market/bookings/create', {
    token: requester.idToken,
    body: {
      offerId,
      startTime: new Date(start).toISOString(),
      endTime: new Date(start + minutes * MINUTE).toISOString(),
      message: 'Vocal comping',
    },
  });
  if (created.status !== 201) throw new Error(`booking request failed: ${JSON.stringify(created.body)}`);
  const accepted = await api.call('PATCH', `/api/market/bookings/${created.body.booking.id}`, {
    token: provider.idToken,
    body: { action: 'accept' },
  });
  if (accepted.body.booking?.status !== 'confirmed') throw new Error(`accept failed: ${JSON.stringify(accepted.body)}`);
  return accepted.body.booking as {
    id: string;
    sessionId: string;
    startTime: string;
    endTime: string;
    roomOpensAt: string;
    participants?: { uid: string; username: string }[];
  };
}
