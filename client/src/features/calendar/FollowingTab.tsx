import type { PublicUser } from '@riffroom/protocol';
import { useState } from 'react';
import { useMyFollowing } from '../../app/useMyFollowing';
import { Avatar } from '../../components/Avatar';
import { displayName, roleLabel } from '../../components/userLabels';
import { UserCalendar } from './UserCalendar';

/** My Following: the people you follow first; choosing one shows their calendar. */
export function FollowingTab({ viewerUid, onBooked }: { viewerUid: string; onBooked: () => void }) {
  const following = useMyFollowing();
  const [selected, setSelected] = useState<PublicUser | null>(null);

  if (selected) {
    return <UserCalendar viewerUid={viewerUid} user={selected} onBack={() => setSelected(null)} onBooked={onBooked} />;
  }
  if (following === null) return <p className="muted">Loading...</p>;
  if (following.length === 0) return <p className="empty-state">You are not following anyone yet.</p>;
  return (
    <ul className="following-list" aria-label="People you follow">
      {following.map((user) => (
        <li key={user.firebase_uid}>
          <button type="button" className="following-list__item" onClick={() => setSelected(user)}>
            <Avatar name={displayName(user)} imageUrl={user.profileImageUrl} size="small" />
            <span className="following-list__name">{displayName(user)}</span>
            <span className="muted">@{user.user_username}</span>
            <span className="muted">{roleLabel(user.user_role)}</span>
          </button>
        </li>
      ))}
    </ul>
  );
}
