import { ChatPanel } from './ChatPanel';
import { ConversationList } from './ConversationList';
import { NetworkSelect } from './NetworkSelect';
import type { Inbox } from './useInbox';
import { useMessagingPeople } from './useMessagingPeople';

interface MessagesTabProps {
  currentUid: string;
  /** The conversation on screen; it lives in the URL so Message buttons elsewhere can open one. */
  selectedUid: string | null;
  onSelect: (uid: string) => void;
  inbox: Inbox;
}

/** The Direct Messages tab (spec part 2). */
export function MessagesTab({ currentUid, selectedUid, onSelect, inbox }: MessagesTabProps) {
  const { conversations, network, selected, bumpConversation, more } = useMessagingPeople(selectedUid);

  return (
    <section className="section" aria-labelledby="messages-heading">
      <h1 id="messages-heading" className="section__title">
        Messages
      </h1>
      <div className="messages">
        <div className="messages__side">
          <ConversationList
            users={conversations}
            unread={inbox.unread}
            selectedUid={selectedUid}
            onSelect={onSelect}
            hasMore={more.hasMore}
            loadingMore={more.loading}
            onLoadMore={more.load}
          />
          <NetworkSelect users={network} selectedUid={selectedUid} onSelect={onSelect} />
        </div>
        <div className="messages__main">
          {selected ? (
            <ChatPanel
              key={selected.firebase_uid}
              currentUid={currentUid}
              other={selected}
              onRead={inbox.markedRead}
              onSent={bumpConversation}
            />
          ) : (
            <p className="empty-state">Select a conversation or someone from your network to start chatting.</p>
          )}
        </div>
      </div>
    </section>
  );
}
