import { CHAT_MAX_LENGTH } from '@riffroom/protocol';
import { useEffect, useRef } from 'react';
import { Composer } from '../../components/Composer';
import type { ChatEntry } from '../../services/media/roomState';

interface RoomChatProps {
  messages: ChatEntry[];
  /** Resolves once the room took the message; rejects when it did not. */
  onSend: (text: string) => Promise<unknown>;
  disabled?: boolean;
}

/** Live chat: Send or Enter; text is trimmed and blank text is not sent (spec part 5). */
export function RoomChat({ messages, onSend, disabled = false }: RoomChatProps) {
  const list = useRef<HTMLOListElement>(null);

  useEffect(() => {
    const element = list.current;
    if (element) element.scrollTop = element.scrollHeight;
  }, [messages.length]);
  useEffect(() => {
    // Shown again (the host's Chat group on a phone): at the latest message, not at the first.
    const element = list.current;
    if (!element || typeof ResizeObserver === 'undefined') return;
    const observer = new ResizeObserver(() => {
      if (element.clientHeight > 0) element.scrollTop = element.scrollHeight;
    });
    observer.observe(element);
    return () => observer.disconnect();
  }, []);

  return (
    <section className="room-panel room-chat" aria-label="Live chat">
      <h2 className="room-panel__title">Live Chat</h2>
      <ol className="room-chat__messages" ref={list}>
        {messages.map((entry) => (
          <li key={entry.id} className={`room-chat__message${entry.own ? ' room-chat__message--own' : ''}`}>
            <span className="room-chat__author">{entry.own ? 'You' : entry.fromName}</span>
            <span className="room-chat__text">{entry.message}</span>
          </li>
        ))}
      </ol>
      <Composer label="Chat message" maxLength={CHAT_MAX_LENGTH} disabled={disabled} onSend={onSend} />
    </section>
  );
}
