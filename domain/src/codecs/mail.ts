/**
 * `mail/{id}`: a message in the queue that Firebase's "Trigger Email" extension sends
 * (docs/security.md, "Mail queue"). The function writes them (functions/src/mail/mail.ts);
 * this reads one back, for tests and tools.
 */
import { WARRANTY_CLAIM_STATUSES, type WarrantyClaimStatus } from '../warranty/claims.js';
import { Fields } from './plain.js';

export const ORDER_MAIL_EVENTS = [
  'placed',
  'confirmed',
  'shipped',
  'out_for_delivery',
  'delivery_failed',
  'completed',
  'returned_to_origin',
  'cancelled',
  'refunded',
] as const;
export type OrderMailEvent = (typeof ORDER_MAIL_EVENTS)[number];
/** Account messages (verify the email at signup, confirm a new address) and review messages (docs/reviews.md). */
export const ACCOUNT_MAIL_KINDS = ['email_changed', 'verify_email', 'verify_new_email', 'review_request', 'review_decision'] as const;
/** A return's steps (docs/returns.md): `return_requested` … `return_rejected`, and `return_payout_paid`. */
export const RETURN_MAIL_KINDS = [
  'return_requested',
  'return_approved',
  'return_pickup_scheduled',
  'return_picked_up',
  'return_received',
  'return_refunded',
  'return_exchanged',
  'return_rejected',
  'return_payout_paid',
] as const;
/** A warranty claim's steps (docs/warranty.md): `warranty_submitted` … `warranty_closed`, `warranty_rejected`. */
export const WARRANTY_MAIL_KINDS = WARRANTY_CLAIM_STATUSES.map((s) => `warranty_${s}` as const);
export type WarrantyMailKind = `warranty_${WarrantyClaimStatus}`;
/** Bringing shoppers back (docs/comeback.md): the alert mails and a visitor's double opt-in. */
export const COMEBACK_MAIL_KINDS = ['back_in_stock', 'price_drop', 'alert_confirm'] as const;
export const MAIL_KINDS = [
  ...ORDER_MAIL_EVENTS.map((event) => `order_${event}` as const),
  ...ACCOUNT_MAIL_KINDS,
  ...RETURN_MAIL_KINDS,
  ...WARRANTY_MAIL_KINDS,
  ...COMEBACK_MAIL_KINDS,
] as const;
export type MailKind =
  | `order_${OrderMailEvent}`
  | (typeof ACCOUNT_MAIL_KINDS)[number]
  | (typeof RETURN_MAIL_KINDS)[number]
  | WarrantyMailKind
  | (typeof COMEBACK_MAIL_KINDS)[number];

export interface QueuedMail {
  to: string;
  message: { subject: string; text: string; html: string; headers?: Record<string, string> };
  /** Ours, for finding and testing messages; the extension ignores fields it does not know. */
  kind: MailKind;
  uid: string;
  orderId?: string;
  /** The message flow (domain/src/messaging/flows.ts, `mailFlowOf`): the admin's Messages view counts by it. Older mails lack it. */
  flow?: string;
  /** ISO */
  createdAt: string;
}

export function mailFromData(id: string, data: unknown): QueuedMail {
  const d = Fields.of(data, `mail/${id}`);
  const message = d.object('message');
  const orderId = d.textOrNull('orderId');
  const flow = d.textOrNull('flow');
  const headers = message.objectOrNull('headers');
  return {
    to: d.text('to'),
    message: {
      subject: message.text('subject'),
      text: message.text('text'),
      html: message.text('html'),
      ...(headers ? { headers: Object.fromEntries(Object.keys(headers.data).map((k) => [k, headers.text(k)])) } : {}),
    },
    kind: d.required<MailKind>('kind', MAIL_KINDS),
    uid: d.text('uid'),
    ...(orderId === null ? {} : { orderId }),
    ...(flow === null ? {} : { flow }),
    createdAt: d.date('createdAt'),
  };
}
