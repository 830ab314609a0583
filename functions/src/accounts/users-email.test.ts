import type { UserRecord } from 'firebase-admin/auth';
import { describe, expect, it } from 'vitest';
import { checkEmailChange, GOOGLE_SIGN_IN_AGAIN, RECENT_SIGN_IN_SECONDS, SIGN_IN_AGAIN, type Caller } from './users.js';

const record = (...providers: string[]) =>
  ({ uid: 'u1', email: 'a@b.in', providerData: providers.map((providerId) => ({ providerId })) }) as unknown as UserRecord;
const now = Date.UTC(2026, 10, 22, 12, 0, 0);
const caller = (signInProvider: string, secondsAgo: number): Caller => ({
  uid: 'u1',
  email: 'a@b.in',
  role: 'customer',
  signInProvider,
  authTime: now / 1000 - secondsAgo,
});

async function refusal(promise: Promise<void>): Promise<{ status: number; message: string }> {
  try {
    await promise;
  } catch (error) {
    return error as { status: number; message: string };
  }
  throw new Error('expected the email change to be refused');
}

describe('checkEmailChange for accounts without a password', () => {
  it('lets a Google account change its email within five minutes of signing in with Google', async () => {
    await expect(checkEmailChange(caller('google.com', 10), record('google.com'), undefined, now)).resolves.toBeUndefined();
    await expect(
      checkEmailChange(caller('google.com', RECENT_SIGN_IN_SECONDS), record('google.com'), undefined, now),
    ).resolves.toBeUndefined();
  });

  it('asks a Google account to sign in with Google again after that, or when the session came another way (403)', async () => {
    expect(
      await refusal(checkEmailChange(caller('google.com', RECENT_SIGN_IN_SECONDS + 1), record('google.com'), undefined, now)),
    ).toMatchObject({
      status: 403,
      message: GOOGLE_SIGN_IN_AGAIN,
    });
    expect(await refusal(checkEmailChange(caller('custom', 5), record('google.com'), 'anything', now))).toMatchObject({
      status: 403,
      message: GOOGLE_SIGN_IN_AGAIN,
    });
  });

  it('refuses an account with neither a password nor Google (403)', async () => {
    expect(await refusal(checkEmailChange(caller('custom', 5), record(), undefined, now))).toMatchObject({
      status: 403,
      message: SIGN_IN_AGAIN,
    });
  });

  it('an account with a password needs currentPassword (400) whatever its session', async () => {
    expect(await refusal(checkEmailChange(caller('google.com', 5), record('password', 'google.com'), undefined, now))).toMatchObject({
      status: 400,
      message: 'Current password is required to change your email',
    });
  });
});
