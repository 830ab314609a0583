/**
 * What the shop asks of Stripe after an order transaction has committed: closing a
 * Checkout Session and refunding a payment (docs/orders-and-payments.md, "Refunds").
 * Both are safe to repeat: expiring an expired session changes nothing, and every refund
 * carries the idempotency key `refund-<payment intent>`, so one payment is refunded at most
 * once however often this runs (a retry by the sweep, two webhooks at once…).
 */
import { logger } from 'firebase-functions';
import { Timestamp } from 'firebase-admin/firestore';
import { stripe, type Stripe } from '../lib/stripe.js';
import { orders, paymentOf, runOrderTransaction, withAttention, type StoredOrder } from './order-store.js';

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

/** Best effort: closes a Checkout Session so it can no longer be paid. */
export async function expireSessionQuietly(sessionId: string | null | undefined): Promise<void> {
  if (!sessionId) return;
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
export async function issueRefund(orderId: string, paymentIntentId: string, reason: Stripe.RefundCreateParams.Reason): Promise<void> {
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
  await runOrderTransaction(async (tx) => {
    const ref = orders().doc(orderId);
    const snap = await tx.get(ref);
    if (!snap.exists) return;
    const order = snap.data() ?? {};
    const failed = refund.status === 'failed' || refund.status === 'canceled';
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
        message: `Stripe refused the refund of payment ${paymentIntentId}`,
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
      await issueRefund(doc.id, t.pi, t.reason);
      sent += 1;
    }
  }
  return sent;
}
