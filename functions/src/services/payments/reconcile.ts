/**
 * A paid order is never lost (issue 24): before the hold sweep cancels an unpaid online order,
 * and when the success page has waited 10 s for a webhook, the shop asks the provider.
 */
import type { OrderStatus, PaymentStatus } from '@bagshop/domain';
import { notFound } from '../../lib/errors.js';
import { orders, paymentOf, type Actor, type StoredOrder } from '../order-store.js';
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

/**
 * GET /api/payment/session/{id}: the order behind a checkout (Stripe's session id, Razorpay's
 * link reference), owner only. While it is unpaid, once the page has asked for 10 s without a
 * webhook confirming it, the provider is asked (and a payment it reports is applied).
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
    if (now - first >= WEBHOOK_WAIT_MS && (await providerForOrder(found.data()).lookupPayment(doc.id)) === 'paid') {
      firstAsked.delete(checkoutId);
      doc = await doc.ref.get();
    }
  }
  return { orderId: doc.id, status: doc.get('status') as OrderStatus, paymentStatus: doc.get('payment.status') as PaymentStatus };
}
