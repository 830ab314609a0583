// Profiles (users/{uid}) and the Auth accounts behind them.
import {
  CURRENT_PASSWORD_REQUIRED,
  profileFromData,
  type Role,
  type SignupInput,
  type UpdateDetailsInput,
  type User,
} from '@bagshop/domain';
import { FieldValue, type DocumentData, type DocumentSnapshot } from 'firebase-admin/firestore';
import type { UserRecord } from 'firebase-admin/auth';
import { auth, db } from '../lib/admin.js';
import { plainData } from '../lib/firestore-data.js';
import { badRequest, conflict, HttpError, notFound } from '../lib/errors.js';
import { endSessions } from '../lib/session-cutoffs.js';
import { splitDisplayName } from './names.js';
import { resetPasswordWithCode, sendPasswordResetCode, signInWithPassword } from './identity.js';
import { requestEmailChange, sendVerificationMail } from './email.js';
import { recordSignupConsents } from './consents.js';
import { logger } from 'firebase-functions';

export const EMAIL_TAKEN = 'Email is already registered';

export const profiles = () => db.collection('users');
const profile = (uid: string) => profiles().doc(uid);

/** The API shape of a profile (the codec: domain/src/codecs/profile.ts). `role` is passed in: the token claim is the truth, not the mirror. */
export function toUser(uid: string, d: DocumentData, role: Role): User {
  return profileFromData(uid, plainData(d), role);
}

const roleOfClaims = (claims: Record<string, unknown> | undefined): Role => (claims?.role === 'admin' ? 'admin' : 'customer');

function authCode(error: unknown): string {
  return typeof error === 'object' && error !== null && 'code' in error ? String((error as { code: unknown }).code) : '';
}

export interface Caller {
  uid: string;
  email: string | null;
  role: Role;
  name?: string | undefined;
  /** From the verified ID token: how and when (seconds since epoch) this session signed in. */
  signInProvider?: string | undefined;
  authTime?: number | undefined;
}

/**
 * The caller's profile. A user without one (a Google user's first visit, or an account made
 * outside the API) gets one now: names from the display name, email from the token.
 */
export async function currentUser(caller: Caller): Promise<User> {
  const ref = profile(caller.uid);
  const snap = await ref.get();
  if (snap.exists) return toUser(caller.uid, snap.data() ?? {}, caller.role);
  return createMissingProfile(caller);
}

/** The caller's profile with what Auth has verified: the email, and the phone number (E.164) if one is linked. */
export async function currentUserWithVerification(
  caller: Caller,
): Promise<User & { emailVerified: boolean; verifiedPhone: string | null }> {
  const [user, record] = await Promise.all([currentUser(caller), auth.getUser(caller.uid)]);
  const email = await followAuthEmail(caller.uid, user.email, record);
  return { ...user, email, emailVerified: record.emailVerified, verifiedPhone: record.phoneNumber ?? null };
}

/**
 * The account's email is Auth's (issue 37): a verified change applied anywhere — the shop's own
 * page (accounts/email.ts, which also tells the old address), or the link opened on
 * Firebase's action page, which never tells the shop — shows here, and the profile follows.
 */
async function followAuthEmail(uid: string, profileEmail: string, record: UserRecord): Promise<string> {
  const authEmail = (record.email ?? '').toLowerCase();
  if (!authEmail || !record.emailVerified || authEmail === profileEmail.toLowerCase()) return profileEmail;
  try {
    await profile(uid).update({ email: authEmail, updatedAt: FieldValue.serverTimestamp() });
    logger.info('profile_email_followed_auth', { uid });
  } catch (error) {
    logger.error('profile_email_sync_failed', { uid, error: error instanceof Error ? error.message : String(error) });
  }
  return authEmail;
}

