import { USER_ROLES, type ArtistType, type UserRole } from '@riffroom/protocol';
import { useState, type FormEvent } from 'react';
import { SelectField, TextAreaField, TextField } from '../../components/fields';
import { roleLabel } from '../../components/userLabels';
import { GenrePicker } from './GenrePicker';
import { PictureField } from './PictureField';
import type { ProfileFormValues } from './profileForm';

const ROLE_OPTIONS = USER_ROLES.map((role) => ({ value: role, label: roleLabel(role) }));
const ARTIST_TYPE_OPTIONS: ReadonlyArray<{ value: ArtistType; label: string }> = [
  { value: '', label: 'Not specified' },
  { value: 'solo', label: 'Solo' },
  { value: 'band', label: 'Band' },
];

interface ProfileFormProps {
  initial: ProfileFormValues;
  saving: boolean;
  onSave: (values: ProfileFormValues) => void;
  onCancel: () => void;
  /** The uploaded picture is saved at once, apart from the form's Save. */
  picture: { imageUrl: string; onChanged: (imageUrl: string) => void };
}

/** Edit mode of My Profile: every field of spec part 3. */
export function ProfileForm({ initial, saving, onSave, onCancel, picture }: ProfileFormProps) {
  const [values, setValues] = useState(initial);
  const set =
    <K extends keyof ProfileFormValues>(key: K) =>
    (value: ProfileFormValues[K]) =>
      setValues((current) => ({ ...current, [key]: value }));

  function handleSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    onSave(values);
  }

  return (
    <form className="profile-form" onSubmit={handleSubmit} aria-label="Edit profile">
      <PictureField name={values.user_name} imageUrl={picture.imageUrl} onChanged={picture.onChanged} />
      <div className="form-grid">
        <TextField label="Full Name" autoComplete="name" value={values.user_name} onChange={set('user_name')} />
        <TextField label="Username" value={values.user_username} onChange={set('user_username')} />
        <TextField label="Location" value={values.user_location} onChange={set('user_location')} />
        <SelectField<UserRole>
          label="Role"
          value={values.user_role}
          options={ROLE_OPTIONS}
          onChange={set('user_role')}
        />
        <SelectField<ArtistType>
          label="Artist Type"
          value={values.user_artist_type}
          options={ARTIST_TYPE_OPTIONS}
          onChange={set('user_artist_type')}
        />
        <TextField label="Experience" value={values.user_experience} onChange={set('user_experience')} />
        <TextField
          label="Recording"
          placeholder="Yes/No"
          value={values.user_recording}
          onChange={set('user_recording')}
        />
        <TextField
          label="Instagram"
          placeholder="username"
          value={values.user_instagram}
          onChange={set('user_instagram')}
        />
        <TextField label="TikTok" placeholder="username" value={values.user_tiktok} onChange={set('user_tiktok')} />
        <TextField
          label="SoundCloud"
          placeholder="https://soundcloud.com/..."
          value={values.user_soundcloud}
          onChange={set('user_soundcloud')}
        />
        <TextField
          label="Track Link"
          placeholder="https://..."
          value={values.user_tracklink}
          onChange={set('user_tracklink')}
        />
      </div>
      <GenrePicker value={values.user_style} onChange={set('user_style')} />
      <TextAreaField label="Bio" rows={4} value={values.user_bio} onChange={set('user_bio')} />
      <div className="form-actions">
        <button type="submit" className="btn btn--primary" disabled={saving}>
          Save
        </button>
        <button type="button" className="btn btn--ghost" onClick={onCancel} disabled={saving}>
          Cancel
        </button>
      </div>
    </form>
  );
}
