import { PASSWORD_MIN_LENGTH } from '@riffroom/protocol';
import { ApiError, describeError } from '../../services/api';

/** Spec part 8: what the login screen says for each identity error code. */
const LOGIN_MESSAGES: Record<string, string> = {
  'auth/user-not-found': 'No account found with this email.',
  'auth/wrong-password': 'Incorrect password.',
  // Firebase with email enumeration protection reports a wrong password this way.
  'auth/invalid-credential': 'Incorrect password.',
  'auth/invalid-email': 'Invalid email address.',
  'auth/too-many-requests': 'Too many failed attempts. Please try again later.',
};

/** Firebase words its weak-password refusal 'Firebase: Password should be … (auth/weak-password).' */
const SIGNUP_MESSAGES: Record<string, string> = {
  'auth/weak-password': `Password should be at least ${PASSWORD_MIN_LENGTH} characters.`,
};

export const PROFILE_FETCH_FAILED = 'Failed to fetch user profile';
export const LOGIN_FAILED = 'Login failed. Please try again.';

/**
 * A failure whose message is not meant for the user: a 5xx (a crashed upstream's 'Internal Server
 * Error', a proxy's 'Bad Gateway'), an unreachable server, a browser's 'Failed to fetch', or an
 * answer off the contract. Spec part 8 gives these the fallback, never the raw text.
 */
function isTransportFailure(error: unknown, code: string | undefined): boolean {
  if (error instanceof ApiError && (error.status === 0 || error.status >= 500)) return true;
  return code === 'network/unreachable' || code === 'http/bad-response' || code === 'auth/network-request-failed';
}

/**
 * The API names the field of a refused body ('password: Password should be …', see
 * describeZodError); the sentence already says which field it is about, so the prefix goes.
 */
function withoutFieldPrefix(message: string): string {
  return message
    .split('; ')
    .map((part) => part.replace(/^[A-Za-z_][\w.]*: /, ''))
    .join(' ');
}

/** The Firebase SDK's text for a code it has no words for: 'Firebase: Error (auth/internal-error).' */
const BARE_FIREBASE_CODE = /^Firebase: Error \([\w/-]+\)\.?$/;

export function loginErrorMessage(error: unknown): string {
  const { code, message } = describeError(error);
  if (code && LOGIN_MESSAGES[code]) return LOGIN_MESSAGES[code];
  if (isTransportFailure(error, code) || BARE_FIREBASE_CODE.test(message)) return LOGIN_FAILED;
  return message || LOGIN_FAILED;
}

export function signupErrorMessage(error: unknown): string {
  const { code, message } = describeError(error);
  const known = code ? SIGNUP_MESSAGES[code] : undefined;
  const reason = known ?? (isTransportFailure(error, code) ? '' : withoutFieldPrefix(message));
  return `Signup failed. ${reason || 'Please try again.'}`;
}
