/**
 * `mail/{id}`: a message in the queue that Firebase's "Trigger Email" extension sends
 * (docs/security.md, "Mail queue"). The function writes them (functions/src/services/mail.ts);
 * this reads one back, for tests and tools.
 */
import { Fields } from './plain.js';

export const ORDER_MAIL_EVENTS = ['placed', 'confirmed', 'shipped', 'cancelled', 'refunded'] as const;
export type OrderMailEvent = (typeof ORDER_MAIL_EVENTS)[number];
export const MAIL_KINDS = [
  ...ORDER_MAIL_EVENTS.map((event) => `order_${event}` as const),
  'email_changed',
  'review_request',
  'review_decision',
] as const;
export type MailKind = `order_${OrderMailEvent}` | 'email_changed' | 'review_request' | 'review_decision';

export interface QueuedMail {
  to: string;
  message: { subject: string; text: string; html: string };
  /** Ours, for finding and testing messages; the extension ignores fields it does not know. */
  kind: MailKind;
  uid: string;
  orderId?: string;
  /** ISO */
  createdAt: string;
}

export function mailFromData(id: string, data: unknown): QueuedMail {
  const d = Fields.of(data, `mail/${id}`);
  const message = d.object('message');
  const orderId = d.textOrNull('orderId');
  return {
    to: d.text('to'),
    message: { subject: message.text('subject'), text: message.text('text'), html: message.text('html') },
    kind: d.required<MailKind>('kind', MAIL_KINDS),
    uid: d.text('uid'),
    ...(orderId === null ? {} : { orderId }),
    createdAt: d.date('createdAt'),
  };
}
