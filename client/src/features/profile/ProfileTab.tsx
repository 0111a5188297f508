import { useState } from 'react';
import type { OwnProfile } from '@riffroom/protocol';
import { useServices } from '../../app/ServicesContext';
import type { OwnProfileState } from '../dashboard/useOwnProfile';
import { ProfileForm } from './ProfileForm';
import { toFormValues, type ProfileFormValues } from './profileForm';
import { ProfileView } from './ProfileView';

interface ProfileTabProps {
  state: OwnProfileState;
  onSaved: (profile: OwnProfile) => void;
}

/** My Profile: view mode, Edit Profile into edit mode, Save or Cancel back (spec part 4). */
export function ProfileTab({ state, onSaved }: ProfileTabProps) {
  const { api } = useServices();
  const [editing, setEditing] = useState(false);
  const [saving, setSaving] = useState(false);

  if (state.status === 'loading') return <p className="page-status">Loading profile...</p>;
  const { profile } = state;

  async function save(values: ProfileFormValues) {
    setSaving(true);
    try {
      const saved = await api.users.saveProfile(values);
      // Spec part 4: merge what was edited into the profile on screen.
      onSaved(profile ? { ...profile, ...values } : saved);
      setEditing(false);
      window.alert('✅ Profile updated!');
    } catch (error) {
      console.error('Failed to update profile', error);
      window.alert('Failed to update profile');
    } finally {
      setSaving(false);
    }
  }

  return (
    <section className="section" aria-labelledby="profile-heading">
      <h1 id="profile-heading" className="section__title">
        My Profile
      </h1>
      {editing ? (
        <ProfileForm
          initial={toFormValues(profile)}
          saving={saving}
          onSave={(values) => void save(values)}
          onCancel={() => setEditing(false)}
          picture={{
            imageUrl: profile?.profileImageUrl ?? '',
            onChanged: (profileImageUrl) => profile && onSaved({ ...profile, profileImageUrl }),
          }}
        />
      ) : (
        <ProfileView profile={profile} onEdit={() => setEditing(true)} />
      )}
    </section>
  );
}
