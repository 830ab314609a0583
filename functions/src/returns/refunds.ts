/**
 * A return's refund at the payment provider (docs/returns.md, "Money"): part of the order's
 * payment, with the idempotency key `refund-<return number>` (Stripe's Idempotency-Key,
 * Razorpay's receipt), and `returnId` in the refund's metadata / notes so its webhooks come
 * back to the return rather than to the order's own (whole-order) refund.
 */
import { logger } from 'firebase-functions';
import { Timestamp, type DocumentSnapshot, type Transaction } from 'firebase-admin/firestore';
import type { PaymentProviderName } from '../config.js';
import { razorpay, razorpayErrorOf } from '../payments/razorpay-client.js';
import { stripe } from '../payments/stripe-client.js';
import { mapBounded } from '../lib/bounded.js';
import { nextSweepRetry, sweepBatch } from '@bagshop/domain';
import { orders, runOrderTransaction, withAttention } from '../orders/store.js';
import { returnsCollection } from './store.js';

export interface ReturnRefundRequest {
  provider: PaymentProviderName;
  orderId: string;
  returnNumber: string;
  paymentId: string;
  amountPaise: number;
  key: string;
  /** Sent again by the sweep (an earlier attempt may have reached the provider after all). */
  retry?: boolean;
}

/**
 * Sends the refund; stores the provider's refund id. A failure is flagged on the order for the
 * admin and left for the sweep to send again. Answers whether the provider took it.
 */
export async function sendReturnRefund(r: ReturnRefundRequest): Promise<boolean> {
  let refund: { id: string; status: string };
  try {
    if (r.provider === 'razorpay') {
      const client = await razorpay();
      // Razorpay has no idempotency key for refunds: a retry first looks for this return's refund.
      const earlier = r.retry
        ? (await client.payments.fetchMultipleRefund(r.paymentId)).items.find(
            (x) => (x.notes as Record<string, unknown> | undefined)?.returnId === r.returnNumber,
          )
        : undefined;
      const made =
        earlier ??
        (await client.payments.refund(r.paymentId, {
          amount: r.amountPaise,
          speed: 'normal',
          receipt: r.key.slice(0, 40),
          notes: { orderId: r.orderId, returnId: r.returnNumber },
        }));
      refund = { id: made.id, status: String(made.status) };
    } else {
      const client = await stripe();
      const made = await client.refunds.create(
        {
          payment_intent: r.paymentId,
          amount: r.amountPaise,
          reason: 'requested_by_customer',
          metadata: { orderId: r.orderId, returnId: r.returnNumber },
        },
        { idempotencyKey: r.key },
      );
      refund = { id: made.id, status: String(made.status) };
    }
  } catch (error) {
    const message = error instanceof Error ? error.message : (razorpayErrorOf(error)?.description ?? String(error));
    logger.error('return_refund_failed', { ...r, error: message });
    // `refundUnsent` stays true: the sweep sends it again with the same key (retryUnsentReturnRefunds).
    await runOrderTransaction(async (tx) => {
      const ref = orders().doc(r.orderId);
      const retRef = returnsCollection().doc(r.returnNumber);
      const [snap, retSnap] = [await tx.get(ref), await tx.get(retRef)];
      if (retSnap.exists && retSnap.get('refund'))
        tx.update(retRef, {
          'refund.attempts': Number(retSnap.get('refund.attempts') ?? 0) + 1,
          'refund.lastError': message.slice(0, 300),
        });
      if (!snap.exists) return;
      tx.update(ref, {
        attention: withAttention(snap.data() ?? {}, {
          code: 'refund_not_sent',
          message: `The refund of return ${r.returnNumber} could not be sent (${message}); it is retried every minute`,
          at: Timestamp.now(),
        }),
      });
    }).catch(() => undefined);
    return false;
  }
  logger.info('return_refund_created', { orderId: r.orderId, returnNumber: r.returnNumber, refundId: refund.id, status: refund.status });
  await runOrderTransaction(async (tx) => {
    const ref = returnsCollection().doc(r.returnNumber);
    const snap = await tx.get(ref);
    if (!snap.exists) return;
    const current = snap.get('refund') as Record<string, unknown> | null;
    if (!current) return;
    const patch: Record<string, unknown> = { 'refund.id': current.id ?? refund.id, refundUnsent: false };
    if (current.status === 'pending' && (refund.status === 'failed' || refund.status === 'canceled')) patch['refund.status'] = 'failed';
    tx.update(ref, patch);
  });
  return true;
}

