/**
 * Verified email (docs/accounts-privacy.md): signup mails a verification link, the profile can
 * ask for it again, and an email change is verify-before-update: the new address takes effect
 * only when its owner follows the link mailed to it; then the old address is told and every
 * session of the account ends.
 */
import { Timestamp, FieldValue } from 'firebase-admin/firestore';
import { auth, db } from '../lib/admin.js';
import { badRequest, conflict } from '../lib/errors.js';
import { endSessions } from '../lib/session-cutoffs.js';
import { emailChangedMail, greeting, queueMail, render, siteUrl, type MailDoc } from '../mail/index.js';
import { applyEmailActionCode } from './identity.js';

export const ALREADY_VERIFIED = 'Your email is already verified';
export const BAD_VERIFY_LINK = 'This verification link is invalid or has expired';
export const EMAIL_TAKEN = 'Email is already registered';

function authCode(error: unknown): string {
  return typeof error === 'object' && error !== null && 'code' in error ? String((error as { code: unknown }).code) : '';
}

/**
 * The link a mail carries: the shop's own /verify-email page with Firebase's code (it applies the
 * code through POST /api/users/verifyEmail), or Firebase's own action link when the shop's
 * address is not set.
 */
export function verificationHref(firebaseLink: string, site: string | null): string {
  const code = new URL(firebaseLink).searchParams.get('oobCode');
  if (!site || !code) return firebaseLink;
  return `${site}/verify-email?oobCode=${encodeURIComponent(code)}`;
}

function verifyMail(input: { uid: string; to: string; firstname?: string; href: string; change: boolean }): MailDoc {
  const body = render({
    greeting: greeting(input.firstname),
    paragraphs: input.change
      ? [
          `You asked to use ${input.to} for your Bagshop account. Confirm it with the link below: until then your account keeps its old address.`,
          'If you did not ask for this, ignore this mail and nothing changes.',
        ]
      : [
          'Welcome to Bagshop. Please confirm that this is your email address with the link below.',
          'If you did not sign up, ignore this mail.',
        ],
    link: { href: input.href, label: input.change ? 'Confirm your new email' : 'Verify your email' },
  });
  return {
    to: input.to,
    message: { subject: input.change ? 'Confirm your new Bagshop email address' : 'Verify your Bagshop email address', ...body },
    kind: input.change ? 'verify_new_email' : 'verify_email',
    uid: input.uid,
    createdAt: Timestamp.now(),
  };
}

/** Queues the verification mail for the account's current address (signup, Resend). */
export async function sendVerificationMail(uid: string, email: string, firstname?: string): Promise<void> {
  const link = await auth.generateEmailVerificationLink(email);
  const batch = db.batch();
  queueMail(batch, verifyMail({ uid, to: email, firstname, href: verificationHref(link, siteUrl()), change: false }));
  await batch.commit();
}

/** POST /api/users/verifyEmail/resend: 409 when already verified. */
export async function resendVerification(uid: string): Promise<{ email: string }> {
  const record = await auth.getUser(uid);
  if (record.emailVerified) throw conflict(ALREADY_VERIFIED);
  if (!record.email) throw badRequest('This account has no email address');
  const profile = await db.doc(`users/${uid}`).get();
  const firstname = profile.get('fullname.firstname') as unknown;
  await sendVerificationMail(uid, record.email, typeof firstname === 'string' ? firstname : undefined);
  return { email: record.email };
}

/** Verify-before-update: mails a confirmation link to the NEW address; nothing changes until it is followed. */
export async function requestEmailChange(uid: string, oldEmail: string, newEmail: string, firstname?: string): Promise<void> {
  let link: string;
  try {
    link = await auth.generateVerifyAndChangeEmailLink(oldEmail, newEmail);
  } catch (error) {
    if (/email-already-exists|EMAIL_EXISTS/.test(authCode(error) + String(error))) throw conflict(EMAIL_TAKEN);
    throw error;
  }
  const batch = db.batch();
  queueMail(batch, verifyMail({ uid, to: newEmail, firstname, href: verificationHref(link, siteUrl()), change: true }));
  await batch.commit();
}

/**
 * POST /api/users/verifyEmail { oobCode }: applies the code from the mail. A new address is now
 * the account's: the profile follows, the old address is told, and every session ends.
 */
export async function applyVerification(oobCode: string): Promise<{ email: string; emailChanged: boolean }> {
  const applied = await applyEmailActionCode(oobCode);
  if (!applied) throw badRequest(BAD_VERIFY_LINK);
  const uid = applied.uid ?? (await auth.getUserByEmail(applied.email)).uid;
  const ref = db.doc(`users/${uid}`);
  const snap = await ref.get();
  const oldEmail = String(snap.get('email') ?? '').toLowerCase();
  const emailChanged = snap.exists && oldEmail !== applied.email;
  if (emailChanged) {
    const batch = db.batch();
    batch.update(ref, { email: applied.email, updatedAt: FieldValue.serverTimestamp() });
    const firstname = snap.get('fullname.firstname') as unknown;
    queueMail(batch, emailChangedMail({ uid, oldEmail, newEmail: applied.email, ...(typeof firstname === 'string' ? { firstname } : {}) }));
    await batch.commit();
    await auth.revokeRefreshTokens(uid);
    await endSessions(uid, 'email_changed');
  }
  return { email: applied.email, emailChanged };
}