async function createMissingProfile(caller: Caller): Promise<User> {
  const ref = profile(caller.uid);
  const fullname = splitDisplayName(caller.name, caller.email);
  const data = {
    fullname,
    email: (caller.email ?? '').toLowerCase(),
    phonenumber: '',
    role: caller.role,
    createdAt: FieldValue.serverTimestamp(),
    updatedAt: FieldValue.serverTimestamp(),
  };
  try {
    await ref.create(data);
  } catch (error) {
    // Two first requests at once: the other one made it; read theirs.
    if (authCode(error) !== '6' && !/already exists/i.test(String(error))) throw error;
  }
  const fresh = await ref.get();
  return toUser(caller.uid, fresh.data() ?? {}, caller.role);
}

/** Creates the Auth user and the profile together; if the profile cannot be written the Auth user is removed. */
export async function signup(input: SignupInput): Promise<User> {
  let record: UserRecord;
  try {
    record = await auth.createUser({
      email: input.email,
      password: input.password,
      displayName: `${input.fullname.firstname} ${input.fullname.lastname}`.trim(),
    });
  } catch (error) {
    const code = authCode(error);
    if (code === 'auth/email-already-exists') throw conflict(EMAIL_TAKEN);
    if (code === 'auth/invalid-email') throw badRequest('Invalid email', [{ field: 'email', message: 'Invalid email' }]);
    if (code === 'auth/invalid-password')
      throw badRequest('At least 6 characters', [{ field: 'password', message: 'At least 6 characters' }]);
    throw error;
  }
  const data = {
    fullname: { firstname: input.fullname.firstname, lastname: input.fullname.lastname },
    email: input.email,
    phonenumber: input.phonenumber,
    role: 'customer' as const,
    createdAt: FieldValue.serverTimestamp(),
    updatedAt: FieldValue.serverTimestamp(),
  };
  try {
    await profile(record.uid).create(data);
  } catch (error) {
    await auth.deleteUser(record.uid).catch(() => undefined);
    throw error;
  }
  // The account exists: a mail or consent record that fails is logged, not a failed signup
  // (the profile offers Resend; docs/accounts-privacy.md).
  await Promise.all([
    sendVerificationMail(record.uid, input.email, input.fullname.firstname).catch((error: unknown) =>
      logger.error('verification_mail_failed', { uid: record.uid, error: String(error) }),
    ),
    recordSignupConsents(record.uid, { marketing: input.marketingConsent ?? false }).catch((error: unknown) =>
      logger.error('consents_failed', { uid: record.uid, error: String(error) }),
    ),
  ]);
  const snap = await profile(record.uid).get();
  return toUser(record.uid, snap.data() ?? {}, 'customer');
}

export interface SigninResult {
  user: User;
  idToken: string;
  refreshToken: string;
  expiresIn: number;
}

export const BAD_CREDENTIALS = 'Invalid email or password';

/** Password sign-in for API clients (the SPA signs in with the Firebase SDK instead). */
export async function signin(email: string, password: string): Promise<SigninResult> {
  const session = await signInWithPassword(email, password);
  if (!session) throw new HttpError(401, BAD_CREDENTIALS);
  const token = await auth.verifyIdToken(session.idToken);
  const user = await currentUser({
    uid: session.uid,
    email: token.email ?? email,
    role: token.role === 'admin' ? 'admin' : 'customer',
    name: typeof token.name === 'string' ? token.name : undefined,
  });
  return { user, idToken: session.idToken, refreshToken: session.refreshToken, expiresIn: session.expiresIn };
}

/** Ends every session of the user: refresh tokens stop working, and admin routes refuse current ID tokens. */
export async function revokeSessions(uid: string): Promise<void> {
  await auth.revokeRefreshTokens(uid);
  await endSessions(uid, 'logout_everywhere');
}

export const WRONG_CURRENT_PASSWORD = 'Current password is incorrect';
export const GOOGLE_SIGN_IN_AGAIN = 'Sign in with Google again to change your email';
export const SIGN_IN_AGAIN = 'Sign in again to change your email';
/** How recent a Google sign-in must be to change the email without a password. */
export const RECENT_SIGN_IN_SECONDS = 5 * 60;

