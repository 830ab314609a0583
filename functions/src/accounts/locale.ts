/** The shopper's language on the profile (docs/i18n.md): `users/{uid}.locale`, set by PATCH /api/users/me. */
import type { Locale } from '@bagshop/domain';
import { db } from '../lib/admin.js';
import { notFound } from '../lib/errors.js';

export async function setProfileLocale(uid: string, locale: Locale): Promise<{ locale: Locale }> {
  const ref = db.doc(`users/${uid}`);
  await db.runTransaction(async (tx) => {
    if (!(await tx.get(ref)).exists) throw notFound('Your profile was not found. Please sign in again');
    tx.update(ref, { locale });
  });
  return { locale };
}
