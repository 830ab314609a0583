/**
 * What the shop asks of the payment provider after an order transaction has committed:
 * closing a checkout (Stripe's Checkout Session, Razorpay's Payment Link) and refunding a
 * payment (docs/orders-and-payments.md, "Refunds"). The order's `payment.provider` says whose.
 * Both are safe to repeat: expiring an expired session changes nothing, and every refund
 * carries the idempotency key `refund-<payment intent>`, so one payment is refunded at most
 * once however often this runs (a retry by the sweep, two webhooks at once…).
 */
import { logger } from 'firebase-functions';
import { Timestamp } from 'firebase-admin/firestore';
import type { PaymentProviderName } from '../config.js';
import { describeRazorpayError, razorpay, razorpayErrorOf } from './razorpay-client.js';
import { stripe, type Stripe } from './stripe-client.js';
import { orders, paymentOf, runOrderTransaction, withAttention, type StoredOrder } from '../orders/store.js';

/** A refund asked for but not yet confirmed by Stripe's webhook, as stored on the order. */
export interface StoredRefund {
  id: string | null;
  status: 'pending' | 'succeeded' | 'failed';
  amountPaise: number;
  requestedAt: Timestamp;
  refundedAt: Timestamp | null;
}

/** A payment the order did not take (another session, already paid or cancelled, not matching). */
export interface StoredExtraPayment {
  sessionId: string | null;
  paymentIntentId: string | null;
  amountPaise: number;
  reason: string;
  receivedAt: Timestamp;
  refund: StoredRefund | null;
}

export function newRefund(amountPaise: number, now: Timestamp): StoredRefund {
  return { id: null, status: 'pending', amountPaise, requestedAt: now, refundedAt: null };
}

export function extraPaymentsOf(order: StoredOrder): StoredExtraPayment[] {
  const list = paymentOf(order).extraPayments;
  return Array.isArray(list) ? (list as StoredExtraPayment[]) : [];
}

/** Whose payment an order is: `payment.provider` (orders from before issue 24 are Stripe's). */
export function providerOf(order: StoredOrder): PaymentProviderName {
  return paymentOf(order).provider === 'razorpay' ? 'razorpay' : 'stripe';
}

/** Best effort: closes a checkout (Stripe's Checkout Session, Razorpay's Payment Link) so it can no longer be paid. */
export async function expireSessionQuietly(sessionId: string | null | undefined, provider: PaymentProviderName = 'stripe'): Promise<void> {
  if (!sessionId) return;
  if (provider === 'razorpay') {
    try {
      const client = await razorpay();
      const link = await client.paymentLink.fetch(sessionId);
      if (link.status === 'created' || link.status === 'partially_paid') await client.paymentLink.cancel(sessionId);
    } catch (error) {
      logger.warn('razorpay_cancel_link_failed', { sessionId, error: error instanceof Error ? error.message : JSON.stringify(error) });
    }
    return;
  }
  try {
    const client = await stripe();
    const session = await client.checkout.sessions.retrieve(sessionId);
    if (session.status === 'open') await client.checkout.sessions.expire(sessionId);
  } catch (error) {
    logger.warn('stripe_expire_failed', { sessionId, error: error instanceof Error ? error.message : String(error) });
  }
}

/**
 * Refunds the whole of one payment intent and writes Stripe's refund id next to the refund
 * the order already records (its own payment's, or one of its extra payments'). A failure
 * is logged and flagged for the admin; the sweep tries again (`retryUnsentRefunds`).
 */
export async function issueRefund(
  orderId: string,
  paymentIntentId: string,
  reason: Stripe.RefundCreateParams.Reason,
  provider: PaymentProviderName = 'stripe',
): Promise<void> {
  if (provider === 'razorpay') return issueRazorpayRefund(orderId, paymentIntentId, reason);
  let refund: Stripe.Refund;
  try {
    const client = await stripe();
    refund = await client.refunds.create(
      { payment_intent: paymentIntentId, reason, metadata: { orderId } },
      { idempotencyKey: `refund-${paymentIntentId}` },
    );
  } catch (error) {
    const message = error instanceof Error ? error.message : String(error);
    logger.error('stripe_refund_failed', { orderId, paymentIntentId, error: message });
    await flag(
      orderId,
      'refund_not_sent',
      `The refund of payment ${paymentIntentId} could not be sent to Stripe (${message}); it is retried every minute`,
    );
    return;
  }
  logger.info('stripe_refund_created', { orderId, paymentIntentId, refundId: refund.id, status: refund.status });
  await recordRefund(orderId, paymentIntentId, {
    id: refund.id,
    amount: refund.amount,
    failed: refund.status === 'failed' || refund.status === 'canceled',
    provider: 'Stripe',
  });
}

/**
 * Razorpay: the full refund of one payment (POST /v1/payments/:id/refund), receipt
 * `refund-<payment>`. Razorpay refuses a second full refund of a payment ("fully refunded
 * already"): then the refund it already has is the one recorded, so repeating is harmless.
 */
