/**
 * The mail queue (docs/security.md, "Mail queue"): account and order messages are documents in
 * `mail`, in the shape Firebase's "Trigger Email" extension sends (`to`, `message.subject`,
 * `message.text`, `message.html`). A deployment installs that extension on the collection; on
 * the emulators the documents are simply visible in Firestore.
 *
 * The builders are pure and `queueMail` only writes, so they fit inside any transaction after
 * its reads (the two-phase pattern of order status changes): `queueMail(tx, orderMail(...))`.
 */
import {
  escapeHtml,
  mailFlowOf,
  ORDER_STATUSES,
  formatDateTimeIN,
  formatINR,
  lineDescription,
  lineTotal,
  shortOrderId,
  type OrderMailEvent,
  type QueuedMail,
} from '@bagshop/domain';
import { Timestamp, type DocumentData, type DocumentReference, type WithFieldValue } from 'firebase-admin/firestore';
import { serverConfig } from '../config.js';
import { db } from '../lib/admin.js';

export const mailQueue = () => db.collection('mail');

export type { MailKind, OrderMailEvent } from '@bagshop/domain';

/** A message as written: the shape of domain/src/codecs/mail.ts, its date a Timestamp. */
export type MailDoc = Omit<QueuedMail, 'createdAt'> & { createdAt: Timestamp };

/** A transaction or a write batch: anything that can `set` a document. */
export interface MailWriter {
  set(documentRef: DocumentReference, data: WithFieldValue<DocumentData>): unknown;
}

/** Adds the message to the queue in the caller's transaction or batch (a write only). No recipient, no mail. */
export function queueMail(writer: MailWriter, mail: MailDoc | null): void {
  if (!mail) return;
  // Every mail names its flow (the admin's Messages view counts by it; docs/whatsapp.md).
  writer.set(mailQueue().doc(), { ...mail, flow: mail.flow ?? mailFlowOf(mail.kind) });
}

/** The shop's public address for links in mails (`APP_ORIGIN`, as Stripe's return URLs use); none on the emulators unless set. */
export function siteUrl(): string | null {
  let origin: string | undefined;
  try {
    origin = serverConfig().appOrigin?.replace(/\/+$/, '');
  } catch {
    return null; // an invalid config is reported at start-up; a mail goes out without links
  }
  return origin && /^https?:\/\/[^\s/]+$/.test(origin) ? origin : null;
}

/** '22 Nov 2026, 8:30 pm IST'. */
const formatWhen = (date: Date): string => `${formatDateTimeIN(date.toISOString())} IST`;

export interface Body {
  greeting: string;
  paragraphs: string[];
  /** Rows of a small table (item, amount). */
  rows?: [string, string][];
  link?: { href: string; label: string };
}

export function render(body: Body): { text: string; html: string } {
  const text = [
    body.greeting,
    '',
    ...body.paragraphs.flatMap((p) => [p, '']),
    ...(body.rows?.length ? [...body.rows.map(([a, b]) => `${a}  ${b}`), ''] : []),
    ...(body.link ? [`${body.link.label}: ${body.link.href}`, ''] : []),
    '— Bagshop',
  ].join('\n');
  const rows = body.rows?.length
    ? `<table style="border-collapse:collapse">${body.rows
        .map(
          ([a, b]) =>
            `<tr><td style="padding:4px 12px 4px 0">${escapeHtml(a)}</td><td style="padding:4px 0;text-align:right">${escapeHtml(b)}</td></tr>`,
        )
        .join('')}</table>`
    : '';
  const html = [
    '<div style="font-family:Arial,Helvetica,sans-serif;font-size:15px;line-height:1.5;color:#212529">',
    `<p>${escapeHtml(body.greeting)}</p>`,
    ...body.paragraphs.map((p) => `<p>${escapeHtml(p)}</p>`),
    rows,
    body.link ? `<p><a href="${escapeHtml(body.link.href)}">${escapeHtml(body.link.label)}</a></p>` : '',
    '<p>— Bagshop</p>',
    '</div>',
  ].join('');
  return { text, html };
}

