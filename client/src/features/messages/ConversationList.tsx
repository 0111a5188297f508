import type { ConversationUser } from '@riffroom/protocol';
import { Avatar } from '../../components/Avatar';
import { displayName } from '../../components/userLabels';

interface ConversationListProps {
  users: ConversationUser[] | null;
  unread: Readonly<Record<string, number>>;
  selectedUid: string | null;
  onSelect: (uid: string) => void;
  /** Older conversations exist beyond the loaded pages. */
  hasMore: boolean;
  loadingMore: boolean;
  onLoadMore: () => void;
}

/**
 * 'Recent Conversations' (spec part 2): most recent first, each with its unread badge. The API
 * sends a page at a time; 'Load more' (no spec string exists for it) fetches the next.
 */
export function ConversationList({
  users,
  unread,
  selectedUid,
  onSelect,
  hasMore,
  loadingMore,
  onLoadMore,
}: ConversationListProps) {
  return (
    <section className="conversations" aria-labelledby="conversations-heading">
      <h2 id="conversations-heading" className="section__subtitle">
        Recent Conversations
      </h2>
      {users === null ? (
        <p className="muted">Loading conversations...</p>
      ) : users.length === 0 ? (
        <p className="empty-state">No recent messages</p>
      ) : (
        <ul className="conversations__list" data-testid="conversation-list">
          {users.map((user) => {
            const name = displayName(user);
            const count = unread[user.firebase_uid] ?? 0;
            return (
              <li key={user.firebase_uid}>
                <button
                  type="button"
                  className="conversations__item"
                  aria-current={user.firebase_uid === selectedUid ? 'true' : undefined}
                  data-uid={user.firebase_uid}
                  onClick={() => onSelect(user.firebase_uid)}
                >
                  <Avatar name={name} imageUrl={user.profileImageUrl} size="small" />
                  <span className="conversations__name">{name}</span>
                  {count > 0 && (
                    <span className="badge" data-testid="conversation-unread" aria-label={`${count} unread`}>
                      {count}
                    </span>
                  )}
                </button>
              </li>
            );
          })}
          {hasMore && (
            <li className="conversations__more">
              <button type="button" className="link-button" onClick={onLoadMore} disabled={loadingMore}>
                {loadingMore ? 'Loading...' : 'Load more'}
              </button>
            </li>
          )}
        </ul>
      )}
    </section>
  );
}
