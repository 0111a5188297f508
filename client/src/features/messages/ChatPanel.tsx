import { MESSAGE_MAX_LENGTH, type ConversationUser } from '@riffroom/protocol';
import { Avatar } from '../../components/Avatar';
import { Composer } from '../../components/Composer';
import { PersonLink } from '../../components/PersonLink';
import { displayName } from '../../components/userLabels';
import { MessageList } from './MessageList';
import { useConversation } from './useConversation';

interface ChatPanelProps {
  currentUid: string;
  other: ConversationUser;
  onRead: (uid: string) => void;
  onSent: (uid: string) => void;
}

/** The open conversation: header, messages and the input (spec part 2). */
export function ChatPanel({ currentUid, other, onRead, onSent }: ChatPanelProps) {
  const { state, loadOlder, send } = useConversation(other.firebase_uid, onRead);
  const name = displayName(other);

  return (
    <section className="chat" aria-label={`Conversation with ${name}`}>
      <header className="chat__header" data-testid="chat-header">
        <Avatar name={name} imageUrl={other.profileImageUrl} />
        <div>
          <p className="chat__name">
            <PersonLink uid={other.firebase_uid}>{name}</PersonLink>
          </p>
          <p className="chat__username">@{other.user_username}</p>
        </div>
      </header>
      {state.status === 'loading' ? (
        <p className="muted">Loading messages...</p>
      ) : (
        <MessageList
          messages={state.messages}
          currentUid={currentUid}
          hasOlder={state.nextBefore !== null}
          loadingOlder={state.loadingOlder}
          onLoadOlder={() => void loadOlder()}
        />
      )}
      <Composer
        label={`Message ${name}`}
        maxLength={MESSAGE_MAX_LENGTH}
        onSend={async (text) => {
          await send(text);
          onSent(other.firebase_uid);
        }}
      />
    </section>
  );
}
