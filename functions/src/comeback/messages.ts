/**
 * Comeback mails (docs/comeback.md "Messages"): each carries its `flow`, the unsubscribe link in
 * its body and RFC 8058's `List-Unsubscribe` + `List-Unsubscribe-Post` headers (the Trigger Email
 * extension passes `message.headers` on). What may go and when is messaging-policy's
 * (domain/src/messaging-policy.ts); this builds and queues.
 */
import {
  decideSend,
  escapeHtml,
  type ConsentChannel,
  type ConsentPurpose,
  type MailKind,
  type MessageFlow,
  type SendDecision,
} from '@bagshop/domain';
import { Timestamp, type Transaction } from 'firebase-admin/firestore';
import { signMessageLink } from '../accounts/index.js';
import { mailSiteUrl, queueMail, renderMailBody } from '../mail/index.js';
import { messageState } from './store.js';

export interface ComebackMail {
  flow: MessageFlow;
  kind: MailKind;
  to: string;
  /** The shopper's uid; '' for a visitor's alert. */
  uid: string;
  /** Who the unsubscribe link withdraws for: the uid, or `alert:<id>` for a visitor. */
  subject: string;
  purpose: ConsentPurpose;
  channel: ConsentChannel;
  title: string;
  greeting: string;
  paragraphs: string[];
  link: { href: string; label: string };
  productId: string;
  variantId: string;
}

/** The shop's address for links ('' on emulators without APP_ORIGIN: links are then paths). */
const origin = () => mailSiteUrl() ?? '';

export function unsubscribeUrl(subject: string, purpose: ConsentPurpose, channel: ConsentChannel): string {
  return `${origin()}/unsubscribe?${new URLSearchParams({ token: signMessageLink({ kind: 'unsubscribe', subject, purpose, channel }) }).toString()}`;
}

export const absolute = (path: string) => `${origin()}${path}`;

/** The mail document of `mail`, as queued (`at`: the clock). */
export function comebackMailDoc(mail: ComebackMail, at: Date) {
  const unsubscribe = unsubscribeUrl(mail.subject, mail.purpose, mail.channel);
  const body = renderMailBody({ greeting: mail.greeting, paragraphs: mail.paragraphs, link: mail.link });
  const why =
    mail.purpose === 'alerts'
      ? 'You get this because you asked for alerts about this bag.'
      : 'You get this because you agreed to our offers by email.';
  return {
    to: mail.to,
    message: {
      subject: mail.title,
      text: `${body.text}\n\n${why} Unsubscribe: ${unsubscribe}\n`,
      html: body.html.replace(
        /<\/div>$/,
        `<p style="font-size:13px;color:#495057">${escapeHtml(why)} <a href="${escapeHtml(unsubscribe)}">Unsubscribe</a></p></div>`,
      ),
      headers: { 'List-Unsubscribe': `<${unsubscribe}>`, 'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click' },
    },
    kind: mail.kind,
    flow: mail.flow,
    purpose: mail.purpose,
    channel: mail.channel,
    uid: mail.uid,
    productId: mail.productId,
    variantId: mail.variantId,
    createdAt: Timestamp.fromDate(at),
  };
}

/** The shopper's last capped message (the one-a-day cap), read in `tx`. */
export async function lastCappedAt(tx: Transaction, uid: string): Promise<Date | null> {
  if (!uid) return null;
  const snap = await tx.get(messageState().doc(uid));
  const at: unknown = snap.get('lastCappedAt');
  return at instanceof Timestamp ? at.toDate() : null;
}

/** Decides, and when the answer is "send" queues the mail in `tx` (and counts it under the cap). */
export function sendIfAllowed(
  tx: Transaction,
  mail: ComebackMail,
  check: { at: Date; consented: boolean; lastCappedAt: Date | null; capped: boolean },
): SendDecision {
  const decision = decideSend({ flow: mail.flow, at: check.at, consented: check.consented, lastCappedAt: check.lastCappedAt });
  if (decision.action !== 'send') return decision;
  queueMail(tx, comebackMailDoc(mail, check.at));
  if (check.capped && mail.uid) tx.set(messageState().doc(mail.uid), { lastCappedAt: Timestamp.fromDate(check.at) }, { merge: true });
  return decision;
}
