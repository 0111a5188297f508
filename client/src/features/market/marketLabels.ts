import type { OfferKind, Rate, RatingSummary } from '@riffroom/protocol';

export const KIND_LABELS: Record<OfferKind, string> = {
  mixing: 'Mixing',
  mastering: 'Mastering',
  recording: 'Recording',
  production: 'Production',
  songwriting: 'Songwriting',
  'session-musician': 'Session musician',
  'studio-time': 'Studio time',
  other: 'Other',
};

/** "120 EUR / song": the rate is agreed between the two, never charged here. */
export const formatRate = (rate: Rate) => `${rate.amount} ${rate.currency} / ${rate.per}`;

export const formatRating = (rating: RatingSummary) =>
  rating.average === null ? 'No reviews yet' : `★ ${rating.average.toFixed(1)} (${rating.count})`;

/** The viewer's own IANA zone: slots are asked for, and shown, in it. */
export const viewerZone = () => Intl.DateTimeFormat().resolvedOptions().timeZone;

/** An instant as the viewer reads it: weekday, date and time in their zone. */
export function formatSlot(instant: string): string {
  return new Intl.DateTimeFormat(undefined, {
    weekday: 'short',
    month: 'short',
    day: 'numeric',
    hour: '2-digit',
    minute: '2-digit',
    timeZone: viewerZone(),
  }).format(new Date(instant));
}
