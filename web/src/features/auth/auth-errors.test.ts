import { FirebaseError } from 'firebase/app';
import { describe, expect, it } from 'vitest';
import { ApiError } from '../../lib/api-client';
import { authErrorMessage } from './auth-errors';

describe('authErrorMessage', () => {
  it('prefers the server message, then the joined field errors', () => {
    expect(authErrorMessage(new ApiError(409, 'Email is already registered'))).toBe('Email is already registered');
    expect(
      authErrorMessage(
        new ApiError(400, '', [
          { field: 'email', message: 'Invalid email' },
          { field: 'phonenumber', message: 'Phone must be 10 digits' },
        ]),
      ),
    ).toBe('Invalid email, Phone must be 10 digits');
  });

  it('maps Firebase Auth codes and falls back to Something went wrong', () => {
    expect(authErrorMessage(new FirebaseError('auth/invalid-credential', 'x'))).toBe('Invalid email or password');
    expect(authErrorMessage(new FirebaseError('auth/unknown-thing', 'x'))).toBe('Something went wrong');
    expect(authErrorMessage(new Error('boom'))).toBe('Something went wrong');
  });
});
