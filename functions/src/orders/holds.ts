/**
 * Stock holds of card orders (docs/orders-and-payments.md, "Stock holds"). An ONLINE order
 * takes its stock when it is placed and holds it until `payment.holdUntil`; the sweep
 * cancels every order still unpaid past its hold, through the transition function (stock
 * back exactly once, its Checkout Session expired), and sends refunds that never reached
 * Stripe. Production runs it every minute (`sweepHolds` in index.ts); on the emulators,
 * where scheduled functions do not fire, `npm start` and `npm test` call it on a timer
 * through `sweepHoldsEmulator`, an HTTP function that exists only on the emulators.
 */
import { logger } from 'firebase-functions';
import { Timestamp } from 'firebase-admin/firestore';
import { backoffDelayMs, nextSweepRetry, sweepBatch } from '@bagshop/domain';
import { HttpError } from '../lib/errors.js';
import { mapBounded } from '../lib/bounded.js';
import { serverConfig } from '../config.js';
import { retryUnsentRefunds } from '../payments/actions.js';
import { askProviderBeforeCancel } from '../payments/reconcile.js';
import { orders, paymentOf } from './store.js';
import { transitionOrder } from './transition.js';
import { sweepFulfilment } from '../fulfilment/sweep.js';
import { issueQueuedDocumentsQuietly } from '../tax/numbering.js';
import { retryPendingEinvoices } from '../tax/einvoice.js';
import { retryUnsentReturnRefunds } from '../returns/refunds.js';

/** Thrown by the guard when an order no longer qualifies (paid or cancelled meanwhile). */
class NotExpired extends Error {}

export interface SweepResult {
  cancelled: string[];
  /** Paid at the provider but never confirmed by a webhook: confirmed by the sweep instead (issue 24). */
  confirmed: string[];
  refundsSent: number;
}

/** Provider calls at once in one sweep (issue 37): a slow provider no longer makes a sweep of 100 orders take 100 calls' time. */
export const SWEEP_PARALLEL = 8;
/** Within one sweep, a lookup that came back 'unknown' is tried once more after a short, jittered wait. */
const LOOKUP_RETRY = { baseMs: 200, capMs: 1_000 } as const;

/** When an order whose provider lookup failed may be looked at again (stored on the order: `payment.sweepRetryAt`). */
function retryLater(order: FirebaseFirestore.DocumentData, now: Timestamp): Record<string, unknown> {
  const attempts = Number(paymentOf(order).sweepAttempts ?? 0);
  return {
    'payment.sweepAttempts': attempts + 1,
    'payment.sweepRetryAt': Timestamp.fromMillis(nextSweepRetry(attempts, now.toMillis())),
  };
}

function retryAtOf(order: FirebaseFirestore.DocumentData): number | null {
  const at = paymentOf(order).sweepRetryAt;
  return at instanceof Timestamp ? at.toMillis() : null;
}

export async function sweepExpiredHolds(now: Timestamp = Timestamp.now(), limit = 100): Promise<SweepResult> {
  // A late webhook gets PAYMENT_GRACE_SECONDS after the checkout's expiry to arrive.
  const graceEnd = Timestamp.fromMillis(now.toMillis() - serverConfig().paymentGraceSeconds * 1000);
  // Needs the composite index orders (status, payment.holdUntil) in firestore.indexes.json.
  // A window larger than the batch: orders whose provider could not be asked wait out their
  // back-off (`payment.sweepRetryAt`) and are passed over, so they no longer hold the head of every
  // sweep while the orders behind them never get their turn (issue 37: head-of-line blocking).
  const window = await orders()
    .where('status', '==', 'pending')
    .where('payment.holdUntil', '<=', graceEnd)
    .orderBy('payment.holdUntil')
    .limit(limit * 4)
    .get();
  const due = sweepBatch(window.docs, (d) => retryAtOf(d.data()), now.toMillis(), limit);
  const cancelled: string[] = [];
  const confirmed: string[] = [];
  // Provider calls in parallel, at most SWEEP_PARALLEL at once; one order's failure stops no other.
  await mapBounded(due, SWEEP_PARALLEL, async (doc) => {
    try {
      // Before cancelling, ask the provider: a paid order is confirmed, never cancelled.
      let asked = await askProviderBeforeCancel(doc.id, doc.data());
      if (asked === 'unknown') {
        await new Promise((resolve) => setTimeout(resolve, backoffDelayMs(0, LOOKUP_RETRY)));
        asked = await askProviderBeforeCancel(doc.id, doc.data());
      }
      if (asked === 'paid') {
        confirmed.push(doc.id);
        return;
      }
      if (asked === 'unknown') {
        // The provider did not answer: asked again after a back-off, out of the way of the others.
        await doc.ref.update(retryLater(doc.data(), now));
        logger.warn('hold_sweep_lookup_failed', { orderId: doc.id, attempts: Number(paymentOf(doc.data()).sweepAttempts ?? 0) + 1 });
        return;
      }
      await transitionOrder(doc.id, {
        to: 'cancelled',
        by: 'system',
        reason: 'hold_expired',
        payment: { status: 'failed' },
        guard: (order) => {
          const payment = paymentOf(order);
          const hold = payment.holdUntil;
          const expired = hold instanceof Timestamp && hold.toMillis() <= now.toMillis();
          if (order.paymentMethod !== 'ONLINE' || payment.status !== 'unpaid' || !expired) throw new NotExpired();
        },
      });
      cancelled.push(doc.id);
    } catch (error) {
      // Paid, cancelled or extended since the query: nothing to do. Another sweep got there
      // first: the transition's own checks answer 409.
      if (error instanceof NotExpired || (error instanceof HttpError && error.status === 409)) return;
      logger.error('hold_sweep_failed', { orderId: doc.id, error: error instanceof Error ? error.message : String(error) });
    }
  });
  const refundsSent =
    (await retryUnsentRefunds(now)) +
    // Prepaid refunds of returns that never reached the provider (docs/returns.md, "Money").
    (await retryUnsentReturnRefunds(now).catch((error: unknown) => {
      logger.error('return_refund_retry_failed', { error: error instanceof Error ? error.message : String(error) });
      return 0;
    }));
  // Unconfirmed COD orders and unanswered failed deliveries (docs/fulfilment.md).
  await sweepFulfilment(now).catch((error: unknown) =>
    logger.error('fulfilment_sweep_failed', { error: error instanceof Error ? error.message : String(error) }),
  );
  // Drafts whose trigger never ran (docs/gst-invoices.md "Numbers"): numbered within a minute anyway.
  await issueQueuedDocumentsQuietly('sweep');
  // E-invoices whose IRP call failed (tax/einvoice.ts): "IRN pending" retried with backoff.
  await retryPendingEinvoices(now.toDate()).catch((error: unknown) =>
    logger.error('einvoice_retry_failed', { error: error instanceof Error ? error.message : String(error) }),
  );
  if (cancelled.length > 0 || confirmed.length > 0 || refundsSent > 0) logger.info('hold_sweep', { cancelled, confirmed, refundsSent });
  return { cancelled, confirmed, refundsSent };
}
