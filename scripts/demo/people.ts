/**
 * The made-up network `npm run demo` puts on a box: a dozen people across the three roles, who
 * follows whom, a few conversations, sessions and bookings on the calendar, and operator events.
 * Times are offsets from the moment the command runs, so the calendar is always about this week.
 */
import type { ArtistType, Genre, UserRole } from '@riffroom/protocol';

/** Every demo account's email ends with this: easy to spot in any list, and never a real inbox. */
export const DEMO_EMAIL_DOMAIN = 'demo.riffroom.test';

export interface DemoPerson {
  username: string;
  name: string;
  role: UserRole;
  artistType: ArtistType;
  location: string;
  genres: Genre[];
  experience: string;
  recording: string;
  bio: string;
}

export const DEMO_PEOPLE: DemoPerson[] = [
  {
    username: 'maya.rivers',
    name: 'Maya Rivers',
    role: 'artist',
    artistType: 'solo',
    location: 'Bristol, UK',
    genres: ['Soul', 'R&B'],
    experience: 'Eight years of gigs, two self-released EPs.',
    recording: 'Home studio, Neumann TLM 102',
    bio: 'Singer-songwriter writing warm, slow-burning soul. Looking for a producer for the next EP.',
  },
  {
    username: 'the.lanterns',
    name: 'The Lanterns',
    role: 'artist',
    artistType: 'band',
    location: 'Leeds, UK',
    genres: ['Indie', 'Rock'],
    experience: 'Four-piece, touring the north since 2019.',
    recording: 'Rehearsal room, 8 inputs',
    bio: 'Guitar band with too many pedals. Recording our first album live in the room.',
  },
  {
    username: 'kofi.mensah',
    name: 'Kofi Mensah',
    role: 'artist',
    artistType: 'solo',
    location: 'London, UK',
    genres: ['Rap', 'Experimental'],
    experience: 'Two mixtapes, features on community radio.',
    recording: 'Bedroom booth',
    bio: 'Rapper and poet. Dense verses over broken beats.',
  },
  {
    username: 'lucia.ferro',
    name: 'Lucia Ferro',
    role: 'artist',
    artistType: 'solo',
    location: 'Lisbon, PT',
    genres: ['Jazz', 'Latin'],
    experience: 'Conservatory trained, plays weekly at a jazz club.',
    recording: 'None yet',
    bio: 'Jazz vocalist and pianist, bossa nova at heart.',
  },
  {
    username: 'dev.patel',
    name: 'Dev Patel',
    role: 'producer',
    artistType: '',
    location: 'Manchester, UK',
    genres: ['Electronic', 'Pop'],
    experience: 'Twelve years producing, credits on three charting singles.',
    recording: 'Ableton, Prophet-6, Juno-106',
    bio: 'Producer for pop and electronic artists. Fast turnarounds, lots of synths.',
  },
  {
    username: 'sam.okafor',
    name: 'Sam Okafor',
    role: 'producer',
    artistType: '',
    location: 'Lagos, NG',
    genres: ['Funk', 'Soul', 'R&B'],
    experience: 'Session bassist turned producer.',
    recording: 'Logic Pro, live room with a drum kit',
    bio: 'Grooves first. I produce records that sound like a band playing together.',
  },
  {
    username: 'ines.moreau',
    name: 'Inès Moreau',
    role: 'producer',
    artistType: '',
    location: 'Paris, FR',
    genres: ['Pop', 'Indie'],
    experience: 'Writer-producer for indie pop acts.',
    recording: 'Bitwig, a lot of tape',
    bio: 'I co-write and produce; I love a melody that sticks.',
  },
  {
    username: 'jonah.reed',
    name: 'Jonah Reed',
    role: 'producer',
    artistType: '',
    location: 'Nashville, US',
    genres: ['Country', 'Folk'],
    experience: 'Fifteen years of Nashville sessions.',
    recording: 'Pro Tools, a room full of acoustic guitars',
    bio: 'Producer and multi-instrumentalist for country and folk records.',
  },
  {
    username: 'alex.kim',
    name: 'Alex Kim',
    role: 'engineer',
    artistType: '',
    location: 'Berlin, DE',
    genres: ['Electronic', 'Experimental'],
    experience: 'Mix engineer, 200+ releases.',
    recording: 'Hybrid mix room, SSL bus compressor',
    bio: 'Mixing and stem mastering for electronic music. Send me your stems.',
  },
  {
    username: 'rosa.delgado',
    name: 'Rosa Delgado',
    role: 'engineer',
    artistType: '',
    location: 'Madrid, ES',
    genres: ['Latin', 'Pop', 'Rock'],
    experience: 'Recording engineer at a tracking studio for ten years.',
    recording: 'Studio A: Neve console, live room',
    bio: 'Tracking engineer. Bands, drums, big rooms.',
  },
  {
    username: 'tom.baker',
    name: 'Tom Baker',
    role: 'engineer',
    artistType: '',
    location: 'Glasgow, UK',
    genres: ['Rock', 'Metal', 'Blues'],
    experience: 'Live sound and studio mixing.',
    recording: 'Reaper, outboard compressors',
    bio: 'Loud guitars, tight drums. Mixing and mastering for rock bands.',
  },
  {
    username: 'hana.sato',
    name: 'Hana Sato',
    role: 'engineer',
    artistType: '',
    location: 'Tokyo, JP',
    genres: ['Classical', 'Jazz'],
    experience: 'Mastering engineer for acoustic and classical labels.',
    recording: 'Mastering suite, Pyramix',
    bio: 'Mastering with a light touch: dynamics kept, details clear.',
  },
];

