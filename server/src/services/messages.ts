import type {
  ConversationsResponse,
  Message,
  MessagesResponse,
  SendMessageBody,
  UnreadCount,
} from '@riffroom/protocol';
import { badRequest, notFound } from '../errors.js';
import type { TransactionQueries } from '../db/transaction.js';
import type { EventBus } from '../events/event-bus.js';
import type { MessagesRepository } from '../repositories/messages.js';
import type { UsersRepository } from '../repositories/users.js';

/**
 * Direct messages. Every query is scoped to the caller's own uid, so a message is reachable only
 * by its two parties: nothing here takes "whose messages" from the request.
 */
export class MessageService {
  constructor(
    private readonly messages: MessagesRepository,
    private readonly users: UsersRepository,
    private readonly bus: EventBus,
    private readonly now: () => number = Date.now,
  ) {}

  /** `alongside` writes in the message's own transaction: both are stored, or neither. */
  async send(
    fromUid: string,
    body: SendMessageBody,
    alongside?: (tx: TransactionQueries) => Promise<void>,
  ): Promise<Message> {
    if (body.to_uid === fromUid) {
      throw badRequest('message/invalid-recipient', 'to_uid: you cannot send a message to yourself');
    }
    const existing = await this.users.existing([body.to_uid, fromUid]);
    if (!existing.has(body.to_uid)) throw notFound('message/invalid-recipient', 'to_uid: no such user');
    if (!existing.has(fromUid)) throw notFound('user/not-found', 'Create your profile before sending messages.');
    const message = await this.messages.insert(fromUid, body.to_uid, body.content, this.now(), alongside);
    this.bus.publish({ type: 'new-message', toUid: body.to_uid, message });
    return message;
  }

  async conversation(callerUid: string, otherUid: string, limit: number, before?: string): Promise<MessagesResponse> {
    // One extra row tells whether an older page exists without a second query.
    const rows = await this.messages.page(callerUid, otherUid, limit + 1, before ? Number(before) : undefined);
    const hasOlder = rows.length > limit;
    const messages = hasOlder ? rows.slice(1) : rows;
    return { messages, nextBefore: hasOlder ? (messages[0]?._id ?? null) : null };
  }

  /** The caller's conversation partners, most recent first, one page from the `before` cursor. */
  async conversationUsers(callerUid: string, limit: number, before?: string): Promise<ConversationsResponse> {
    // As for messages: one extra row tells whether another page exists.
    const rows = await this.messages.conversationsPage(callerUid, limit + 1, before ? Number(before) : undefined);
    const page = rows.slice(0, limit);
    return {
      users: page.map((row) => row.user),
      nextBefore: rows.length > limit ? String(page[page.length - 1]!.lastMessageId) : null,
    };
  }

  unreadCounts(callerUid: string): Promise<UnreadCount[]> {
    return this.messages.unreadCounts(callerUid);
  }

  /** Marks only messages *to the caller*: a third party marking someone else's conversation changes nothing. */
  async markRead(callerUid: string, fromUid: string): Promise<void> {
    await this.messages.markRead(callerUid, fromUid, this.now());
  }
}