/**
 * Who may change the account's email (docs/api-accounts.md): an account with a password proves
 * it with `currentPassword` (400 without, 403 when wrong); a Google account without a password
 * by a Google sign-in of the last five minutes (the SPA re-authenticates with Google first).
 * A stolen ID token alone can no longer move the account to another address.
 */
export async function checkEmailChange(
  caller: Caller,
  record: UserRecord,
  currentPassword: string | undefined,
  now = Date.now(),
): Promise<void> {
  const providers = record.providerData.map((p) => p.providerId);
  if (providers.includes('password')) {
    if (!currentPassword) throw badRequest(CURRENT_PASSWORD_REQUIRED, [{ field: 'currentPassword', message: CURRENT_PASSWORD_REQUIRED }]);
    const session = record.email ? await signInWithPassword(record.email, currentPassword) : null;
    if (!session || session.uid !== caller.uid) {
      throw new HttpError(403, WRONG_CURRENT_PASSWORD, [{ field: 'currentPassword', message: WRONG_CURRENT_PASSWORD }]);
    }
    return;
  }
  const recent = caller.authTime !== undefined && now / 1000 - caller.authTime <= RECENT_SIGN_IN_SECONDS;
  if (providers.includes('google.com')) {
    if (caller.signInProvider === 'google.com' && recent) return;
    throw new HttpError(403, GOOGLE_SIGN_IN_AGAIN);
  }
  throw new HttpError(403, SIGN_IN_AGAIN);
}

/**
 * Name, email and phone. An email change needs proof (checkEmailChange) and is
 * verify-before-update (accounts/email.ts): the new address gets a confirmation link
 * (409 if another account has it) and takes effect only once it is followed; until then the
 * account and its profile keep the old one. `pendingEmail` names the address waiting.
 */
export async function updateDetails(caller: Caller, input: UpdateDetailsInput): Promise<{ user: User; pendingEmail: string | null }> {
  const current = await currentUser(caller);
  const record = await auth.getUser(caller.uid);
  const previousEmail = record.email ?? null;
  const emailChanged = (previousEmail ?? '').toLowerCase() !== input.email;
  if (emailChanged) {
    await checkEmailChange(caller, record, input.currentPassword);
    if (previousEmail) {
      try {
        const other = await auth.getUserByEmail(input.email);
        if (other.uid !== caller.uid) throw conflict(EMAIL_TAKEN);
      } catch (error) {
        if (authCode(error) !== 'auth/user-not-found') throw error;
      }
      await requestEmailChange(caller.uid, previousEmail, input.email, input.firstname);
    } else {
      // An account without an email (phone-only) sets one directly; it is then verified like a signup's.
      try {
        await auth.updateUser(caller.uid, { email: input.email, emailVerified: false });
      } catch (error) {
        if (authCode(error) === 'auth/email-already-exists') throw conflict(EMAIL_TAKEN);
        throw error;
      }
      await sendVerificationMail(caller.uid, input.email, input.firstname);
    }
  }
  const displayName = `${input.firstname} ${input.lastname}`.trim();
  await auth.updateUser(caller.uid, { displayName });
  const keepsOldEmail = emailChanged && previousEmail !== null;
  await profile(caller.uid).update({
    fullname: { firstname: input.firstname, lastname: input.lastname },
    email: keepsOldEmail ? current.email || previousEmail : input.email,
    phonenumber: input.phonenumber,
    updatedAt: FieldValue.serverTimestamp(),
  });
  const snap = await profile(caller.uid).get();
  return { user: toUser(caller.uid, snap.data() ?? {}, caller.role), pendingEmail: keepsOldEmail ? input.email : null };
}

/** Checks the current password with a real sign-in first, then sets the new one. */
export async function updatePassword(uid: string, currentPassword: string, newPassword: string): Promise<void> {
  const record = await auth.getUser(uid);
  const email = record.email;
  const session = email ? await signInWithPassword(email, currentPassword) : null;
  if (!session || session.uid !== uid) {
    throw badRequest(WRONG_CURRENT_PASSWORD, [{ field: 'currentPassword', message: WRONG_CURRENT_PASSWORD }]);
  }
  await auth.updateUser(uid, { password: newPassword });
  await endSessions(uid, 'password_changed');
}

