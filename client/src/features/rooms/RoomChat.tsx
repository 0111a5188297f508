import { CHAT_MAX_LENGTH } from '@riffroom/protocol';
import { useEffect, useRef, useState } from 'react';
import type { ChatEntry } from '../../services/media/roomState';

interface RoomChatProps {
  messages: ChatEntry[];
  onSend: (text: string) => Promise<boolean>;
  disabled?: boolean;
}

/** Live chat: Send or Enter; blank text is not sent (spec part 5). */
export function RoomChat({ messages, onSend, disabled = false }: RoomChatProps) {
  const [text, setText] = useState('');
  const list = useRef<HTMLOListElement>(null);

  useEffect(() => {
    const element = list.current;
    if (element) element.scrollTop = element.scrollHeight;
  }, [messages.length]);

  function send() {
    if (!text.trim()) return;
    const sending = text;
    setText('');
    onSend(sending).catch((error: unknown) => {
      console.error('Chat message not sent', error);
      setText(sending);
    });
  }

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
      <div className="room-chat__compose">
        <input
          aria-label="Chat message"
          placeholder="Type a message..."
          value={text}
          disabled={disabled}
          maxLength={CHAT_MAX_LENGTH}
          onChange={(event) => setText(event.target.value)}
          onKeyDown={(event) => {
            if (event.key === 'Enter') {
              event.preventDefault();
              send();
            }
          }}
        />
        <button type="button" className="btn btn--primary" onClick={send} disabled={disabled || !text.trim()}>
          Send
        </button>
      </div>
    </section>
  );
}
