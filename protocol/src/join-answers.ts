import { z } from 'zod';
import { joinRequestSchema } from './sessions.js';

/**
 * Answering join requests (issue 35, item 7): the session's host accepts (the requester becomes a
 * participant) or declines. Both sides list them in Booking Requests.
 */
export const JOIN_ANSWERS = ['accept', 'decline'] as const;
export const answerJoinRequestBodySchema = z.object({ action: z.enum(JOIN_ANSWERS) });
export type AnswerJoinRequestBody = z.infer<typeof answerJoinRequestBodySchema>;
export const joinRequestIdParamsSchema = z.object({ id: z.string().regex(/^\d{1,15}$/, 'must be a join request id') });

const personSchema = z.object({ uid: z.string(), name: z.string(), username: z.string() });

/** A join request with its session and the other side, as Booking Requests lists it. */
export const listedJoinRequestSchema = joinRequestSchema.extend({
  session: z.object({ title: z.string(), startTime: z.string(), endTime: z.string() }),
  requester: personSchema,
  host: personSchema,
});
export type ListedJoinRequest = z.infer<typeof listedJoinRequestSchema>;

/** Incoming: requests to join the caller's sessions; outgoing: the caller's own requests. Newest first. */
export const myJoinRequestsResponseSchema = z.object({
  incoming: z.array(listedJoinRequestSchema),
  outgoing: z.array(listedJoinRequestSchema),
});
export type MyJoinRequestsResponse = z.infer<typeof myJoinRequestsResponseSchema>;
export const joinRequestResponseSchema = z.object({ joinRequest: listedJoinRequestSchema });

export const joinAnswerRoutes = {
  myJoinRequests: { method: 'GET', path: '/sessions/join-requests/mine', response: myJoinRequestsResponseSchema },
  answerJoinRequest: {
    method: 'PATCH',
    path: '/sessions/join-requests/:id',
    body: answerJoinRequestBodySchema,
    response: joinRequestResponseSchema,
  },
} as const;
