import type { OutgoingBooking, PublicUser } from '@riffroom/protocol';
import { useState } from 'react';
import { useMyFollowing } from '../../app/useMyFollowing';
import { Avatar } from '../../components/Avatar';
import { displayName, roleLabel } from '../../components/userLabels';
import { UserCalendar } from './UserCalendar';

/** My Following: the people you follow first; choosing one shows their calendar. */
interface FollowingTabProps {
  viewerUid: string;
  /** The viewer's own booking requests, shown on the calendar of the person each one asks. */
  outgoing: OutgoingBooking[];
  onBooked: () => void;
  onShowBookings: () => void;
}

export function FollowingTab({ viewerUid, outgoing, onBooked, onShowBookings }: FollowingTabProps) {
  const following = useMyFollowing();
  const [selected, setSelected] = useState<PublicUser | null>(null);

  if (selected) {
    return (
      <UserCalendar
        viewerUid={viewerUid}
        user={selected}
        outgoing={outgoing}
        onBack={() => setSelected(null)}
        onBooked={onBooked}
        onShowBookings={onShowBookings}
      />
    );
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
