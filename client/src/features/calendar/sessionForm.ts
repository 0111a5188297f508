import {
  DEFAULT_SESSION_TYPE,
  DEFAULT_SESSION_VISIBILITY,
  type Session,
  type SessionInput,
  type SessionType,
  type SessionVisibility,
} from '@riffroom/protocol';
import { format } from 'date-fns';

/** What the Create and Edit Session forms hold: text, as the inputs give it. */
export interface SessionFormValues {
  title: string;
  description: string;
  /** datetime-local values, in the viewer's zone. */
  start: string;
  end: string;
  visibility: SessionVisibility;
  type: SessionType;
  location: string;
  genre: string;
  price: string;
  maxParticipants: string;
  /** Comma-separated (spec part 5). */
  equipment: string;
}

export const MESSAGES = {
  required: 'Please fill in all required fields.',
  endBeforeStart: 'End time must be after start time.',
  bookingTimes: 'Please select start and end times.',
} as const;

/** The next full hour and the hour after it: what the New session and Book time forms start from. */
export function nextHour(now = new Date()): { start: Date; end: Date } {
  const start = new Date(now);
  start.setHours(now.getHours() + 1, 0, 0, 0);
  return { start, end: new Date(start.getTime() + 60 * 60_000) };
}

export const toLocalInput = (date: Date) => format(date, "yyyy-MM-dd'T'HH:mm");

export function emptySessionForm(start: Date, end: Date): SessionFormValues {
  return {
    title: '',
    description: '',
    start: toLocalInput(start),
    end: toLocalInput(end),
    visibility: DEFAULT_SESSION_VISIBILITY,
    type: DEFAULT_SESSION_TYPE,
    location: '',
    genre: '',
    price: '',
    maxParticipants: '',
    equipment: '',
  };
}

export function sessionFormFrom(session: Session): SessionFormValues {
  return {
    title: session.title,
    description: session.description,
    start: toLocalInput(new Date(session.startTime)),
    end: toLocalInput(new Date(session.endTime)),
    visibility: session.visibility,
    type: session.type,
    location: session.location,
    genre: session.genre,
    price: String(session.price),
    maxParticipants: session.maxParticipants === null ? '' : String(session.maxParticipants),
    equipment: session.equipment.join(', '),
  };
}

/** Spec part 5's end-after-start rule, shared by sessions and bookings; null when fine. */
export function timeOrderError(start: string, end: string): string | null {
  return new Date(end).getTime() > new Date(start).getTime() ? null : MESSAGES.endBeforeStart;
}

/** The alert spec part 5 asks for, or null when the form may be sent. */
export function validateSessionForm(values: SessionFormValues): string | null {
  if (!values.title.trim() || !values.start || !values.end) return MESSAGES.required;
  return timeOrderError(values.start, values.end);
}

/** Spec part 5: price a number (default 0), max participants a number or null, equipment split and trimmed. */
export function sessionBodyFrom(values: SessionFormValues): SessionInput {
  return {
    title: values.title.trim(),
    description: values.description.trim(),
    startTime: new Date(values.start).toISOString(),
    endTime: new Date(values.end).toISOString(),
    visibility: values.visibility,
    type: values.type,
    location: values.location.trim(),
    genre: values.genre.trim(),
    price: values.price.trim() === '' ? 0 : Number(values.price),
    maxParticipants: values.maxParticipants.trim() === '' ? null : Number(values.maxParticipants),
    equipment: values.equipment
      .split(',')
      .map((item) => item.trim())
      .filter(Boolean),
  };
}