export async function forgetPassword(email: string): Promise<void> {
  await sendPasswordResetCode(email);
}

export const BAD_RESET_LINK = 'Invalid or expired reset link';

export async function resetPassword(oobCode: string, newPassword: string): Promise<void> {
  const email = await resetPasswordWithCode(oobCode, newPassword);
  if (email === null) throw badRequest(BAD_RESET_LINK);
  // A reset password ends the account's sessions, as a change does.
  const record = email ? await auth.getUserByEmail(email).catch(() => null) : null;
  if (record) await endSessions(record.uid, 'password_reset');
}

// ---- admin ----

export const MAX_PAGE = 100;

/** Profiles, newest first, `limit` per page; `after` is the last `_id` of the previous page. Roles from the claims. */
export async function listUsers(limit: number, after?: string): Promise<User[]> {
  let query = profiles().orderBy('createdAt', 'desc').limit(limit);
  if (after) {
    const cursor = await profile(after).get();
    if (!cursor.exists) throw badRequest('Unknown cursor: after must be the _id of a listed user');
    query = query.startAfter(cursor);
  }
  const snap = await query.get();
  if (snap.empty) return [];
  const records = await auth.getUsers(snap.docs.map((d) => ({ uid: d.id })));
  const byUid = new Map(records.users.map((u) => [u.uid, u]));
  return snap.docs.map((d: DocumentSnapshot) => ({
    ...toUser(d.id, d.data() ?? {}, roleOfClaims(byUid.get(d.id)?.customClaims)),
    emailVerified: byUid.get(d.id)?.emailVerified ?? false,
  }));
}

export const OWN_ROLE = 'You cannot change your own role';
export const EMAIL_NOT_VERIFIED = "This account's email is not verified";
/** `admins/{uid}`: kept by the server beside the claim; firestore.rules give admin reads only with it. */
export const adminMarkers = () => db.collection('admins');

/** Grants or removes the admin claim, mirrors it on the profile and ends the target's sessions. */
export async function setRole(actorUid: string, uid: string, role: Role): Promise<User> {
  if (actorUid === uid) throw badRequest(OWN_ROLE);
  let record: UserRecord;
  try {
    record = await auth.getUser(uid);
  } catch (error) {
    if (authCode(error) === 'auth/user-not-found') throw notFound('User not found');
    throw error;
  }
  // Admin rights only for an address its owner has proved (docs/accounts-privacy.md).
  if (role === 'admin' && !record.emailVerified) throw conflict(EMAIL_NOT_VERIFIED);
  const claims: Record<string, unknown> = { ...(record.customClaims ?? {}) };
  if (role === 'admin') claims.role = 'admin';
  else delete claims.role;
  // Demotion removes the server-kept admins/{uid} first: the rules stop the direct reads at once.
  if (role !== 'admin') await adminMarkers().doc(uid).delete();
  await auth.setCustomUserClaims(uid, Object.keys(claims).length ? claims : null);
  if (role === 'admin')
    await adminMarkers()
      .doc(uid)
      .set({ email: record.email ?? '', grantedBy: actorUid, grantedAt: FieldValue.serverTimestamp() });
  const ref = profile(uid);
  const snap = await ref.get();
  if (snap.exists) await ref.update({ role, updatedAt: FieldValue.serverTimestamp() });
  await auth.revokeRefreshTokens(uid);
  await endSessions(uid, 'role_changed');
  if (snap.exists) return toUser(uid, (await ref.get()).data() ?? {}, role);
  const name = splitDisplayName(record.displayName, record.email ?? null);
  return {
    _id: uid,
    fullname: name,
    email: record.email ?? '',
    phonenumber: '',
    role,
    createdAt: record.metadata.creationTime ? new Date(record.metadata.creationTime).toISOString() : new Date(0).toISOString(),
  };
}
