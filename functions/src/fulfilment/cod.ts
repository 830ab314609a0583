/**
 * Cash-on-delivery orders the shopper confirms (docs/fulfilment.md, "COD confirmation").
 * With COD_CONFIRMATION=required a new COD order carries `cod.required` and `cod.confirmBy`
 * (placedAt + COD_CONFIRM_SECONDS); the shopper confirms on the order page or through the
 * signed link in the placed-order mail; an admin may record "confirmed by phone". The sweep
 * cancels an order still unconfirmed past `confirmBy` (stock back, the shopper mailed).
 * Orders from before this (no `cod` field) and orders placed with COD_CONFIRMATION=off are
 * ready for the admin at once.
 */
import { createHmac, timingSafeEqual } from 'node:crypto';
import { COD_NOT_CONFIRMED_MESSAGE, type ConfirmCodInput, type Order, type PaymentMethod } from '@bagshop/domain';
import { logger } from 'firebase-functions';
import { Timestamp, type DocumentData } from 'firebase-admin/firestore';
import { serverConfig } from '../config.js';
import { conflict, HttpError, notFound, unauthorized } from '../lib/errors.js';
import { PAYMENTS_NOT_CONFIGURED, stripeConfigured } from '../payments/stripe-client.js';
import { ORDER_NOT_FOUND, orderLock, orders, runOrderTransaction, type Actor } from '../orders/store.js';
import { transitionOrder } from '../orders/transition.js';
import { toOrder } from '../orders/format.js';

export const COD_CONFIRM_TOO_LATE = 'This order was not confirmed in time and is being cancelled';

/** The `cod` field of a new order (null for card orders). */
export function codFieldsFor(method: PaymentMethod, now: Timestamp): Record<string, unknown> | null {
  if (method !== 'COD') return null;
  const { codConfirmation, codConfirmSeconds } = serverConfig().fulfilment;
  const required = codConfirmation === 'required';
  return {
    required,
    confirmBy: required ? Timestamp.fromMillis(now.toMillis() + codConfirmSeconds * 1000) : null,
    confirmedAt: null,
    confirmedBy: null,
    via: null,
  };
}

function codOf(order: DocumentData): Record<string, unknown> | null {
  const c = order.cod;
  return c && typeof c === 'object' ? (c as Record<string, unknown>) : null;
}

export function awaitsConfirmation(order: DocumentData): boolean {
  const cod = codOf(order);
  return order.paymentMethod === 'COD' && order.status === 'pending' && cod?.required === true && !cod.confirmedAt;
}

/** Guard for the admin's moves: an unconfirmed COD order cannot be confirmed or shipped. */
export function refuseUnconfirmedCod(order: DocumentData, to: string): void {
  if ((to === 'confirmed' || to === 'shipped') && awaitsConfirmation(order)) throw conflict(COD_NOT_CONFIRMED_MESSAGE);
}

/** The token of the "Confirm order" link: HMAC of the order id (null when no ORDER_LINK_SECRET is set). */
export function codConfirmToken(orderId: string): string | null {
  const secret = serverConfig().fulfilment.orderLinkSecret;
  if (!secret) return null;
  return createHmac('sha256', secret).update(`confirm-cod:${orderId}`).digest('base64url');
}

function tokenValid(orderId: string, token: string): boolean {
  const expected = codConfirmToken(orderId);
  if (!expected) return false;
  const a = Buffer.from(token);
  const b = Buffer.from(expected);
  return a.length === b.length && timingSafeEqual(a, b);
}

/**
 * POST /api/order/{id}/confirm-cod. The owner (signed in), anyone holding the mail's signed
 * token, or an admin with `confirmedByPhone: true` (who and when are recorded). Confirming a
 * confirmed order again answers the order as it is.
 */
