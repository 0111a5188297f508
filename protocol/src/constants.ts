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

/** Failed logins allowed for one account within the window before it is locked. */
export const LOGIN_FAILURES_PER_ACCOUNT = 5;
/** Failed logins allowed from one IP address within the window (many accounts, one attacker). */
export const LOGIN_FAILURES_PER_IP = 20;
export const LOGIN_FAILURE_WINDOW_MS = 15 * 60 * 1000;
