/** Business constants of spec part 9, shared by the API, the media node and the client. */

export const PRODUCT_NAME = 'Riffroom';

export const USER_ROLES = ['artist', 'producer', 'engineer'] as const;
export type UserRole = (typeof USER_ROLES)[number];
export const DEFAULT_USER_ROLE: UserRole = 'artist';

export const ARTIST_TYPES = ['solo', 'band', ''] as const;
export type ArtistType = (typeof ARTIST_TYPES)[number];

export const GENRES = [
  'Pop',
  'Rap',
  'Rock',
  'R&B',
  'Country',
  'Jazz',
  'Classical',
  'Reggae',
  'Indie',
  'Folk',
  'Blues',
  'Metal',
  'Latin',
  'Funk',
  'Soul',
  'Electronic',
  'Experimental',
  'Other',
] as const;
export type Genre = (typeof GENRES)[number];

export const TIMING = {
  loadingStepMs: 100,
  loadingRedirectDelayMs: 500,
  loginRedirectDelayMs: 1000,
  toastDurationMs: 6000,
} as const;

export const PASSWORD_MIN_LENGTH = 6;
export const ID_TOKEN_TTL_SECONDS = 3600;
