import { describeError } from '../../services/api';

/** Spec part 8: what the login screen says for each identity error code. */
const LOGIN_MESSAGES: Record<string, string> = {
  'auth/user-not-found': 'No account found with this email.',
  'auth/wrong-password': 'Incorrect password.',
  // Firebase with email enumeration protection reports a wrong password this way.
  'auth/invalid-credential': 'Incorrect password.',
  'auth/invalid-email': 'Invalid email address.',
  'auth/too-many-requests': 'Too many failed attempts. Please try again later.',
};

export const PROFILE_FETCH_FAILED = 'Failed to fetch user profile';
export const LOGIN_FAILED = 'Login failed. Please try again.';

export function loginErrorMessage(error: unknown): string {
  const { code, message } = describeError(error);
  return (code && LOGIN_MESSAGES[code]) || message || LOGIN_FAILED;
}

export function signupErrorMessage(error: unknown): string {
  const { message } = describeError(error);
  return `Signup failed. ${message || 'Please try again.'}`;
}