export async function confirmCod(actor: Actor | null, orderId: string, input: ConfirmCodInput): Promise<Order> {
  const ref = orders().doc(orderId);
  let by: string;
  let via: 'shopper' | 'phone';
  if (input.confirmedByPhone) {
    if (actor?.role !== 'admin') throw new HttpError(403, 'Only the shop records a confirmation by phone');
    by = actor.uid;
    via = 'phone';
  } else if (input.token !== undefined) {
    if (!tokenValid(orderId, input.token)) throw notFound(ORDER_NOT_FOUND);
    by = 'link';
    via = 'shopper';
  } else {
    if (!actor) throw unauthorized();
    by = actor.uid;
    via = 'shopper';
  }
  await runOrderTransaction(async (tx) => {
    const snap = await tx.get(ref);
    const order = snap.data();
    if (!order) throw notFound(ORDER_NOT_FOUND);
    if (via === 'shopper' && input.token === undefined && order.userId !== actor?.uid) throw notFound(ORDER_NOT_FOUND);
    if (by === 'link') by = String(order.userId ?? 'link');
    const cod = codOf(order);
    if (order.paymentMethod !== 'COD' || !cod?.required) throw conflict('This order does not need a confirmation');
    if (cod.confirmedAt) return;
    if (order.status !== 'pending') throw conflict(`An order that is ${String(order.status)} cannot be confirmed`);
    const confirmBy = cod.confirmBy instanceof Timestamp ? cod.confirmBy.toMillis() : null;
    if (confirmBy !== null && confirmBy <= Date.now()) throw conflict(COD_CONFIRM_TOO_LATE);
    tx.update(ref, { 'cod.confirmedAt': Timestamp.now(), 'cod.confirmedBy': by, 'cod.via': via, updatedAt: Timestamp.now() });
  });
  return toOrder(await ref.get());
}

/**
 * POST /api/order/{id}/pay-online: "Pay online instead". The same pending COD order (its
 * stock stays held) becomes a card order with a payment hold of PAYMENT_HOLD_SECONDS from now,
 * never past the COD confirmation time it had; the client then opens the checkout (POST /api/payment).
 */
export async function switchToOnline(actor: Actor, orderId: string): Promise<Order> {
  if (!stripeConfigured()) throw new HttpError(503, PAYMENTS_NOT_CONFIGURED);
  const ref = orders().doc(orderId);
  const { paymentHoldSeconds } = serverConfig();
  await runOrderTransaction(async (tx) => {
    const snap = await tx.get(ref);
    const order = snap.data();
    if (!order || order.userId !== actor.uid) throw notFound(ORDER_NOT_FOUND);
    if (order.paymentMethod !== 'COD' || order.status !== 'pending')
      throw conflict('Only a pending cash-on-delivery order can be paid online instead');
    const now = Date.now();
    const cod = codOf(order);
    const confirmBy = cod?.confirmBy instanceof Timestamp ? cod.confirmBy.toMillis() : Infinity;
    const holdUntil = Math.min(Math.ceil(now / 1000 + paymentHoldSeconds) * 1000, confirmBy);
    tx.update(ref, {
      paymentMethod: 'ONLINE',
      'payment.status': 'unpaid',
      'payment.holdUntil': Timestamp.fromMillis(holdUntil),
      cod: null,
      switchedFromCodAt: Timestamp.fromMillis(now),
      updatedAt: Timestamp.fromMillis(now),
    });
    // One more open card order: an order being placed at this moment counts again (order-store.ts `orderLock`).
    tx.set(orderLock(actor.uid), { lastChangeAt: Timestamp.fromMillis(now) }, { merge: true });
  });
  return toOrder(await ref.get());
}

/** The sweep: unconfirmed COD orders past `cod.confirmBy` are cancelled (stock back, the shopper mailed). */
export async function sweepUnconfirmedCod(now: Timestamp, limit = 100): Promise<string[]> {
  // Needs the composite index orders (status, cod.confirmBy) in firestore.indexes.json.
  const due = await orders().where('status', '==', 'pending').where('cod.confirmBy', '<=', now).orderBy('cod.confirmBy').limit(limit).get();
  const cancelled: string[] = [];
  for (const doc of due.docs) {
    try {
      await transitionOrder(doc.id, {
        to: 'cancelled',
        by: 'system',
        reason: 'cod_expired',
        guard: (order) => {
          if (!awaitsConfirmation(order)) throw new NotDue();
        },
      });
      cancelled.push(doc.id);
    } catch (error) {
      if (error instanceof NotDue || (error instanceof HttpError && error.status === 409)) continue;
      logger.error('cod_sweep_failed', { orderId: doc.id, error: error instanceof Error ? error.message : String(error) });
    }
  }
  return cancelled;
}

class NotDue extends Error {}