async function issueRazorpayRefund(orderId: string, paymentId: string, reason: string): Promise<void> {
  let refund: { id: string; amount: number; status: string };
  try {
    const client = await razorpay();
    try {
      const r = await client.payments.refund(paymentId, {
        speed: 'normal',
        receipt: `refund-${paymentId}`.slice(0, 40),
        notes: { orderId, reason },
      });
      refund = { id: r.id, amount: Number(r.amount), status: String(r.status) };
    } catch (error) {
      const known = razorpayErrorOf(error);
      if (known?.statusCode !== 400 || !/refund/i.test(known.description)) throw error;
      const list = await client.payments.fetchMultipleRefund(paymentId);
      const first = list.items[0];
      if (!first) throw error;
      refund = { id: first.id, amount: Number(first.amount), status: String(first.status) };
    }
  } catch (error) {
    const message = describeRazorpayError(error);
    logger.error('razorpay_refund_failed', { orderId, paymentId, error: message });
    await flag(
      orderId,
      'refund_not_sent',
      `The refund of payment ${paymentId} could not be sent to Razorpay (${message}); it is retried every minute`,
    );
    return;
  }
  logger.info('razorpay_refund_created', { orderId, paymentId, refundId: refund.id, status: refund.status });
  await recordRefund(orderId, paymentId, {
    id: refund.id,
    amount: refund.amount,
    failed: refund.status === 'failed',
    provider: 'Razorpay',
  });
}

/** Writes the provider's refund id next to the refund the order records for that payment (its own, or an extra payment's). */
async function recordRefund(
  orderId: string,
  paymentIntentId: string,
  refund: { id: string; amount: number; failed: boolean; provider: string },
): Promise<void> {
  await runOrderTransaction(async (tx) => {
    const ref = orders().doc(orderId);
    const snap = await tx.get(ref);
    if (!snap.exists) return;
    const order = snap.data() ?? {};
    const failed = refund.failed;
    const update = (r: StoredRefund | null): StoredRefund => {
      const base = r ?? newRefund(refund.amount, Timestamp.now());
      // The webhook may have said 'succeeded' already: never step back from it.
      return { ...base, id: refund.id, status: base.status === 'succeeded' ? 'succeeded' : failed ? 'failed' : base.status };
    };
    const payment = paymentOf(order);
    const patch: Record<string, unknown> = {};
    let own = (payment.refund as StoredRefund | null | undefined) ?? null;
    let extras = extraPaymentsOf(order);
    if (payment.paymentIntentId === paymentIntentId) {
      own = update(own);
      patch['payment.refund'] = own;
    } else {
      const i = extras.findIndex((e) => e.paymentIntentId === paymentIntentId);
      if (i < 0) return;
      extras = extras.map((e, k) => (k === i ? { ...e, refund: update(e.refund) } : e));
      patch['payment.extraPayments'] = extras;
    }
    patch['payment.refundUnsent'] = hasUnsent(own, extras);
    if (failed) {
      patch.attention = withAttention(order, {
        code: 'refund_failed',
        message: `${refund.provider} refused the refund of payment ${paymentIntentId}`,
        at: Timestamp.now(),
      });
    }
    tx.update(ref, patch);
  });
}

async function flag(orderId: string, code: string, message: string): Promise<void> {
  try {
    await runOrderTransaction(async (tx) => {
      const ref = orders().doc(orderId);
      const snap = await tx.get(ref);
      if (!snap.exists) return;
      tx.update(ref, { attention: withAttention(snap.data() ?? {}, { code, message, at: Timestamp.now() }) });
    });
  } catch (error) {
    logger.error('order_flag_failed', { orderId, code, error: error instanceof Error ? error.message : String(error) });
  }
}

const unsent = (r: StoredRefund | null | undefined) => Boolean(r && r.id === null && r.status === 'pending');

/**
 * Whether a refund recorded on the order has not reached Stripe yet: stored as
 * `payment.refundUnsent`, the one field the sweep's retry query looks at.
 */
export function hasUnsent(own: StoredRefund | null | undefined, extras: readonly StoredExtraPayment[]): boolean {
  return unsent(own) || extras.some((e) => unsent(e.refund));
}

/**
 * Sends again the refunds an earlier attempt could not (Stripe unreachable, the instance
 * stopped right after the commit). Only refunds asked for over a minute ago, so a request
 * still sending its own refund is left alone; the idempotency key makes an overlap harmless.
 */
export async function retryUnsentRefunds(now: Timestamp, limit = 50): Promise<number> {
  const snap = await orders().where('payment.refundUnsent', '==', true).limit(limit).get();
  const cutoff = now.toMillis() - 60_000;
  let sent = 0;
  for (const doc of snap.docs) {
    const payment = paymentOf(doc.data());
    const own = (payment.refund as StoredRefund | null | undefined) ?? null;
    const targets: { pi: string; reason: Stripe.RefundCreateParams.Reason }[] = [];
    if (unsent(own) && own && own.requestedAt.toMillis() < cutoff && typeof payment.paymentIntentId === 'string') {
      targets.push({ pi: payment.paymentIntentId, reason: 'requested_by_customer' });
    }
    for (const e of extraPaymentsOf(doc.data())) {
      if (unsent(e.refund) && e.refund && e.refund.requestedAt.toMillis() < cutoff && e.paymentIntentId)
        targets.push({ pi: e.paymentIntentId, reason: 'duplicate' });
    }
    for (const t of targets) {
      await issueRefund(doc.id, t.pi, t.reason, providerOf(doc.data()));
      sent += 1;
    }
  }
  return sent;
}
