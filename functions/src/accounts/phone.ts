/**
 * Verified phone with Firebase Auth's phone provider (docs/accounts-privacy.md). The server
 * drives it through the Identity Toolkit API, so the client never holds the SMS session and the
 * limits on sending codes live in one place: `POST /api/users/me/phone` sends the code (the
 * session is kept in `phoneVerifications/{uid}`), `POST /api/users/me/phone/verify` checks it and
 * links the number to the signed-in account: it becomes the Auth user's `phoneNumber`.
 */
import { indianE164 } from '@bagshop/domain';
import { FieldValue, Timestamp } from 'firebase-admin/firestore';
import { auth, db } from '../lib/admin.js';
import { badRequest, conflict, HttpError } from '../lib/errors.js';
import { IdentityError, linkPhoneWithCode, sendPhoneCode } from './identity.js';

const pending = (uid: string) => db.doc(`phoneVerifications/${uid}`);

/** A code is good for 10 minutes and 5 tries. */
export const CODE_TTL_SECONDS = 600;
export const MAX_CODE_ATTEMPTS = 5;

export const PHONE_TAKEN = 'This phone number is already verified on another account';
export const PHONE_ALREADY_YOURS = 'This phone number is already verified on your account';
export const NO_CODE_SENT = 'Send a code to your phone first';
export const CODE_EXPIRED = 'This code has expired: send a new one';
export const WRONG_CODE = 'The code is not correct';
export const TOO_MANY_TRIES = 'Too many wrong codes: send a new one';

function authCode(error: unknown): string {
  return typeof error === 'object' && error !== null && 'code' in error ? String((error as { code: unknown }).code) : '';
}

export async function startPhoneVerification(
  uid: string,
  tenDigits: string,
  recaptchaToken?: string,
): Promise<{ phonenumber: string; expiresInSeconds: number }> {
  const phoneNumber = indianE164(tenDigits);
  const record = await auth.getUser(uid);
  if (record.phoneNumber === phoneNumber) throw conflict(PHONE_ALREADY_YOURS);
  try {
    const owner = await auth.getUserByPhoneNumber(phoneNumber);
    if (owner.uid !== uid) throw conflict(PHONE_TAKEN);
  } catch (error) {
    if (authCode(error) !== 'auth/user-not-found') throw error;
  }
  let sessionInfo: string;
  try {
    sessionInfo = await sendPhoneCode(phoneNumber, recaptchaToken);
  } catch (error) {
    if (error instanceof IdentityError && /INVALID_PHONE_NUMBER/.test(error.code)) throw badRequest('Phone must be 10 digits');
    if (error instanceof IdentityError && /TOO_MANY_ATTEMPTS|QUOTA_EXCEEDED/.test(error.code)) {
      throw new HttpError(429, 'Too many codes sent, please try again later', undefined, { 'Retry-After': '3600' });
    }
    if (error instanceof IdentityError && /CAPTCHA/.test(error.code))
      throw badRequest('Please complete the check that you are not a robot');
    throw error;
  }
  await pending(uid).set({ phoneNumber, sessionInfo, attempts: 0, createdAt: Timestamp.now() });
  return { phonenumber: tenDigits, expiresInSeconds: CODE_TTL_SECONDS };
}

/** Checks the code and links the number; `idToken` is the caller's own (the link is made to that account). */
export async function confirmPhoneVerification(uid: string, idToken: string, code: string): Promise<{ verifiedPhone: string }> {
  const ref = pending(uid);
  const snap = await ref.get();
  if (!snap.exists) throw badRequest(NO_CODE_SENT);
  const createdAt = snap.get('createdAt') as Timestamp | undefined;
  const attempts = Number(snap.get('attempts') ?? 0);
  if (!createdAt || Date.now() - createdAt.toMillis() > CODE_TTL_SECONDS * 1000) {
    await ref.delete();
    throw badRequest(CODE_EXPIRED);
  }
  if (attempts >= MAX_CODE_ATTEMPTS) {
    await ref.delete();
    throw new HttpError(429, TOO_MANY_TRIES);
  }
  await ref.update({ attempts: FieldValue.increment(1) });
  let phoneNumber: string;
  try {
    phoneNumber = await linkPhoneWithCode(idToken, String(snap.get('sessionInfo')), code);
  } catch (error) {
    if (error instanceof IdentityError) {
      if (error.code === 'INVALID_CODE') throw badRequest(WRONG_CODE, [{ field: 'code', message: WRONG_CODE }]);
      if (/SESSION_EXPIRED|INVALID_SESSION_INFO/.test(error.code)) throw badRequest(CODE_EXPIRED);
      if (/PHONE_NUMBER_EXISTS/.test(error.code)) throw conflict(PHONE_TAKEN);
    }
    throw error;
  }
  await ref.delete();
  // The profile shows the number the shopper now has verified.
  await db
    .doc(`users/${uid}`)
    .set({ phonenumber: phoneNumber.replace(/^\+91/, ''), updatedAt: FieldValue.serverTimestamp() }, { merge: true });
  return { verifiedPhone: phoneNumber };
}
