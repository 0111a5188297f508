/**
 * What the demo's producers and engineers offer on the marketplace (issue 35), and the working hours
 * their free slots come from, each in the person's own time zone: Book Session finds them by kind,
 * genre, rate and "free next week" from the first minute.
 */
import type { AvailabilityInput, OfferInput } from '@riffroom/protocol';

const weekdays = (start: string, end: string) => [1, 2, 3, 4, 5].map((day) => ({ day, start, end }));

/** Working hours by username: every demo provider has some, so every card shows a next free slot. */
export const DEMO_HOURS: Record<string, AvailabilityInput> = {
  'dev.patel': {
    timeZone: 'Europe/London',
    weeklyHours: weekdays('10:00', '18:00'),
    bufferMinutes: 30,
    blockedDays: [],
  },
  'sam.okafor': {
    timeZone: 'Africa/Lagos',
    weeklyHours: weekdays('12:00', '20:00'),
    bufferMinutes: 15,
    blockedDays: [],
  },
  'ines.moreau': {
    timeZone: 'Europe/Paris',
    weeklyHours: [...weekdays('09:00', '13:00'), { day: 6, start: '10:00', end: '16:00' }],
    bufferMinutes: 0,
    blockedDays: [],
  },
  'jonah.reed': {
    timeZone: 'America/Chicago',
    weeklyHours: weekdays('09:00', '17:00'),
    bufferMinutes: 30,
    blockedDays: [],
  },
  'alex.kim': {
    timeZone: 'Europe/Berlin',
    weeklyHours: weekdays('14:00', '22:00'),
    bufferMinutes: 15,
    blockedDays: [],
  },
  'rosa.delgado': {
    timeZone: 'Europe/Madrid',
    weeklyHours: weekdays('10:00', '19:00'),
    bufferMinutes: 30,
    blockedDays: [],
  },
  'tom.baker': {
    timeZone: 'Europe/London',
    weeklyHours: weekdays('11:00', '23:00'),
    bufferMinutes: 60,
    blockedDays: [],
  },
  'hana.sato': { timeZone: 'Asia/Tokyo', weeklyHours: weekdays('09:00', '18:00'), bufferMinutes: 0, blockedDays: [] },
};

export const DEMO_OFFERS: Array<{ owner: string; offer: OfferInput }> = [
  {
    owner: 'dev.patel',
    offer: {
      kind: 'production',
      title: 'Electronic and pop production, from demo to release',
      description: 'Send a voice memo or a rough demo; I build the track around it in Ableton with you in the room.',
      genres: ['Electronic', 'Pop'],
      remote: true,
      rate: { amount: 350, currency: 'GBP', per: 'song' },
      typicalMinutes: 180,
    },
  },
  {
    owner: 'sam.okafor',
    offer: {
      kind: 'production',
      title: 'Live-band funk and soul grooves',
      description: 'Bass, keys and drum programming that feels played, because it is.',
      genres: ['Funk', 'Soul', 'R&B'],
      remote: true,
      rate: { amount: 60, currency: 'USD', per: 'hour' },
      typicalMinutes: 120,
    },
  },
  {
    owner: 'ines.moreau',
    offer: {
      kind: 'songwriting',
      title: 'Co-writing for pop and indie artists',
      description: 'Toplines, lyrics in English and French, and an honest second opinion on the chorus.',
      genres: ['Pop', 'Indie'],
      remote: true,
      rate: { amount: 200, currency: 'EUR', per: 'song' },
      typicalMinutes: 120,
    },
  },
  {
    owner: 'jonah.reed',
    offer: {
      kind: 'session-musician',
      title: 'Pedal steel and acoustic guitar sessions',
      description: 'Tracked at my place in Nashville and delivered as dry and treated stems.',
      genres: ['Country', 'Folk'],
      remote: true,
      rate: { amount: 150, currency: 'USD', per: 'song' },
      typicalMinutes: 90,
    },
  },
  {
    owner: 'alex.kim',
    offer: {
      kind: 'mixing',
      title: 'Mixing electronic and experimental records',
      description: 'In the box with a few outboard favourites; two revisions included.',
      genres: ['Electronic', 'Experimental'],
      remote: true,
      rate: { amount: 180, currency: 'EUR', per: 'song' },
      typicalMinutes: 120,
    },
  },
  {
    owner: 'rosa.delgado',
    offer: {
      kind: 'mixing',
      title: 'Mezcla para música latina, pop y rock',
      description: 'Latin, pop and rock mixes that translate from phones to clubs. Attended sessions welcome.',
      genres: ['Latin', 'Pop', 'Rock'],
      remote: true,
      rate: { amount: 45, currency: 'EUR', per: 'hour' },
      typicalMinutes: 180,
    },
  },
  {
    owner: 'rosa.delgado',
    offer: {
      kind: 'studio-time',
      title: 'Live room in Madrid, engineer included',
      description: 'A 40 m² live room with a vocal booth, for bands and singers.',
      genres: ['Latin', 'Pop', 'Rock'],
      remote: false,
      city: 'Madrid',
      studioAddress: 'Calle del Pez 12, 28004 Madrid',
      rate: { amount: 55, currency: 'EUR', per: 'hour' },
      typicalMinutes: 240,
      equipment: ['Neve 1073 preamps', 'Neumann U87', 'Yamaha C3 grand piano'],
    },
  },
  {
    owner: 'tom.baker',
    offer: {
      kind: 'recording',
      title: 'Loud guitars, real amps: rock and metal tracking',
      description: 'Reamping and tracking through a wall of amps; you direct from the session room.',
      genres: ['Rock', 'Metal', 'Blues'],
      remote: true,
      rate: { amount: 40, currency: 'GBP', per: 'hour' },
      typicalMinutes: 120,
    },
  },
  {
    owner: 'hana.sato',
    offer: {
      kind: 'mastering',
      title: 'Mastering for classical and jazz',
      description: 'Dynamic, unhurried masters; loudness targets for every platform on request.',
      genres: ['Classical', 'Jazz'],
      remote: true,
      rate: { amount: 25000, currency: 'JPY', per: 'song' },
      typicalMinutes: 60,
    },
  },
];
