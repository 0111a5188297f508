import type { P2pChatMessage } from './p2pTier';
import type { ChatMessage } from './roomProtocol';
import type { ChatEntry } from './roomState';
import type { RoomStore } from './roomStore';
import type { RoomSocket } from './roomSocket';

/** What the room chat log needs of the connection around it. */
export interface RoomChatLogDeps {
  store: RoomStore;
  socket: RoomSocket;
  roomId: string;
  /** Hands a message to the peer-to-peer data connections; false when none took it. */
  sendDirect(message: P2pChatMessage): boolean;
}

/**
 * The room's chat: the socket is the room's record, which everyone gets; host and peer-to-peer
 * guests also send each message over the data connection with the same id, so every screen shows
 * it once, whichever copy arrives first.
 */
export class RoomChatLog {
  private serial = 0;
  /** Who our messages are `from`: the uid when signed in, else learnt from the first ack. */
  private key: string | null = null;
  /** The ids of the messages we sent: our own copy shown before the server named us is matched by them. */
  private readonly sentIds = new Set<string>();

  constructor(private readonly deps: RoomChatLogDeps) {}

  /** After (re)joining: who we are, and the conversation so far, which replaces what we had. */
  joined(uid: string | null, history: ChatMessage[]): void {
    if (uid) this.key = uid;
    this.deps.store.chatCleared();
    for (const message of history) this.add(message);
  }

  /** Trimmed; resolves false without sending when it is blank (spec part 5). */
  async send(text: string): Promise<boolean> {
    const message = text.trim();
    if (!message) return false;
    // crypto.randomUUID exists only on secure pages; a guest on plain HTTP still chats.
    const id = Array.from(crypto.getRandomValues(new Uint8Array(16)), (byte) =>
      byte.toString(16).padStart(2, '0'),
    ).join('');
    this.sentIds.add(id);
    const direct = this.sendDirect(id, message);
    let sent;
    try {
      sent = await this.deps.socket.request('chat', { roomId: this.deps.roomId, message, id });
    } catch (error) {
      if (direct) return true;
      throw error;
    }
    // An anonymous guest learns its chat identity (the server's guest id) from its first message.
    if (sent?.from && this.key !== sent.from) {
      this.key = sent.from;
      this.deps.store.ownChatIdentified(sent.from);
    }
    return true;
  }

  /**
   * Shows a message once. One with a sender's id may come twice (peer to peer and by socket): the
   * first shows it, and the socket's copy, the room's record, corrects the author and time. A
   * message is known by its sender and id together (issue 34 item 7): someone who reuses another
   * sender's id adds a message of their own and replaces nothing.
   */
  add(message: ChatMessage, fromSocket = true): void {
    const { store } = this.deps;
    const { id: messageId, ...fields } = message;
    const known = messageId
      ? store.get().chat.find((entry) => entry.messageId === messageId && this.sameAuthor(entry, message.from))
      : undefined;
    if (known) {
      if (!fromSocket) return;
      store.chatCorrected(known, { ...fields, own: fields.from === this.key || known.own });
      return;
    }
    this.serial += 1;
    const own = message.from === this.key || (!fromSocket && message.from === store.get().self?.peerId);
    store.chatAdded({ ...fields, id: this.serial, own, ...(messageId ? { messageId } : {}) });
  }

  /**
   * Whether `from` wrote the entry. Our own copy of a message we sent may carry our socket's peer id
   * (an anonymous guest learns its chat identity from the server's copy, which can come first).
   */
  private sameAuthor(entry: ChatEntry, from: string): boolean {
    if (entry.from === from) return true;
    return entry.own && entry.messageId !== undefined && this.sentIds.has(entry.messageId) && !this.isOther(from);
  }

  /** A sender that is someone else for sure: a member's uid or guest id other than ours. */
  private isOther(from: string): boolean {
    return this.key !== null && from !== this.key;
  }

  /** Sends over the peer-to-peer data connections; true when one took it. */
  private sendDirect(id: string, message: string): boolean {
    const self = this.deps.store.get().self;
    if (!self) return false;
    const entry: P2pChatMessage = {
      id,
      from: this.key ?? self.peerId,
      fromName: self.user_name,
      message,
      timestamp: new Date().toISOString(),
    };
    if (!this.deps.sendDirect(entry)) return false;
    this.add(entry, false);
    return true;
  }
}
