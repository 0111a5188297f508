import {
  restRoutes,
  type ConversationsResponse,
  type Message,
  type MessagesResponse,
  type UnreadCount,
} from '@riffroom/protocol';
import type { HttpClient } from './http';

/** The direct-message calls of spec part 7. */
export interface MessagesApi {
  /** People the caller has exchanged messages with, most recent first, a page at a time. */
  conversations(before?: string): Promise<ConversationsResponse>;
  unreadCounts(): Promise<UnreadCount[]>;
  /** One page of the conversation with `uid`, oldest first; `before` walks back in time. */
  conversation(uid: string, before?: string): Promise<MessagesResponse>;
  markRead(fromUid: string): Promise<void>;
  send(toUid: string, content: string): Promise<Message>;
}

export function createMessagesApi(http: HttpClient): MessagesApi {
  return {
    conversations(before) {
      return http.authed(restRoutes.conversations, { query: { before } });
    },
    async unreadCounts() {
      return (await http.authed(restRoutes.unreadCounts)).unreadCounts;
    },
    conversation(uid, before) {
      return http.authed(restRoutes.conversation, { params: { uid }, query: { before } });
    },
    async markRead(fromUid) {
      await http.authed(restRoutes.markRead, { body: { from: fromUid } });
    },
    async send(toUid, content) {
      return (await http.authed(restRoutes.sendMessage, { body: { to_uid: toUid, content } })).message;
    },
  };
}
