import { FirebaseError } from 'firebase/app';
import { ApiError } from '../../lib/api-client';

const FIREBASE_MESSAGES: Record<string, string> = {
  'auth/invalid-credential': 'Invalid email or password',
  'auth/invalid-login-credentials': 'Invalid email or password',
  'auth/wrong-password': 'Invalid email or password',
  'auth/user-not-found': 'Invalid email or password',
  'auth/invalid-email': 'Invalid email',
  'auth/user-disabled': 'This account has been disabled',
  'auth/too-many-requests': 'Too many attempts, please try again later',
  'auth/network-request-failed': 'Network error: please check your connection and try again',
  'auth/email-already-in-use': 'Email is already registered',
  'auth/weak-password': 'At least 6 characters',
};

/**
 * docs/spec.md §8 for login and register: the server's message, else the joined field errors, else
 * 'Something went wrong'. Firebase Auth codes become sentences a shopper understands.
 */
export function authErrorMessage(error: unknown): string {
  if (error instanceof ApiError) {
    if (error.message) return error.message;
    if (error.errors.length) return error.errors.map((e) => e.message).join(', ');
    return 'Something went wrong';
  }
  if (error instanceof FirebaseError) return FIREBASE_MESSAGES[error.code] ?? 'Something went wrong';
  return 'Something went wrong';
}
