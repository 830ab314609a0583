/** The shopper's mail at each step of a return (docs/returns.md). */
import { formatINR, RETURN_STATUS_LABELS, shortOrderId, type ReturnStatus } from '@bagshop/domain';
import { Timestamp } from 'firebase-admin/firestore';
import { greeting, render, siteUrl, type MailDoc } from '../mail/index.js';
import type { StoredOrder } from '../orders/store.js';

const PARAGRAPHS: Record<ReturnStatus | 'payout_paid', (r: MailFacts) => string> = {
  requested: (r) =>
    `We have your ${r.exchange ? 'exchange' : 'return'} request ${r.number} for order ${r.orderRef}. We will look at it within a working day.`,
  approved: (r) => `Your ${r.exchange ? 'exchange' : 'return'} ${r.number} is approved. We will book a pickup from your address.`,
  pickup_scheduled: (r) => `A pickup for ${r.number} is booked${r.awb ? ` (AWB ${r.awb})` : ''}. Keep the bag packed with its tags.`,
  picked_up: (r) => `The courier has picked up ${r.number}. We will check it when it reaches us.`,
  received: (r) => `${r.number} reached us and ${r.passed ? 'passed our check' : 'did not pass our check'}.`,
  refunded: (r) =>
    r.cod
      ? `${r.number}: a refund of ${r.amount} is on its way to ${r.to}. We will write again when it is paid.`
      : `${r.number}: a refund of ${r.amount} is on its way to your original payment. It reaches you in 5–7 working days.`,
  exchanged: (r) => `${r.number}: your exchange is on its way${r.awb ? ` (AWB ${r.awb})` : ''}.`,
  rejected: (r) => `We could not accept ${r.number}: ${r.note || 'see your order for details'}.`,
  payout_paid: (r) => `${r.number}: ${r.amount} was paid to ${r.to} (bank reference ${r.note}).`,
};

interface MailFacts {
  number: string;
  orderRef: string;
  exchange: boolean;
  amount: string;
  cod: boolean;
  to: string;
  awb: string;
  passed: boolean;
  note: string;
}

export function returnMail(
  step: ReturnStatus | 'payout_paid',
  ret: StoredReturnForMail,
  order: StoredOrder,
  extra: { awb?: string; note?: string; passed?: boolean } = {},
): MailDoc | null {
  const to = typeof order.user?.email === 'string' ? order.user.email.trim() : '';
  if (!to) return null;
  const facts: MailFacts = {
    number: ret.number,
    orderRef: shortOrderId(ret.orderId),
    exchange: ret.resolution === 'exchange',
    amount: formatINR(ret.refundPaise / 100),
    cod: ret.paymentMethod === 'COD',
    to: ret.refundToLabel,
    awb: extra.awb ?? '',
    passed: extra.passed ?? true,
    note: extra.note ?? '',
  };
  const site = siteUrl();
  const body = render({
    greeting: greeting(order.user?.fullname?.firstname),
    paragraphs: [PARAGRAPHS[step](facts)],
    ...(site ? { link: { href: `${site}/orders/${encodeURIComponent(ret.orderId)}`, label: 'See your order' } } : {}),
  });
  const label = step === 'payout_paid' ? 'Refund paid' : RETURN_STATUS_LABELS[step];
  return {
    to,
    message: { subject: `Return ${ret.number}: ${label}`, ...body },
    kind: `return_${step}` as const,
    uid: String(order.userId ?? ''),
    orderId: ret.orderId,
    createdAt: Timestamp.now(),
  };
}

export interface StoredReturnForMail {
  number: string;
  orderId: string;
  resolution: string;
  refundPaise: number;
  paymentMethod: string;
  refundToLabel: string;
}

/** 'priya@okicici' or 'account ••••1234 (SBIN0001234)'. */
export function refundToLabel(refundTo: unknown): string {
  if (!refundTo || typeof refundTo !== 'object') return 'your original payment';
  const r = refundTo as Record<string, unknown>;
  if (typeof r.upiId === 'string') return r.upiId;
  return `account ••••${String(r.accountNumber ?? '').slice(-4)} (${String(r.ifsc ?? '')})`;
}

/** What a return's mail needs of the stored return. */
export function returnMailFacts(ret: FirebaseFirestore.DocumentData): StoredReturnForMail {
  return {
    number: String(ret.number),
    orderId: String(ret.orderId),
    resolution: String(ret.resolution),
    refundPaise: Number(ret.refundPaise ?? 0),
    paymentMethod: String(ret.paymentMethod),
    refundToLabel: refundToLabel(ret.refundTo),
  };
}
