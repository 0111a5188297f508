import { useMyFollowing } from '../../app/useMyFollowing';
import { UserCard } from '../../components/UserCard';

interface DashboardHomeProps {
  /** Null while the profile is still loading, so the greeting never flashes a fallback name. */
  name: string | null;
  onMessage: (uid: string) => void;
  onCollaborate: (uid: string) => void;
}

/** The Dashboard section: a greeting and the people the user follows. */
export function DashboardHome({ name, onMessage, onCollaborate }: DashboardHomeProps) {
  const following = useMyFollowing();

  return (
    <section className="section" aria-labelledby="dashboard-heading">
      <h1 id="dashboard-heading" className="section__title">
        {name === null ? 'Dashboard' : `Welcome back, ${name}!`}
      </h1>
      <h2 className="section__subtitle">Following</h2>
      {following === null ? (
        <p className="muted">Loading your network...</p>
      ) : following.length === 0 ? (
        <p className="empty-state">You are not following anyone yet.</p>
      ) : (
        <div className="card-grid">
          {following.map((user) => (
            <UserCard key={user.firebase_uid} user={user} onMessage={onMessage} onCollaborate={onCollaborate} />
          ))}
        </div>
      )}
    </section>
  );
}
