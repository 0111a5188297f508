import type {
  BookingRequestBody,
  CalendarEntry,
  IncomingBooking,
  JoinRequest,
  MyBookingsResponse,
  OutgoingBooking,
  Session,
  SessionInput,
} from '@riffroom/protocol';
import type { HttpClient } from './http';

export type BookingAction = 'accept' | 'decline';
export type BookingRequestInput = Omit<BookingRequestBody, 'message' | 'title'> & { message?: string; title?: string };

/** The calendar calls of spec part 7, at their paths (no /api prefix). */
export interface SessionsApi {
  create(body: SessionInput): Promise<Session>;
  update(id: string, body: SessionInput): Promise<Session>;
  cancel(id: string): Promise<void>;
  /** A user's calendar as the caller may see it: full sessions and 'Busy' blocks. */
  ofUser(uid: string): Promise<CalendarEntry[]>;
  requestBooking(body: BookingRequestInput): Promise<OutgoingBooking>;
  respondBooking(id: string, action: BookingAction): Promise<IncomingBooking>;
  myBookings(): Promise<MyBookingsResponse>;
  requestToJoin(sessionId: string, message: string): Promise<JoinRequest>;
}

const enc = encodeURIComponent;

export function createSessionsApi(http: HttpClient): SessionsApi {
  return {
    async create(body) {
      return (await http.authed<{ session: Session }>('/sessions/create', { method: 'POST', body })).session;
    },
    async update(id, body) {
      return (await http.authed<{ session: Session }>(`/sessions/${enc(id)}`, { method: 'PUT', body })).session;
    },
    async cancel(id) {
      await http.authed<void>(`/sessions/${enc(id)}`, { method: 'DELETE' });
    },
    ofUser(uid) {
      return http.authed<CalendarEntry[]>(`/sessions/user/${enc(uid)}`);
    },
    async requestBooking(body) {
      const path = '/sessions/request-booking';
      return (await http.authed<{ booking: OutgoingBooking }>(path, { method: 'POST', body })).booking;
    },
    async respondBooking(id, action) {
      const path = `/sessions/respond-booking/${enc(id)}`;
      return (await http.authed<{ booking: IncomingBooking }>(path, { method: 'PATCH', body: { action } })).booking;
    },
    myBookings() {
      return http.authed<MyBookingsResponse>('/sessions/my-bookings');
    },
    async requestToJoin(sessionId, message) {
      const path = `/sessions/${enc(sessionId)}/join-request`;
      return (await http.authed<{ joinRequest: JoinRequest }>(path, { method: 'POST', body: { message } })).joinRequest;
    },
  };
}
