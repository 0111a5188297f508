import { z } from 'zod';
import { PASSWORD_MIN_LENGTH } from './constants.js';
import { nameText } from './text.js';
import { usernameSchema } from './user.js';

export const emailSchema = z.string().trim().toLowerCase().max(254).pipe(z.email());
export const passwordSchema = z
  .string()
  .min(PASSWORD_MIN_LENGTH, `Password should be at least ${PASSWORD_MIN_LENGTH} characters.`)
  .max(1024);

export const signupBodySchema = z.object({
  email: emailSchema,
  password: passwordSchema,
  username: usernameSchema,
});
export type SignupBody = z.infer<typeof signupBodySchema>;

export const loginBodySchema = z.object({
  email: emailSchema,
  // Login never says a password is too short: that would tell an attacker about the policy.
  password: z.string().min(1).max(1024),
});
export type LoginBody = z.infer<typeof loginBodySchema>;

export const refreshBodySchema = z.object({ refreshToken: z.string().min(1).max(512) });
export type RefreshBody = z.infer<typeof refreshBodySchema>;

/** Logout revokes the given refresh token, or every session of the caller when none is given. */
export const logoutBodySchema = z.object({ refreshToken: z.string().min(1).max(512).optional() });
export type LogoutBody = z.infer<typeof logoutBodySchema>;

export const updateMeBodySchema = z.object({ displayName: nameText(100, 'Display name') });
export type UpdateMeBody = z.infer<typeof updateMeBodySchema>;

export const authUserSchema = z.object({
  uid: z.string(),
  email: z.string(),
  displayName: z.string().nullable(),
});
export type AuthUser = z.infer<typeof authUserSchema>;

export const authResponseSchema = z.object({
  idToken: z.string(),
  refreshToken: z.string(),
  expiresIn: z.number().int().positive(),
  user: authUserSchema,
});
export type AuthResponse = z.infer<typeof authResponseSchema>;

export const firebaseClientConfigSchema = z.object({
  apiKey: z.string(),
  authDomain: z.string(),
  projectId: z.string(),
  storageBucket: z.string().optional(),
  messagingSenderId: z.string().optional(),
  appId: z.string().optional(),
  measurementId: z.string().optional(),
  /** Set only when the deployment points at the Auth emulator (tests, offline development). */
  authEmulatorUrl: z.string().optional(),
});
export type FirebaseClientConfig = z.infer<typeof firebaseClientConfigSchema>;

/**
 * PUBLIC_URL: the address people reach the box at (e.g. https://studio.example.com), which invite
 * links and feed URLs use instead of whatever address a page was opened at. No trailing slash.
 */
export const publicUrlSchema = z
  .string()
  .url()
  .refine((url) => /^https?:\/\/[^/]/.test(url), 'must start with https:// or http://')
  .transform((url) => url.replace(/\/+$/, ''));

/**
 * GET /api/auth/config: tells the client which identity provider this deployment uses, and the
 * public address (PUBLIC_URL) when one is set.
 */
export const identityConfigSchema = z.discriminatedUnion('provider', [
  z.object({ provider: z.literal('local'), publicUrl: z.string().optional() }),
  z.object({
    provider: z.literal('firebase'),
    firebase: firebaseClientConfigSchema,
    publicUrl: z.string().optional(),
  }),
]);
export type IdentityConfig = z.infer<typeof identityConfigSchema>;
