import { z } from 'zod';
import { ARTIST_TYPES, DEFAULT_USER_ROLE, GENRES, USER_ROLES } from './constants.js';
import { nameText } from './text.js';

/**
 * A user id as Firebase allows it: 1 to 128 characters. Firebase makes 28 letters and digits, but
 * accounts imported into it keep the ids they had, such as `auth0|5f1c…` or an email address.
 * Refused: whitespace and control characters, which no id system hands out, and path separators,
 * because ids travel in URL paths (/api/user/follow/{uid}) that proxies may not pass encoded.
 */
export const uidSchema = z
  .string()
  .min(1)
  .max(128)
  .regex(/^[^\s\p{Cc}/\\]+$/u, 'must be a user id');

export const usernameSchema = z
  .string()
  .trim()
  .min(1, 'Username is required.')
  .max(30, 'Username must be at most 30 characters.')
  .regex(/^[A-Za-z0-9_.-]+$/, 'Username may use letters, digits, dot, dash and underscore only.');

/** The address the picture upload path makes (profilePicturePath in projects.ts), for anyone's uid. */
const UPLOADED_PICTURE = /^\/api\/users\/([^/?#\s]+)\/picture\?v=[A-Za-z0-9_-]+$/;

/** Whether `url` is a picture uploaded through the API, the only kind a page may show. */
export function isUploadedPictureUrl(url: string): boolean {
  return UPLOADED_PICTURE.test(url);
}

/** Whether `url` is `uid`'s own uploaded picture (not someone else's). */
export function isOwnPictureUrl(url: string, uid: string): boolean {
  const owner = UPLOADED_PICTURE.exec(url)?.[1];
  return owner !== undefined && owner === encodeURIComponent(uid);
}

const shortText = z.string().trim().max(100);
const longText = z.string().trim().max(2000);
const handle = z.string().trim().max(60);
const link = z
  .string()
  .trim()
  .max(500)
  .refine((value) => value === '' || /^https?:\/\//i.test(value), 'must be an http(s) link');

/** The editable fields of a profile (spec part 3). Every one optional: a save changes what it names. */
export const profileFieldsSchema = z.object({
  user_name: nameText(100, 'Full name'),
  user_username: usernameSchema,
  user_location: shortText,
  user_role: z.enum(USER_ROLES),
  user_artist_type: z.enum(ARTIST_TYPES),
  user_experience: longText,
  user_recording: shortText,
  user_style: z
    .array(z.enum(GENRES))
    .max(GENRES.length)
    .transform((genres) => [...new Set(genres)]),
  user_bio: longText,
  user_instagram: handle,
  user_tiktok: handle,
  user_soundcloud: link,
  user_tracklink: link,
  /**
   * Empty, or the picture the person uploaded (set by the API, kept as it is on a save). Never a link
   * elsewhere (issue 36): every viewer's browser would fetch it from a site the person chose.
   */
  profileImageUrl: z
    .string()
    .trim()
    .refine((value) => value === '' || isUploadedPictureUrl(value), 'must be empty or your uploaded picture'),
});

/** POST /api/user/save-profile. firebase_uid and user_email may be echoed back but never changed. */
export const saveProfileBodySchema = profileFieldsSchema.partial().extend({
  firebase_uid: uidSchema.optional(),
  user_email: z.string().optional(),
});
export type SaveProfileBody = z.infer<typeof saveProfileBodySchema>;

/** POST /api/user/public-save-profile: what signup sends. */
export const publicSaveProfileBodySchema = z.object({
  user_name: nameText(100, 'Full name'),
  user_email: z.string().trim().toLowerCase().pipe(z.email()),
  user_username: usernameSchema,
  firebase_uid: uidSchema,
});
export type PublicSaveProfileBody = z.infer<typeof publicSaveProfileBodySchema>;

export const byUidQuerySchema = z.object({ uid: uidSchema.optional() });
export const uidParamsSchema = z.object({ uid: uidSchema });

/** What anyone may see of a user: no email, no token, no credentials. */
export const publicUserSchema = z.object({
  firebase_uid: z.string(),
  user_name: z.string(),
  user_username: z.string(),
  user_location: z.string(),
  user_role: z.enum(USER_ROLES),
  user_artist_type: z.enum(ARTIST_TYPES),
  user_experience: z.string(),
  user_recording: z.string(),
  user_style: z.array(z.enum(GENRES)),
  user_bio: z.string(),
  user_instagram: z.string(),
  user_tiktok: z.string(),
  user_soundcloud: z.string(),
  user_tracklink: z.string(),
  profileImageUrl: z.string(),
});
export type PublicUser = z.infer<typeof publicUserSchema>;

/** The caller's own profile adds their email. */
export const ownProfileSchema = publicUserSchema.extend({ user_email: z.string() });
export type OwnProfile = z.infer<typeof ownProfileSchema>;

export const profileResponseSchema = z.object({ user: ownProfileSchema.or(publicUserSchema) });
export const followingResponseSchema = z.object({ following: z.array(publicUserSchema) });
export const usersResponseSchema = z.array(publicUserSchema);

/** GET /user/users is open (spec part 7), so it answers in bounded pages, newest users first. */
export const USERS_PAGE_DEFAULT = 50;
export const USERS_PAGE_MAX = 100;
/**
 * `before` is the firebase_uid of the last user already shown: the page after it. The body stays
 * the spec's plain list; a page shorter than `limit` is the last one.
 */
export const usersPageQuerySchema = z.object({
  limit: z.coerce.number().int().min(1).max(USERS_PAGE_MAX).default(USERS_PAGE_DEFAULT),
  before: uidSchema.optional(),
});
export type UsersPageQuery = z.infer<typeof usersPageQuerySchema>;

export const EMPTY_PROFILE: Omit<PublicUser, 'firebase_uid' | 'user_name' | 'user_username'> = {
  user_location: '',
  user_role: DEFAULT_USER_ROLE,
  user_artist_type: '',
  user_experience: '',
  user_recording: '',
  user_style: [],
  user_bio: '',
  user_instagram: '',
  user_tiktok: '',
  user_soundcloud: '',
  user_tracklink: '',
  profileImageUrl: '',
};
