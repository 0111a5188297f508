import { z } from 'zod';
import { multiLineText, singleLineText } from './text.js';
import { uidSchema } from './user.js';

/** Spec part 3, 'Session'; defaults of spec part 9. */
export const SESSION_VISIBILITIES = ['public', 'followers', 'private'] as const;
export type SessionVisibility = (typeof SESSION_VISIBILITIES)[number];
export const SESSION_TYPES = ['collaboration', 'recording', 'mixing', 'mastering', 'songwriting', 'other'] as const;
export type SessionType = (typeof SESSION_TYPES)[number];
export const SESSION_STATUSES = ['pending', 'confirmed'] as const;
export type SessionStatus = (typeof SESSION_STATUSES)[number];
export const BOOKING_STATUSES = ['pending', 'accepted', 'declined'] as const;
export type BookingStatus = (typeof BOOKING_STATUSES)[number];

export const DEFAULT_SESSION_TYPE: SessionType = 'collaboration';
export const DEFAULT_SESSION_VISIBILITY: SessionVisibility = 'public';
/** What a private session of someone else shows instead of its title (spec part 4). */
export const BUSY_TITLE = 'Busy';
/** Title of a confirmed booking when the requester gave none. */
export const DEFAULT_BOOKING_TITLE = 'Booked session';

/** An instant on the wire: ISO 8601 with a zone (what Date#toISOString gives). */
export const instantSchema = z.iso.datetime({ offset: true });

const endAfterStart = <T extends { startTime: string; endTime: string }>(value: T) =>
  Date.parse(value.endTime) > Date.parse(value.startTime);
const endAfterStartIssue = { message: 'must be after startTime', path: ['endTime'] };

/** POST /sessions/create and PUT /sessions/{id}: the same body (spec part 7). */
export const sessionBodySchema = z
  .object({
    title: singleLineText().min(1, 'is required').max(200),
    description: multiLineText().max(4000).default(''),
    startTime: instantSchema,
    endTime: instantSchema,
    visibility: z.enum(SESSION_VISIBILITIES).default(DEFAULT_SESSION_VISIBILITY),
    type: z.enum(SESSION_TYPES).default(DEFAULT_SESSION_TYPE),
    location: singleLineText().max(200).default(''),
    genre: singleLineText().max(100).default(''),
    price: z.number().nonnegative().max(1_000_000_000).default(0),
    maxParticipants: z.number().int().positive().max(100_000).nullable().default(null),
    equipment: z.array(singleLineText().min(1, 'must not be blank').max(200)).max(100).default([]),
  })
  .refine(endAfterStart, endAfterStartIssue);
export type SessionBody = z.infer<typeof sessionBodySchema>;
export type SessionInput = z.input<typeof sessionBodySchema>;

export const sessionIdParamsSchema = z.object({ id: z.string().regex(/^\d{1,15}$/, 'must be a session id') });
export const bookingIdParamsSchema = z.object({ id: z.string().regex(/^\d{1,15}$/, 'must be a booking id') });

/** A session its reader may see in full. */
export const sessionSchema = z.object({
  _id: z.string(),
  /** firebase_uid of the owner: sessions are addressed by the host (spec part 3). */
  host: z.string(),
  /** firebase_uid of the user who booked it, for a session born from an accepted booking. */
  bookedBy: z.string().nullable(),
  title: z.string(),
  description: z.string(),
  startTime: z.string(),
  endTime: z.string(),
  visibility: z.enum(SESSION_VISIBILITIES),
  type: z.enum(SESSION_TYPES),
  location: z.string(),
  genre: z.string(),
  price: z.number(),
  maxParticipants: z.number().nullable(),
  equipment: z.array(z.string()),
  status: z.enum(SESSION_STATUSES),
});
export type Session = z.infer<typeof sessionSchema>;

/** Someone else's private session: when, and nothing else. */
export const busyBlockSchema = z.object({
  busy: z.literal(true),
  title: z.literal(BUSY_TITLE),
  startTime: z.string(),
  endTime: z.string(),
});
export type BusyBlock = z.infer<typeof busyBlockSchema>;

/** GET /sessions/user/{firebase_uid}. */
export const calendarEntrySchema = z.union([sessionSchema, busyBlockSchema]);
export type CalendarEntry = z.infer<typeof calendarEntrySchema>;
export const userSessionsResponseSchema = z.array(calendarEntrySchema);

/** POST /sessions/request-booking (spec part 3: targetUser, startTime, endTime, message). */
export const bookingRequestBodySchema = z
  .object({
    targetUser: uidSchema,
    startTime: instantSchema,
    endTime: instantSchema,
    message: multiLineText().max(2000).default(''),
    /** Beyond the spec: a name for the session; DEFAULT_BOOKING_TITLE when blank. */
    title: singleLineText().max(200).default(''),
  })
  .refine(endAfterStart, endAfterStartIssue);
export type BookingRequestBody = z.infer<typeof bookingRequestBodySchema>;

export const BOOKING_ACTIONS = ['accept', 'decline'] as const;
export const respondBookingBodySchema = z.object({ action: z.enum(BOOKING_ACTIONS) });
export type RespondBookingBody = z.infer<typeof respondBookingBodySchema>;

const userRefSchema = z.object({ firebase_uid: z.string(), user_username: z.string(), user_name: z.string() });
export type UserRef = z.infer<typeof userRefSchema>;

export const bookingRequestSchema = z.object({
  _id: z.string(),
  title: z.string(),
  message: z.string(),
  startTime: z.string(),
  endTime: z.string(),
  status: z.enum(BOOKING_STATUSES),
  /** The session an accepted request became. */
  sessionId: z.string().nullable(),
  createdAt: z.string(),
});
export const incomingBookingSchema = bookingRequestSchema.extend({ requestedBy: userRefSchema.nullable() });
export const outgoingBookingSchema = bookingRequestSchema.extend({ host: userRefSchema.nullable() });
export type IncomingBooking = z.infer<typeof incomingBookingSchema>;
export type OutgoingBooking = z.infer<typeof outgoingBookingSchema>;

/** GET /sessions/my-bookings. */
export const myBookingsResponseSchema = z.object({
  incoming: z.array(incomingBookingSchema),
  outgoing: z.array(outgoingBookingSchema),
});
export type MyBookingsResponse = z.infer<typeof myBookingsResponseSchema>;

/** POST /sessions/{id}/join-request (spec part 3: message). */
export const joinRequestBodySchema = z.object({ message: multiLineText().max(2000).default('') });
export type JoinRequestBody = z.infer<typeof joinRequestBodySchema>;

/** A join request waits (pending) until the session's host accepts or declines it (issue 35, item 7). */
export const joinRequestSchema = z.object({
  _id: z.string(),
  sessionId: z.string(),
  message: z.string(),
  status: z.enum(BOOKING_STATUSES),
  createdAt: z.string(),
});
export type JoinRequest = z.infer<typeof joinRequestSchema>;
