import type { PublicUser } from '@riffroom/protocol';
import { useState } from 'react';
import { useServices } from '../../app/ServicesContext';
import { useMyFollowing } from '../../app/useMyFollowing';
import { displayName } from '../../components/userLabels';
import { inviteMessage } from './invite';

/** Followed users with Invite buttons; an invite is a direct message carrying the join link. */
export function InviteCollaborators({ roomName, link }: { roomName: string; link: string }) {
  const { api } = useServices();
  const following = useMyFollowing();
  const [sending, setSending] = useState<string | null>(null);

  async function invite(user: PublicUser) {
    setSending(user.firebase_uid);
    try {
      await api.messages.send(user.firebase_uid, inviteMessage(roomName, link));
      window.alert('✅ Invite sent!');
    } catch (error) {
      console.error('Invite failed', error);
      window.alert('Failed to send invite');
    } finally {
      setSending(null);
    }
  }

  return (
    <section className="room-panel" aria-labelledby="invite-heading">
      <h2 id="invite-heading" className="room-panel__title">
        Invite Collaborators
      </h2>
      {following === null ? (
        <p className="muted">Loading...</p>
      ) : following.length === 0 ? (
        <p className="muted">No followers to invite</p>
      ) : (
        <ul className="room-list room-list--scroll">
          {following.map((user) => (
            <li key={user.firebase_uid} className="room-list__item">
              <span>
                {displayName(user)} <span className="room-list__meta">@{user.user_username}</span>
              </span>
              <button
                type="button"
                className="btn btn--small btn--accent"
                aria-label={`Invite ${displayName(user)}`}
                disabled={sending === user.firebase_uid}
                onClick={() => void invite(user)}
              >
                Invite
              </button>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