/** A refund asked for this long ago and still unsent is retried (the request may still be sending its own). */
export const RETURN_REFUND_RETRY_AFTER_MS = 60_000;

/**
 * The sweep's part (orders/holds.ts, every minute): sends again the prepaid refunds of returns
 * that never reached the provider (`refundUnsent`, set with the move into refunded and cleared
 * once the provider answered), with the return's own key (`refund-<RET…>`), so a refund that did
 * reach it after all is not made twice. Answers how many were sent now.
 */
export async function retryUnsentReturnRefunds(now: Timestamp, limit = 50): Promise<number> {
  // The same path as the hold sweep (issue 37): a window larger than the batch, returns whose
  // provider call failed wait out their back-off (`refundRetryAt`) out of the way of the others,
  // and the provider calls run in parallel, at most SWEEP_PARALLEL at once.
  const snap = await returnsCollection()
    .where('refundUnsent', '==', true)
    .limit(limit * 4)
    .get();
  const due = sweepBatch(
    snap.docs,
    (d) => {
      const at = d.get('refundRetryAt') as unknown;
      return at instanceof Timestamp ? at.toMillis() : null;
    },
    now.toMillis(),
    limit,
  );
  const outcomes = await mapBounded(due, RETURN_REFUND_PARALLEL, async (doc) => {
    const ret = doc.data();
    const refund = (ret.refund ?? null) as Record<string, unknown> | null;
    const requestedAt = refund?.requestedAt instanceof Timestamp ? refund.requestedAt.toMillis() : 0;
    if (!refund || refund.status !== 'pending' || refund.id) {
      await doc.ref.update({ refundUnsent: false });
      return false;
    }
    if (requestedAt > now.toMillis() - RETURN_REFUND_RETRY_AFTER_MS || typeof refund.paymentId !== 'string') return false;
    const ok = await sendReturnRefund({
      provider: refund.provider === 'razorpay' ? 'razorpay' : 'stripe',
      orderId: String(ret.orderId),
      returnNumber: doc.id,
      paymentId: refund.paymentId,
      amountPaise: Number(refund.amountPaise),
      key: String(refund.idempotencyKey || `refund-${doc.id}`),
      retry: true,
    });
    if (!ok) {
      const attempts = Number(ret.refundAttempts ?? 0);
      await doc.ref.update({
        refundAttempts: attempts + 1,
        refundRetryAt: Timestamp.fromMillis(nextSweepRetry(attempts, now.toMillis())),
      });
    }
    return ok;
  });
  return outcomes.filter((o) => o.ok && o.value).length;
}

/** Provider calls at once when the sweep sends refunds again. */
const RETURN_REFUND_PARALLEL = 8;

/** The return a refund event is about (`returnId` in Stripe's metadata or Razorpay's notes). */
export function returnIdOf(meta: unknown): string | null {
  if (!meta || typeof meta !== 'object') return null;
  const id = (meta as Record<string, unknown>).returnId;
  return typeof id === 'string' && /^RET-\d{4}-\d{5}$/.test(id) ? id : null;
}

/**
 * Inside the webhook's transaction (after it read the order): the provider's word on a return's
 * refund. Succeeded → the return's refund is settled and the shopper mailed; failed → flagged.
 */
export async function settleReturnRefund(
  tx: Transaction,
  orderSnap: DocumentSnapshot,
  returnNumber: string,
  refund: { id: string | null; succeeded: boolean; provider: string },
): Promise<{ outcome: string }> {
  const ref = returnsCollection().doc(returnNumber);
  const snap = await tx.get(ref);
  const current = snap.exists ? (snap.get('refund') as Record<string, unknown> | null) : null;
  if (!current || snap.get('orderId') !== orderSnap.id) return { outcome: 'ignored' };
  if (current.status === 'succeeded') return { outcome: 'already_refunded' };
  const now = Timestamp.now();
  tx.update(ref, {
    'refund.id': current.id ?? refund.id,
    'refund.status': refund.succeeded ? 'succeeded' : 'failed',
    'refund.refundedAt': refund.succeeded ? now : null,
    updatedAt: now,
  });
  if (!refund.succeeded) {
    tx.update(orderSnap.ref, {
      attention: withAttention(orderSnap.data() ?? {}, {
        code: 'refund_failed',
        message: `${refund.provider} could not refund return ${returnNumber}: refund it by hand`,
        at: now,
      }),
    });
  }
  return { outcome: refund.succeeded ? 'return_refunded' : 'return_refund_failed' };
}
