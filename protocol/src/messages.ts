import { z } from 'zod';
import { publicUserSchema, uidSchema } from './user.js';

export const MESSAGE_MAX_LENGTH = 4000;
export const MESSAGES_PAGE_DEFAULT = 50;
export const MESSAGES_PAGE_MAX = 200;
export const CONVERSATIONS_PAGE_DEFAULT = 50;
export const CONVERSATIONS_PAGE_MAX = 100;

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

/**
 * GET /api/messages/conversations/list. `before` is the `nextBefore` of the previous page: treat it
 * as opaque (it is the latest message id of the last conversation shown).
 */
export const conversationsPageQuerySchema = z.object({
  before: z
    .string()
    .regex(/^\d{1,15}$/, 'must be the nextBefore of a previous page')
    .optional(),
  limit: z.coerce.number().int().min(1).max(CONVERSATIONS_PAGE_MAX).default(CONVERSATIONS_PAGE_DEFAULT),
});
export type ConversationsPageQuery = z.infer<typeof conversationsPageQuerySchema>;

/** What the Recent Conversations list shows of a person: avatar, name, @username. No more is read. */
export const conversationUserSchema = publicUserSchema.pick({
  firebase_uid: true,
  user_name: true,
  user_username: true,
  profileImageUrl: true,
});
export type ConversationUser = z.infer<typeof conversationUserSchema>;
export const CONVERSATION_USER_COLUMNS = Object.keys(conversationUserSchema.shape) as (keyof ConversationUser)[];

export const conversationsResponseSchema = z.object({
  /** Most recent conversation first. */
  users: z.array(conversationUserSchema),
  /** Pass as `before` to load the next (older) page; null when there are none. */
  nextBefore: z.string().nullable(),
});
export type ConversationsResponse = z.infer<typeof conversationsResponseSchema>;
