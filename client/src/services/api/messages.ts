import type { ConversationsResponse, Message, MessagesResponse, UnreadCount } from '@riffroom/protocol';
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
      const query = before ? `?before=${encodeURIComponent(before)}` : '';
      return http.authed<ConversationsResponse>(`/api/messages/conversations/list${query}`);
    },
    async unreadCounts() {
      return (await http.authed<{ unreadCounts: UnreadCount[] }>('/api/messages/unread')).unreadCounts;
    },
    conversation(uid, before) {
      const query = before ? `?before=${encodeURIComponent(before)}` : '';
      return http.authed<MessagesResponse>(`/api/messages/uid/${encodeURIComponent(uid)}${query}`);
    },
    async markRead(fromUid) {
      await http.authed<unknown>('/api/messages/mark-read', { method: 'POST', body: { from: fromUid } });
    },
    async send(toUid, content) {
      const body = { to_uid: toUid, content };
      return (await http.authed<{ message: Message }>('/api/messages/send', { method: 'POST', body })).message;
    },
  };
}
