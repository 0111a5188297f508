import {
  restRoutes,
  type BookingRequestBody,
  type CalendarEntry,
  type IncomingBooking,
  type JoinRequest,
  type ListedJoinRequest,
  type MyBookingsResponse,
  type MyJoinRequestsResponse,
  type OutgoingBooking,
  type Session,
  type SessionInput,
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
  /** Requests to join the caller's sessions (incoming) and the caller's own (outgoing). */
  myJoinRequests(): Promise<MyJoinRequestsResponse>;
  answerJoinRequest(id: string, action: BookingAction): Promise<ListedJoinRequest>;
}

export function createSessionsApi(http: HttpClient): SessionsApi {
  return {
    async create(body) {
      return (await http.authed(restRoutes.createSession, { body })).session;
    },
    async update(id, body) {
      return (await http.authed(restRoutes.updateSession, { params: { id }, body })).session;
    },
    async cancel(id) {
      await http.authed(restRoutes.cancelSession, { params: { id } });
    },
    ofUser(uid) {
      return http.authed(restRoutes.userSessions, { params: { uid } });
    },
    async requestBooking(body) {
      return (await http.authed(restRoutes.requestBooking, { body })).booking;
    },
    async respondBooking(id, action) {
      return (await http.authed(restRoutes.respondBooking, { params: { id }, body: { action } })).booking;
    },
    myBookings() {
      return http.authed(restRoutes.myBookings);
    },
    async requestToJoin(sessionId, message) {
      return (await http.authed(restRoutes.requestToJoin, { params: { id: sessionId }, body: { message } }))
        .joinRequest;
    },
    myJoinRequests() {
      return http.authed(restRoutes.myJoinRequests);
    },
    async answerJoinRequest(id, action) {
      return (await http.authed(restRoutes.answerJoinRequest, { params: { id }, body: { action } })).joinRequest;
    },
  };
}
