/**
 * A paid order is never lost (issue 24): before the hold sweep cancels an unpaid online order,
 * and when the success page has waited 10 s for a webhook, the shop asks the provider.
 */
import type { OrderStatus, PaymentStatus } from '@bagshop/domain';
import { Timestamp, type DocumentReference } from 'firebase-admin/firestore';
import { db } from '../lib/admin.js';
import { notFound } from '../lib/errors.js';
import { orders, paymentOf, type Actor, type StoredOrder } from '../orders/store.js';
import { providerForOrder, type PaymentLookup } from './provider.js';
import { RAZORPAY_REFERENCE } from './razorpay.js';

/**
 * The sweep's question before it cancels an ONLINE order still unpaid past its hold: 'paid'
 * (now confirmed, exactly as by the webhook: do not cancel), 'unpaid' (cancel it), or
 * 'unknown' (the provider did not answer: leave it for the next sweep).
 */
export function askProviderBeforeCancel(orderId: string, order: StoredOrder): Promise<PaymentLookup> {
  if (order.paymentMethod !== 'ONLINE' || typeof paymentOf(order).sessionId !== 'string') return Promise.resolve('unpaid');
  return providerForOrder(order).lookupPayment(orderId);
}

/** When this instance first answered each checkout's status unconfirmed (the success page polls). */
const firstAsked = new Map<string, number>();
export const WEBHOOK_WAIT_MS = 10_000;
/** At most one provider call per order in this time, whoever polls, on whichever instance (issue 37). */
export const PROVIDER_LOOKUP_INTERVAL_MS = 10_000;

/**
 * The lease on the order (`payment.lookupAt`): claimed in a transaction, so of all the polls of
 * all instances only one calls the provider per interval. A poll that loses the claim (or meets
 * contention) answers the stored status.
 */
export async function claimProviderLookup(ref: DocumentReference, now = Date.now()): Promise<boolean> {
  try {
    return await db.runTransaction(
      async (tx) => {
        const snap = await tx.get(ref);
        if (snap.get('status') !== 'pending' || snap.get('payment.status') !== 'unpaid') return false;
        const last = snap.get('payment.lookupAt') as Timestamp | undefined;
        if (last instanceof Timestamp && now - last.toMillis() < PROVIDER_LOOKUP_INTERVAL_MS) return false;
        tx.update(ref, { 'payment.lookupAt': Timestamp.fromMillis(now) });
        return true;
      },
      { maxAttempts: 2 },
    );
  } catch {
    return false; // another poll holds the order right now: it is the one asking
  }
}

/**
 * GET /api/payment/session/{id}: the order behind a checkout (Stripe's session id, Razorpay's
 * link reference), owner only. While it is unpaid, once the page has asked for 10 s without a
 * webhook confirming it, the provider is asked (and a payment it reports is applied), at most
 * once per order every PROVIDER_LOOKUP_INTERVAL_MS (`claimProviderLookup`).
 */
export async function checkoutStatus(
  actor: Actor,
  checkoutId: string,
): Promise<{ orderId: string; status: OrderStatus; paymentStatus: PaymentStatus }> {
  const field = RAZORPAY_REFERENCE.test(checkoutId) ? 'payment.reference' : 'payment.sessionId';
  const snap = await orders().where(field, '==', checkoutId).limit(1).get();
  const found = snap.docs[0];
  if (!found || found.get('userId') !== actor.uid) throw notFound('Payment session not found');
  let doc: FirebaseFirestore.DocumentSnapshot = found;
  if (doc.get('status') === 'pending' && doc.get('payment.status') === 'unpaid') {
    const now = Date.now();
    const first = firstAsked.get(checkoutId) ?? now;
    if (!firstAsked.has(checkoutId)) {
      if (firstAsked.size > 5000) firstAsked.clear();
      firstAsked.set(checkoutId, now);
    }
    const last = doc.get('payment.lookupAt') as Timestamp | undefined;
    const due = now - first >= WEBHOOK_WAIT_MS && !(last instanceof Timestamp && now - last.toMillis() < PROVIDER_LOOKUP_INTERVAL_MS);
    if (due && (await claimProviderLookup(doc.ref, now)) && (await providerForOrder(found.data()).lookupPayment(doc.id)) === 'paid') {
      firstAsked.delete(checkoutId);
      doc = await doc.ref.get();
    }
  }
  return { orderId: doc.id, status: doc.get('status') as OrderStatus, paymentStatus: doc.get('payment.status') as PaymentStatus };
}
