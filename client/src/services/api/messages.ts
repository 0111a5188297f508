import type { Message, SendMessageBody } from '@riffroom/protocol';
import type { HttpClient } from './http';

/**
 * Direct messages (spec part 7). Only sending so far: the room's Invite Collaborators uses it; the
 * Messages tab adds the rest of the resource here.
 */
export interface MessagesApi {
  send(body: SendMessageBody): Promise<Message>;
}

export function createMessagesApi(http: HttpClient): MessagesApi {
  return {
    async send(body) {
      return (await http.authed<{ message: Message }>('/api/messages/send', { method: 'POST', body })).message;
    },
  };
}
