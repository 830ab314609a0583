/**
 * Consents (docs/accounts-privacy.md "Consent per channel and purpose", issue 42): `consents/{uid}`
 * records which privacy notice the shopper was shown at signup and their choice per purpose
 * (`marketing`: offers and reminders; `alerts`: back in stock, price drops) and channel (`email`,
 * `whatsapp`), each grant and withdrawal with its time, source and the notice's version.
 * Transactional messages (orders, the account) need no choice and are never stored as one.
 * Documents of the first version (`marketing: boolean` + `history`) read as marketing by email.
 */
import {
  CONSENT_CHANNELS,
  PRIVACY_NOTICE_VERSION,
  consentGranted,
  consentKey,
  consentRecordFromData,
  type ConsentChannel,
  type ConsentPurpose,
  type ConsentRecord,
} from '@bagshop/domain';
import { FieldValue, Timestamp } from 'firebase-admin/firestore';
import { db } from '../lib/admin.js';
import { now } from '../lib/clock.js';
import { plainDoc } from '../lib/firestore-data.js';

export const consentDoc = (uid: string) => db.doc(`consents/${uid}`);

export type Consents = ConsentRecord;

export interface ConsentChange {
  purpose: ConsentPurpose;
  channel: ConsentChannel;
  granted: boolean;
  /** Where it was chosen: signup, profile, unsubscribe, whatsapp-stop, alert-signup, … */
  source: string;
}

/** The fields that record one choice (merged into the document). */
function choiceWrite(change: ConsentChange, at: Timestamp): Record<string, unknown> {
  const entry = { granted: change.granted, at, source: change.source, noticeVersion: PRIVACY_NOTICE_VERSION };
  return {
    choices: { [consentKey(change.purpose, change.channel)]: entry },
    history: FieldValue.arrayUnion({ purpose: change.purpose, channel: change.channel, ...entry }),
    // The first version's fields, kept for its readers: marketing by email.
    ...(change.purpose === 'marketing' && change.channel === 'email' ? { marketing: change.granted, marketingUpdatedAt: at } : {}),
  };
}

export async function recordSignupConsents(uid: string, input: { marketing: boolean }): Promise<void> {
  const at = Timestamp.fromDate(now());
  await consentDoc(uid).set({
    noticeVersion: PRIVACY_NOTICE_VERSION,
    noticeShownAt: at,
    ...choiceWrite({ purpose: 'marketing', channel: 'email', granted: input.marketing, source: 'signup' }, at),
    history: [
      { purpose: 'marketing', channel: 'email', granted: input.marketing, at, source: 'signup', noticeVersion: PRIVACY_NOTICE_VERSION },
    ],
  });
}

export async function readConsents(uid: string): Promise<Consents> {
  const snap = await consentDoc(uid).get();
  return consentRecordFromData(uid, snap.exists ? plainDoc(snap) : undefined);
}

/** Gives or withdraws one purpose on one channel; answers the record as it is now. */
export async function setConsent(uid: string, change: ConsentChange): Promise<Consents> {
  await consentDoc(uid).set(choiceWrite(change, Timestamp.fromDate(now())), { merge: true });
  return readConsents(uid);
}

/** Whether the shopper has granted `purpose` on `channel` (transactional messages need no consent). */
export async function hasConsent(uid: string, purpose: ConsentPurpose | 'transactional', channel: ConsentChannel): Promise<boolean> {
  if (purpose === 'transactional') return true;
  return consentGranted(await readConsents(uid), purpose, channel);
}

/**
 * The first version's call, kept for its callers (PATCH { marketing }, WhatsApp STOP). Granting
 * grants marketing by email (what that switch said); withdrawing withdraws marketing on every
 * channel where it is given (email always). `source` 'whatsapp-stop' (a STOP reply) withdraws everything on WhatsApp instead:
 * marketing and alerts (docs/accounts-privacy.md).
 */
export async function setMarketingConsent(uid: string, marketing: boolean, source = 'profile'): Promise<Consents> {
  const at = Timestamp.fromDate(now());
  const current = await readConsents(uid);
  const changes: ConsentChange[] =
    source === 'whatsapp-stop'
      ? [
          { purpose: 'marketing', channel: 'whatsapp', granted: marketing, source },
          ...(marketing ? [] : [{ purpose: 'alerts', channel: 'whatsapp', granted: false, source } as const]),
        ]
      : marketing
        ? [{ purpose: 'marketing', channel: 'email', granted: true, source }]
        : CONSENT_CHANNELS.filter((channel) => channel === 'email' || consentGranted(current, 'marketing', channel)).map(
            (channel) => ({ purpose: 'marketing', channel, granted: false, source }) as const,
          );
  const batch = db.batch();
  for (const change of changes) batch.set(consentDoc(uid), choiceWrite(change, at), { merge: true });
  await batch.commit();
  return readConsents(uid);
}
