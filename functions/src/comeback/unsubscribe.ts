/**
 * The one-click unsubscribe (docs/comeback.md "Unsubscribe"): `/unsubscribe?token=…` (the page,
 * and RFC 8058's one-click POST to the same address) and `POST /api/unsubscribe?token=`. No
 * sign-in: the signed token is the proof. A shopper's token withdraws that purpose on that
 * channel at once (source `unsubscribe`); a visitor's (`alert:<id>`) ends their alerts.
 */
import type { ConsentChannel, ConsentPurpose } from '@bagshop/domain';
import { FieldValue, Timestamp } from 'firebase-admin/firestore';
import { readConsents, readMessageLink, setConsent } from '../accounts/index.js';
import { db } from '../lib/admin.js';
import { now } from '../lib/clock.js';
import { alerts } from './store.js';

export interface UnsubscribePreview {
  purpose: ConsentPurpose;
  channel: ConsentChannel;
  /** What goes, in words: 'Back-in-stock and price-drop alerts by email'. */
  what: string;
  /** Whether it is still given (false: already withdrawn). */
  granted: boolean;
}

const PURPOSE_WORDS: Record<ConsentPurpose, string> = { marketing: 'Offers and reminders', alerts: 'Back-in-stock and price-drop alerts' };
const CHANNEL_WORDS: Record<ConsentChannel, string> = { email: 'by email', whatsapp: 'on WhatsApp' };

export const consentWords = (purpose: ConsentPurpose, channel: ConsentChannel) => `${PURPOSE_WORDS[purpose]} ${CHANNEL_WORDS[channel]}`;

async function visitorAlerts(alertId: string) {
  const first = await alerts().doc(alertId).get();
  const email: unknown = first.get('email');
  if (!first.exists || typeof email !== 'string') return [];
  return (await alerts().where('email', '==', email).get()).docs.filter((d) => d.get('uid') === null);
}

/** What the token would withdraw (GET /unsubscribe); 400 for a bad or forged token. */
export async function previewUnsubscribe(token: string): Promise<UnsubscribePreview> {
  const link = readMessageLink(token, 'unsubscribe');
  const what = consentWords(link.purpose, link.channel);
  if (link.subject.startsWith('alert:')) {
    const open = (await visitorAlerts(link.subject.slice('alert:'.length))).filter((d) => d.get('status') !== 'ended');
    return { purpose: link.purpose, channel: link.channel, what, granted: open.length > 0 };
  }
  const record = await readConsents(link.subject);
  const granted = record.choices.some((c) => c.purpose === link.purpose && c.channel === link.channel && c.granted);
  return { purpose: link.purpose, channel: link.channel, what, granted };
}

/** Withdraws at once; answers what was withdrawn. Using it twice is harmless. */
export async function unsubscribe(token: string): Promise<UnsubscribePreview> {
  const link = readMessageLink(token, 'unsubscribe');
  const what = consentWords(link.purpose, link.channel);
  if (link.subject.startsWith('alert:')) {
    const at = Timestamp.fromDate(now());
    const batch = db.batch();
    for (const d of await visitorAlerts(link.subject.slice('alert:'.length))) {
      if (d.get('status') === 'ended') continue;
      batch.update(d.ref, {
        status: 'ended',
        endedAt: at,
        endedReason: 'unsubscribed',
        'consent.withdrawnAt': at,
        sendAt: FieldValue.delete(),
      });
    }
    await batch.commit();
  } else {
    await setConsent(link.subject, { purpose: link.purpose, channel: link.channel, granted: false, source: 'unsubscribe' });
  }
  return { purpose: link.purpose, channel: link.channel, what, granted: false };
}
