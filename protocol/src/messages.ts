import { z } from 'zod';
import { uidSchema } from './user.js';

export const MESSAGE_MAX_LENGTH = 4000;
export const MESSAGES_PAGE_DEFAULT = 50;
export const MESSAGES_PAGE_MAX = 200;

export const sendMessageBodySchema = z.object({
  to_uid: uidSchema,
  content: z
    .string()
    .trim()
    .min(1, 'must not be blank')
    .max(MESSAGE_MAX_LENGTH, `must be at most ${MESSAGE_MAX_LENGTH} characters`),
});
export type SendMessageBody = z.infer<typeof sendMessageBodySchema>;

export const markReadBodySchema = z.object({ from: uidSchema });
export type MarkReadBody = z.infer<typeof markReadBodySchema>;

/** `before` is the `_id` of the oldest message already shown; pages walk back in time. */
export const messagesPageQuerySchema = z.object({
  before: z.string().regex(/^\d+$/, 'must be a message id').optional(),
  limit: z.coerce.number().int().min(1).max(MESSAGES_PAGE_MAX).default(MESSAGES_PAGE_DEFAULT),
});
export type MessagesPageQuery = z.infer<typeof messagesPageQuerySchema>;

export const messageSchema = z.object({
  _id: z.string(),
  from_uid: z.string(),
  to_uid: z.string(),
  content: z.string(),
  /** ISO 8601. */
  createdAt: z.string(),
});
export type Message = z.infer<typeof messageSchema>;

export const messagesResponseSchema = z.object({
  /** Oldest first within the page. */
  messages: z.array(messageSchema),
  /** Pass as `before` to load the page of older messages; null when there are none. */
  nextBefore: z.string().nullable(),
});
export type MessagesResponse = z.infer<typeof messagesResponseSchema>;

export const unreadCountSchema = z.object({ _id: z.string(), count: z.number().int().nonnegative() });
export type UnreadCount = z.infer<typeof unreadCountSchema>;
export const unreadResponseSchema = z.object({ unreadCounts: z.array(unreadCountSchema) });
export type UnreadResponse = z.infer<typeof unreadResponseSchema>;