export function greeting(firstname: unknown): string {
  const name = typeof firstname === 'string' ? firstname.trim() : '';
  return name ? `Hello ${name},` : 'Hello,';
}

// ---- account ----

/** To the OLD address after an email change: the owner learns of a takeover they did not make. */
export function emailChangedMail(input: {
  uid: string;
  oldEmail: string;
  newEmail: string;
  firstname?: string;
  at?: Date;
}): MailDoc | null {
  if (!input.oldEmail) return null;
  const site = siteUrl();
  const body = render({
    greeting: greeting(input.firstname),
    paragraphs: [
      `The email address of your Bagshop account was changed from ${input.oldEmail} to ${input.newEmail} on ${formatWhen(input.at ?? new Date())}.`,
      'If you made this change, there is nothing more to do. If you did not, someone else may have your password: reset it from the sign-in page with this address and write to us at once, so we can give the account back to you.',
    ],
    ...(site ? { link: { href: `${site}/forgot-password`, label: 'Reset your password' } } : {}),
  });
  return {
    to: input.oldEmail,
    message: { subject: 'Your Bagshop email address was changed', ...body },
    kind: 'email_changed',
    uid: input.uid,
    createdAt: Timestamp.now(),
  };
}

// ---- orders ----

interface StoredOrderLine {
  name?: unknown;
  variantLabel?: unknown;
  sku?: unknown;
  price?: unknown;
  discount?: unknown;
  quantity?: unknown;
}

const SUBJECTS: Record<OrderMailEvent, (ref: string) => string> = {
  placed: (ref) => `We have your order #${ref}`,
  confirmed: (ref) => `Order #${ref} is confirmed`,
  shipped: (ref) => `Order #${ref} is on its way`,
  out_for_delivery: (ref) => `Order #${ref} is out for delivery today`,
  delivery_failed: (ref) => `We could not deliver order #${ref}`,
  completed: (ref) => `Order #${ref} was delivered`,
  returned_to_origin: (ref) => `Order #${ref} came back to us`,
  cancelled: (ref) => `Order #${ref} was cancelled`,
  refunded: (ref) => `Refund for order #${ref}`,
};

function orderParagraphs(event: OrderMailEvent, ref: string, order: DocumentData, refundAmount: number): string[] {
  const total = formatINR(Number(order.totalAmount ?? 0));
  const cod = order.paymentMethod === 'COD';
  const paid = order.payment?.status === 'paid';
  switch (event) {
    case 'placed':
      return [
        `Thank you for shopping with Bagshop. Your order #${ref} of ${total} is placed.`,
        cod ? `You pay ${total} in cash when it is delivered.` : 'It is confirmed as soon as your card payment goes through.',
        ...(cod && order.cod?.required === true
          ? [
              `Please confirm this cash-on-delivery order${order.cod.confirmBy ? ` by ${formatWhen(timestampDate(order.cod.confirmBy))}` : ''}: we pack it only once you have, and an order that is not confirmed in time is cancelled.`,
            ]
          : []),
      ];
    case 'out_for_delivery':
      return [`Your order #${ref} is out for delivery today.${cod ? ` Please keep ${total} ready.` : ''}`];
    case 'delivery_failed':
      return [
        `The courier could not deliver your order #${ref}${order.ndr?.reason ? `: ${String(order.ndr.reason)}` : ''}.`,
        'Open your order within 48 hours to choose another delivery day; otherwise the parcel comes back to us.',
      ];
    case 'completed':
      return [`Your order #${ref} was delivered. Thank you for shopping with Bagshop.`];
    case 'returned_to_origin':
      return [
        `Your order #${ref} could not be delivered and came back to us.`,
        paid ? `Your payment of ${total} will be refunded to the card you paid with.` : 'Nothing was charged for it.',
      ];
    case 'confirmed':
      return [`Your order #${ref} is confirmed${paid ? ' and paid' : ''}. We are packing it now and will write again when it ships.`];
    case 'shipped':
      return [
        `Your order #${ref} has left our warehouse and is on its way to you.${cod ? ` Please keep ${total} ready for the delivery.` : ''}`,
      ];
    case 'cancelled':
      return [
        `Your order #${ref} was cancelled.`,
        paid ? `Your payment of ${total} will be refunded to the card you paid with.` : 'Nothing was charged for it.',
      ];
    case 'refunded':
      return [`We have refunded ${formatINR(refundAmount)} for your order #${ref}. Banks usually show a refund within 5–7 working days.`];
  }
}

