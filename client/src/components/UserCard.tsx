import type { PublicUser } from '@riffroom/protocol';
import type { ReactNode } from 'react';
import { Avatar } from './Avatar';
import { PersonLink } from './PersonLink';
import { displayName, roleLabel } from './userLabels';

interface UserCardProps {
  user: PublicUser;
  onMessage: (uid: string) => void;
  onCollaborate: (uid: string) => void;
  /** Extra actions after Message and Collaborate (Explore adds Follow/Unfollow). */
  children?: ReactNode;
}

/** A person in a grid: image, name, @username, role, and what you can do with them. */
export function UserCard({ user, onMessage, onCollaborate, children }: UserCardProps) {
  const name = displayName(user);
  return (
    <article className="user-card" data-testid="user-card" data-uid={user.firebase_uid}>
      <Avatar name={name} imageUrl={user.profileImageUrl} size="large" />
      <h3 className="user-card__name">
        <PersonLink uid={user.firebase_uid}>{name}</PersonLink>
      </h3>
      <p className="user-card__username">@{user.user_username}</p>
      <p className="user-card__role">{roleLabel(user.user_role)}</p>
      <div className="user-card__actions">
        <button type="button" className="btn btn--small" onClick={() => onMessage(user.firebase_uid)}>
          Message
        </button>
        <button type="button" className="btn btn--small" onClick={() => onCollaborate(user.firebase_uid)}>
          Collaborate
        </button>
        {children}
      </div>
    </article>
  );
}
