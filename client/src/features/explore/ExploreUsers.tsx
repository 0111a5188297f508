import { UserCard } from '../../components/UserCard';
import { useExploreUsers } from './useExploreUsers';

interface ExploreUsersProps {
  currentUid: string;
  onMessage: (uid: string) => void;
  onCollaborate: (uid: string) => void;
}

/** Explore Users: everyone else as cards, each with Follow/Unfollow. */
export function ExploreUsers({ currentUid, onMessage, onCollaborate }: ExploreUsersProps) {
  const { state, toggleFollow, loadMore } = useExploreUsers(currentUid);
  const { users, following, pending, hasMore, loadingMore } = state;

  return (
    <section className="section" aria-labelledby="explore-heading">
      <h1 id="explore-heading" className="section__title">
        Explore Users
      </h1>
      {users === null ? (
        <p className="muted">Loading users...</p>
      ) : users.length === 0 ? (
        <p className="empty-state">No other users available right now.</p>
      ) : (
        <div className="card-grid">
          {users.map((user) => {
            const isFollowing = following.has(user.firebase_uid);
            return (
              <UserCard key={user.firebase_uid} user={user} onMessage={onMessage} onCollaborate={onCollaborate}>
                <button
                  type="button"
                  className={`btn btn--small ${isFollowing ? 'btn--ghost' : 'btn--accent'}`}
                  data-testid="follow-toggle"
                  disabled={pending.has(user.firebase_uid)}
                  onClick={() => void toggleFollow(user.firebase_uid, !isFollowing)}
                >
                  {isFollowing ? 'Unfollow' : 'Follow'}
                </button>
              </UserCard>
            );
          })}
        </div>
      )}
      {users !== null && hasMore && (
        <button
          type="button"
          className="btn btn--ghost explore__more"
          disabled={loadingMore}
          onClick={() => void loadMore()}
        >
          Show more users
        </button>
      )}
    </section>
  );
}
