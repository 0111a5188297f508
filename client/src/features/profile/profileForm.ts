import { DEFAULT_USER_ROLE, type OwnProfile, type PublicUser } from '@riffroom/protocol';

/** Every profile field a user edits on My Profile (spec part 3); uid, email and image are not among them. */
export const EDITABLE_FIELDS = [
  'user_name',
  'user_username',
  'user_location',
  'user_role',
  'user_artist_type',
  'user_experience',
  'user_recording',
  'user_style',
  'user_bio',
  'user_instagram',
  'user_tiktok',
  'user_soundcloud',
  'user_tracklink',
] as const satisfies ReadonlyArray<keyof PublicUser>;

export type ProfileFormValues = Pick<PublicUser, (typeof EDITABLE_FIELDS)[number]>;

export function toFormValues(profile: OwnProfile | null): ProfileFormValues {
  return {
    user_name: profile?.user_name ?? '',
    user_username: profile?.user_username ?? '',
    user_location: profile?.user_location ?? '',
    user_role: profile?.user_role ?? DEFAULT_USER_ROLE,
    user_artist_type: profile?.user_artist_type ?? '',
    user_experience: profile?.user_experience ?? '',
    user_recording: profile?.user_recording ?? '',
    user_style: [...(profile?.user_style ?? [])],
    user_bio: profile?.user_bio ?? '',
    user_instagram: profile?.user_instagram ?? '',
    user_tiktok: profile?.user_tiktok ?? '',
    user_soundcloud: profile?.user_soundcloud ?? '',
    user_tracklink: profile?.user_tracklink ?? '',
  };
}
