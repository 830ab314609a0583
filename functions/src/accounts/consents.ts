/**
 * Consents (docs/accounts-privacy.md): `consents/{uid}` records which privacy notice the shopper
 * was shown at signup and their marketing-mail consent, its own unticked choice, withdrawable at
 * any time. Order and account mails need no consent (they are the service asked for).
 */
import { PRIVACY_NOTICE_VERSION } from '@bagshop/domain';
import { FieldValue, Timestamp } from 'firebase-admin/firestore';
import { db } from '../lib/admin.js';

export const consentDoc = (uid: string) => db.doc(`consents/${uid}`);

export interface Consents {
  noticeVersion: string | null;
  noticeShownAt: string | null;
  marketing: boolean;
  marketingUpdatedAt: string | null;
  history: { marketing: boolean; at: string; source: string }[];
}

const iso = (value: unknown): string | null => (value instanceof Timestamp ? value.toDate().toISOString() : null);

export async function recordSignupConsents(uid: string, input: { marketing: boolean }): Promise<void> {
  const now = Timestamp.now();
  await consentDoc(uid).set({
    noticeVersion: PRIVACY_NOTICE_VERSION,
    noticeShownAt: now,
    marketing: input.marketing,
    marketingUpdatedAt: now,
    history: [{ marketing: input.marketing, at: now, source: 'signup' }],
  });
}

export async function readConsents(uid: string): Promise<Consents> {
  const snap = await consentDoc(uid).get();
  const d = snap.data() ?? {};
  const history = Array.isArray(d.history) ? (d.history as { marketing?: unknown; at?: unknown; source?: unknown }[]) : [];
  return {
    noticeVersion: typeof d.noticeVersion === 'string' ? d.noticeVersion : null,
    noticeShownAt: iso(d.noticeShownAt),
    marketing: d.marketing === true,
    marketingUpdatedAt: iso(d.marketingUpdatedAt),
    history: history.map((h) => ({ marketing: h.marketing === true, at: iso(h.at) ?? '', source: String(h.source ?? '') })),
  };
}

/** PATCH /api/users/me/consents: give or withdraw the marketing consent; each change is kept in `history`. */
export async function setMarketingConsent(uid: string, marketing: boolean): Promise<Consents> {
  const now = Timestamp.now();
  await consentDoc(uid).set(
    { marketing, marketingUpdatedAt: now, history: FieldValue.arrayUnion({ marketing, at: now, source: 'profile' }) },
    { merge: true },
  );
  return readConsents(uid);
}