/** Who follows whom, by username: follower first. */
export const DEMO_FOLLOWS: Array<[string, string]> = [
  ['maya.rivers', 'sam.okafor'],
  ['maya.rivers', 'dev.patel'],
  ['maya.rivers', 'hana.sato'],
  ['sam.okafor', 'maya.rivers'],
  ['the.lanterns', 'rosa.delgado'],
  ['the.lanterns', 'tom.baker'],
  ['rosa.delgado', 'the.lanterns'],
  ['kofi.mensah', 'dev.patel'],
  ['kofi.mensah', 'alex.kim'],
  ['dev.patel', 'kofi.mensah'],
  ['dev.patel', 'alex.kim'],
  ['alex.kim', 'dev.patel'],
  ['lucia.ferro', 'hana.sato'],
  ['lucia.ferro', 'sam.okafor'],
  ['ines.moreau', 'maya.rivers'],
  ['ines.moreau', 'the.lanterns'],
  ['jonah.reed', 'lucia.ferro'],
  ['tom.baker', 'the.lanterns'],
  ['hana.sato', 'lucia.ferro'],
];

/** Conversations: the two people and what they said, in order (the first speaker starts). */
export const DEMO_CONVERSATIONS: Array<{ between: [string, string]; lines: string[] }> = [
  {
    between: ['maya.rivers', 'sam.okafor'],
    lines: [
      'Hi Sam! Loved the bass on your last record. Would you produce two songs for my EP?',
      'Thank you! Send me the demos, I would love to hear them.',
      'Sent them over. "Low Tide" is the one I am most excited about.',
      'Listened twice already. Let us book a session next week and build the groove live.',
    ],
  },
  {
    between: ['the.lanterns', 'rosa.delgado'],
    lines: [
      'Rosa, we want to track the album live in the room. Do you have a free weekend this month?',
      'I do. Four of you plus amps fits Studio A easily. I will put a tracking day on my calendar.',
    ],
  },
  {
    between: ['kofi.mensah', 'dev.patel'],
    lines: [
      'That beat you posted on Friday: is it still free?',
      'It is yours if you want it. Come to the room on Thursday and we will cut the verses.',
      'Deal. I will bring the lyrics.',
    ],
  },
  {
    between: ['alex.kim', 'dev.patel'],
    lines: ['Stems for the single are in. Mix notes tomorrow?', 'Perfect, I will join your room at ten.'],
  },
];

/** Sessions on the calendar: host, title, type, genre, start (hours from now) and length (hours). */
export const DEMO_SESSIONS: Array<{
  host: string;
  title: string;
  type: 'collaboration' | 'recording' | 'mixing' | 'mastering' | 'songwriting' | 'other';
  genre: Genre;
  description: string;
  location: string;
  inHours: number;
  hours: number;
  visibility: 'public' | 'followers' | 'private';
}> = [
  {
    host: 'dev.patel',
    title: 'Beat making: open session',
    type: 'collaboration',
    genre: 'Electronic',
    description: 'Bring a sample, leave with a beat. Everyone welcome.',
    location: 'Online: Riffroom',
    inHours: 26,
    hours: 2,
    visibility: 'public',
  },
  {
    host: 'rosa.delgado',
    title: 'The Lanterns: live tracking day',
    type: 'recording',
    genre: 'Indie',
    description: 'Drums, bass and two guitars live; vocals overdubbed.',
    location: 'Studio A, Madrid',
    inHours: 72,
    hours: 8,
    visibility: 'public',
  },
  {
    host: 'alex.kim',
    title: 'Mix notes: single',
    type: 'mixing',
    genre: 'Electronic',
    description: 'Going through the mix with Dev.',
    location: 'Online: Riffroom',
    inHours: 40,
    hours: 1,
    visibility: 'followers',
  },
  {
    host: 'ines.moreau',
    title: 'Co-writing afternoon',
    type: 'songwriting',
    genre: 'Pop',
    description: 'Two songs from scratch, verse to bridge.',
    location: 'Online: Riffroom',
    inHours: 100,
    hours: 3,
    visibility: 'public',
  },
  {
    host: 'hana.sato',
    title: 'Mastering clinic',
    type: 'mastering',
    genre: 'Classical',
    description: 'Send a track in advance; we master it together and talk about loudness.',
    location: 'Online: Riffroom',
    inHours: 150,
    hours: 2,
    visibility: 'public',
  },
];

/** Booking requests: who asks whom, when (hours from now), and whether the target accepts. */
export const DEMO_BOOKINGS: Array<{
  from: string;
  to: string;
  title: string;
  message: string;
  inHours: number;
  hours: number;
  accept: boolean;
}> = [
  {
    from: 'maya.rivers',
    to: 'sam.okafor',
    title: 'EP session: Low Tide',
    message: 'Building the groove for Low Tide, as we said.',
    inHours: 50,
    hours: 3,
    accept: true,
  },
  {
    from: 'kofi.mensah',
    to: 'dev.patel',
    title: 'Verses on the Friday beat',
    message: 'Thursday works for me.',
    inHours: 76,
    hours: 2,
    accept: true,
  },
  {
    from: 'lucia.ferro',
    to: 'hana.sato',
    title: 'Mastering: live album',
    message: 'Six tracks recorded at the club. Could you master them?',
    inHours: 190,
    hours: 4,
    accept: false,
  },
];

/** Operator events every signed-in person sees on the calendar (days from now at 19:00 UTC). */
export const DEMO_EVENTS: Array<{ title: string; inDays: number; minutes: number }> = [
  { title: 'Open mic night (demo)', inDays: 2, minutes: 120 },
  { title: 'Listening party: new releases (demo)', inDays: 5, minutes: 90 },
  { title: 'Ask an engineer: mixing Q&A (demo)', inDays: 9, minutes: 60 },
];
