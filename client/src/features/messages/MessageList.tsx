import type { Message } from '@riffroom/protocol';
import { useEffect, useRef } from 'react';
import { formatMessageTime } from './formatTime';
import { LinkifiedText } from './LinkifiedText';

interface MessageListProps {
  messages: Message[];
  currentUid: string;
  hasOlder: boolean;
  loadingOlder: boolean;
  onLoadOlder: () => void;
}

/** The conversation, oldest at the top; own messages on the right (spec part 2). */
export function MessageList({ messages, currentUid, hasOlder, loadingOlder, onLoadOlder }: MessageListProps) {
  const list = useRef<HTMLOListElement>(null);
  const newest = messages.at(-1)?._id;

  // Spec part 4: the list scrolls to the bottom when it changes at the bottom. Older pages load at
  // the top and leave the reader where they were.
  useEffect(() => {
    const element = list.current;
    if (element) element.scrollTop = element.scrollHeight;
  }, [newest]);

  return (
    <ol className="chat__messages" ref={list} data-testid="message-list" aria-label="Messages">
      {hasOlder && (
        <li className="chat__older">
          <button type="button" className="link-button" onClick={onLoadOlder} disabled={loadingOlder}>
            {loadingOlder ? 'Loading...' : 'Load older messages'}
          </button>
        </li>
      )}
      {messages.map((message) => {
        const own = message.from_uid === currentUid;
        return (
          <li
            key={message._id}
            className={`chat__message ${own ? 'chat__message--own' : 'chat__message--other'}`}
            data-testid="message"
            data-own={own}
          >
            <p className="chat__text">
              <LinkifiedText text={message.content} />
            </p>
            <time className="chat__time" dateTime={message.createdAt}>
              {formatMessageTime(message.createdAt)}
            </time>
          </li>
        );
      })}
    </ol>
  );
}
