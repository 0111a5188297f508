import type { OwnProfile, PublicUser } from '@riffroom/protocol';
import { Avatar } from '../../components/Avatar';
import { roleLabel } from '../../components/userLabels';
import { ReviewList } from '../market/ReviewList';
import { ShowcaseTracks } from './ShowcaseTracks';

const ARTIST_TYPE_LABELS: Record<string, string> = { solo: 'Solo', band: 'Band' };

/** The filled-in details below the bio, in the order of spec part 3; empty ones are left out. */
function details(profile: PublicUser): Array<{ label: string; value: string; link?: boolean }> {
  const rows = [
    { label: 'Location', value: profile.user_location },
    { label: 'Role', value: roleLabel(profile.user_role) },
    { label: 'Artist Type', value: ARTIST_TYPE_LABELS[profile.user_artist_type] ?? '' },
    { label: 'Experience', value: profile.user_experience },
    { label: 'Recording', value: profile.user_recording },
    { label: 'Genres', value: profile.user_style.join(', ') },
    { label: 'Instagram', value: profile.user_instagram ? `@${profile.user_instagram.replace(/^@/, '')}` : '' },
    { label: 'TikTok', value: profile.user_tiktok ? `@${profile.user_tiktok.replace(/^@/, '')}` : '' },
    { label: 'SoundCloud', value: profile.user_soundcloud, link: true },
    { label: 'Track Link', value: profile.user_tracklink, link: true },
  ];
  return rows.filter((row) => row.value.trim() !== '');
}

/** A profile's filled-in details as a list of labels and values (My Profile and a person's page). */
export function ProfileDetails({ profile }: { profile: PublicUser }) {
  return (
    <dl className="profile-view__details">
      {details(profile).map((row) => (
        <div key={row.label} className="profile-view__row">
          <dt>{row.label}</dt>
          <dd>
            {/* Only http(s) links are stored (the server checks), so these cannot be script URLs. */}
            {row.link && /^https?:\/\//i.test(row.value) ? (
              <a href={row.value} target="_blank" rel="noopener noreferrer">
                {row.value}
              </a>
            ) : (
              row.value
            )}
          </dd>
        </div>
      ))}
    </dl>
  );
}

/** View mode of My Profile. */
export function ProfileView({ profile, onEdit }: { profile: OwnProfile | null; onEdit: () => void }) {
  const name = profile?.user_name.trim() || 'Your Name';
  return (
    <div className="profile-view">
      <div className="profile-view__identity">
        <Avatar name={name} imageUrl={profile?.profileImageUrl} size="large" />
        <div>
          <h2 className="profile-view__name">{name}</h2>
          {profile?.user_username && <p className="profile-view__username">@{profile.user_username}</p>}
        </div>
      </div>
      {profile?.user_bio && <p className="profile-view__bio">{profile.user_bio}</p>}
      {profile && <ProfileDetails profile={profile} />}
      {profile && <ShowcaseTracks uid={profile.firebase_uid} />}
      <button type="button" className="btn btn--primary" onClick={onEdit}>
        Edit Profile
      </button>
      {profile && <ReviewList uid={profile.firebase_uid} canReply />}
    </div>
  );
}