/**
 * The message for an order event, to the address the order was placed with (`order.user.email`).
 * `order` is the order document as it is after the change. `refundAmount` (rupees) for
 * 'refunded' defaults to the order total.
 */
export function orderMail(
  event: OrderMailEvent,
  orderId: string,
  order: DocumentData,
  options: { refundAmount?: number; confirmToken?: string | null } = {},
): MailDoc | null {
  const to = typeof order.user?.email === 'string' ? order.user.email.trim() : '';
  if (!to) return null;
  const ref = shortOrderId(orderId);
  const items = Array.isArray(order.items) ? (order.items as StoredOrderLine[]) : [];
  const rows: [string, string][] = items.map((i) => {
    const quantity = Number(i.quantity ?? 0);
    const amount = lineTotal({ price: Number(i.price ?? 0), discount: Number(i.discount ?? 0), quantity });
    return [`${lineDescription(i) || 'Item'} × ${quantity}`, formatINR(amount)];
  });
  rows.push(['Total', formatINR(Number(order.totalAmount ?? 0))]);
  const site = siteUrl();
  // A COD order that waits for its confirmation: the link carries the signed token (docs/fulfilment.md).
  const confirmToken = event === 'placed' && order.cod?.required === true ? (options.confirmToken ?? null) : null;
  const link = site
    ? confirmToken
      ? { href: `${site}/orders/${encodeURIComponent(orderId)}?confirm=${encodeURIComponent(confirmToken)}`, label: 'Confirm order' }
      : { href: `${site}/orders/${encodeURIComponent(orderId)}`, label: 'See your order' }
    : null;
  const body = render({
    greeting: greeting(order.user?.fullname?.firstname),
    paragraphs: orderParagraphs(event, ref, order, options.refundAmount ?? Number(order.totalAmount ?? 0)),
    rows: event === 'refunded' ? [] : rows,
    ...(link ? { link } : {}),
  });
  return {
    to,
    message: { subject: SUBJECTS[event](ref), ...body },
    kind: `order_${event}`,
    // The placed mail of a COD order that waits for its confirmation carries the confirm link.
    flow: confirmToken ? 'cod-confirm' : mailFlowOf(`order_${event}`),
    uid: String(order.userId ?? ''),
    orderId,
    createdAt: Timestamp.now(),
  };
}

/** Every status an order moves into after it is placed ('placed' has its own mail). */
const MAILED_STATUSES: readonly string[] = ORDER_STATUSES.filter((status) => status !== 'pending');

/** The mail, if any, for an order moving into `status` (the status-change hooks use this): every move after placing. */
export function orderMailEventFor(status: string): OrderMailEvent | null {
  return MAILED_STATUSES.includes(status) ? (status as OrderMailEvent) : null;
}

function timestampDate(value: unknown): Date {
  if (value instanceof Timestamp) return value.toDate();
  if (value instanceof Date) return value;
  return new Date(typeof value === 'string' ? value : 0);
}

// For the mails of other areas (reviews/review-mails.ts): the same look and links.
export { render as renderMailBody, greeting as mailGreeting, siteUrl as mailSiteUrl };
