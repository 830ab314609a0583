/**
 * Stripe Checkout (DESIGN §7). Sessions are built from the order in Firestore, never from
 * the request; the webhook trusts only a verified event and moves an order forward only.
 */
import { salePrice, toPaise, type OrderStatus, type PaymentStatus } from '@bagshop/domain';
import { logger } from 'firebase-functions';
import { Timestamp } from 'firebase-admin/firestore';
import { db } from '../lib/admin.js';
import { badRequest, conflict, HttpError, notFound } from '../lib/errors.js';
import { stripe, verifyWebhook, type Stripe } from '../lib/stripe.js';
import { isInvoiceNotIssuable, prepareInvoice, type ApplyInvoice } from './invoices.js';
import type { Actor } from './orders.js';
import {
  clearOrderedLines,
  ORDER_NOT_FOUND,
  orders,
  readCartLines,
  readStock,
  restoreStock,
  runOrderTransaction,
} from './orders.js';

export const SESSION_TTL_SECONDS = 30 * 60;
const stripeEvents = () => db.collection('stripeEvents');

interface StoredLine {
  name?: unknown;
  price?: unknown;
  discount?: unknown;
  quantity?: unknown;
}

/** Checkout line items in paise, from the stored order lines. */
function lineItems(data: FirebaseFirestore.DocumentData): Stripe.Checkout.SessionCreateParams.LineItem[] {
  const items = Array.isArray(data.items) ? (data.items as StoredLine[]) : [];
  return items
    .map((i) => ({
      name: String(i.name ?? 'Item').slice(0, 250) || 'Item',
      unit: toPaise(salePrice(Number(i.price ?? 0), Number(i.discount ?? 0))),
      quantity: Number(i.quantity ?? 0),
    }))
    .filter((i) => i.unit > 0 && i.quantity > 0)
    .map((i) => ({
      quantity: i.quantity,
      price_data: { currency: 'inr', unit_amount: i.unit, product_data: { name: i.name } },
    }));
}

/**
 * POST /api/payment: a Checkout Session for the caller's own pending, unpaid ONLINE order.
 * An open session already made for the order is handed out again, so one order never has
 * two payable sessions.
 */
export async function startCheckout(actor: Actor, orderId: string, origin: string): Promise<{ url: string; sessionId: string }> {
  const client = await stripe(); // 503 when payments are not configured
  const ref = orders().doc(orderId);
  const snap = await ref.get();
  if (!snap.exists || snap.get('userId') !== actor.uid) throw notFound(ORDER_NOT_FOUND);
  const data = snap.data() ?? {};
  if (data.paymentMethod !== 'ONLINE') throw badRequest('This order is paid cash on delivery');
  if (data.status !== 'pending' || data.payment?.status !== 'unpaid') throw conflict('This order is not awaiting payment');

  const existing = typeof data.payment?.sessionId === 'string' ? (data.payment.sessionId as string) : null;
  if (existing) {
    const session = await client.checkout.sessions.retrieve(existing).catch(() => null);
    if (session?.status === 'open' && session.url) return { url: session.url, sessionId: session.id };
  }

  const items = lineItems(data);
  if (items.length === 0) throw badRequest('This order has nothing to pay for');
  const session = await client.checkout.sessions
    .create({
      mode: 'payment',
      line_items: items,
      currency: 'inr',
      client_reference_id: actor.uid,
      customer_email: typeof data.user?.email === 'string' && data.user.email ? data.user.email : undefined,
      metadata: { orderId },
      payment_intent_data: { metadata: { orderId } },
      // Stripe's floor is 30 minutes after creation; a few seconds of margin keep clock skew out.
      expires_at: Math.floor(Date.now() / 1000) + SESSION_TTL_SECONDS + 30,
      success_url: `${origin}/payment-success?session_id={CHECKOUT_SESSION_ID}`,
      cancel_url: `${origin}/payment-cancel`,
    })
    .catch((error: unknown) => {
      logger.error('stripe_session_failed', { orderId, error: error instanceof Error ? error.message : String(error) });
      throw new HttpError(502, 'The payment provider could not be reached, please try again');
    });
  if (!session.url) throw new HttpError(502, 'The payment provider did not return a checkout page');

  await runOrderTransaction(async (tx) => {
    const fresh = await tx.get(ref);
    if (fresh.get('status') !== 'pending' || fresh.get('payment.status') !== 'unpaid') {
      throw conflict('This order is not awaiting payment');
    }
    tx.update(ref, { 'payment.sessionId': session.id, updatedAt: Timestamp.now() });
  });
  return { url: session.url, sessionId: session.id };
}

/** GET /api/payment/session/{sessionId}: the order behind a Checkout Session (owner only). */
export async function sessionStatus(
  actor: Actor,
  sessionId: string,
): Promise<{ orderId: string; status: OrderStatus; paymentStatus: PaymentStatus }> {
  const snap = await orders().where('payment.sessionId', '==', sessionId).limit(1).get();
  const doc = snap.docs[0];
  if (!doc || doc.get('userId') !== actor.uid) throw notFound('Payment session not found');
  return { orderId: doc.id, status: doc.get('status') as OrderStatus, paymentStatus: doc.get('payment.status') as PaymentStatus };
}

const PAID_EVENTS = new Set(['checkout.session.completed', 'checkout.session.async_payment_succeeded']);
const FAILED_EVENTS = new Set(['checkout.session.expired', 'checkout.session.async_payment_failed']);

/**
 * POST /api/payment/webhook. Verifies the signature on the raw body (400 when it fails),
 * then applies the event and records its id in one transaction, so a repeat does nothing.
 */
export async function handleWebhook(rawBody: Buffer | undefined, signature: string | undefined): Promise<{ duplicate: boolean }> {
  const secret = process.env.STRIPE_WEBHOOK_SECRET?.trim();
  if (!secret) throw new HttpError(503, PAYMENTS_WEBHOOK_NOT_CONFIGURED);
  if (!rawBody || rawBody.length === 0) throw badRequest('Missing webhook body');
  if (!signature) throw badRequest('Missing Stripe signature');
  let event: Stripe.Event;
  try {
    event = await verifyWebhook(rawBody, signature, secret);
  } catch {
    throw badRequest('Invalid Stripe signature');
  }

  const session = event.type.startsWith('checkout.session.') ? (event.data.object as Stripe.Checkout.Session) : null;
  const orderId = session?.metadata?.orderId ?? null;
  logger.info('stripe_event', { type: event.type, id: event.id, orderId });

  const eventRef = stripeEvents().doc(event.id);
  const duplicate = await runOrderTransaction(async (tx) => {
    const seen = await tx.get(eventRef);
    if (seen.exists) return true;
    const orderRef = orderId && /^[A-Za-z0-9_-]{1,128}$/.test(orderId) ? orders().doc(orderId) : null;
    const orderSnap = orderRef ? await tx.get(orderRef) : null;
    const order = orderSnap?.exists ? (orderSnap.data() ?? {}) : null;
    const now = Timestamp.now();

    const paid = PAID_EVENTS.has(event.type) && session?.payment_status !== 'unpaid';
    const failed = FAILED_EVENTS.has(event.type);
    let outcome = 'ignored';
    if (order && orderRef && paid && order.payment?.status !== 'paid') {
      const cart = await readCartLines(tx, String(order.userId ?? ''), order);
      // ── GST hook (issue 12), phase 1 (reads): the payment confirms the order, so it is invoiced.
      const issueInvoice = order.status === 'pending' ? await prepareInvoiceOrLog(tx, orderRef, order, now.toDate()) : null;
      const patch: Record<string, unknown> = { 'payment.status': 'paid', 'payment.paidAt': now, updatedAt: now };
      if (session?.id) patch['payment.sessionId'] = session.id;
      if (order.status === 'pending') {
        patch.status = 'confirmed';
        patch.statusHistory = [...historyOf(order), { status: 'confirmed', at: now, by: 'stripe' }];
        clearOrderedLines(tx, order, cart);
        // ── GST hook (issue 12), phase 2 (writes only).
        if (issueInvoice) Object.assign(patch, issueInvoice(tx));
        outcome = 'paid';
      } else {
        // Paid after the order was cancelled (e.g. by an admin): keep it cancelled, flag a refund.
        logger.warn('stripe_paid_after_cancel', { orderId, status: order.status });
        outcome = 'paid_needs_refund';
      }
      tx.update(orderRef, patch);
    } else if (order && orderRef && failed && order.status === 'pending' && order.payment?.status === 'unpaid') {
      const stock = await readStock(tx, order);
      restoreStock(tx, order, stock);
      tx.update(orderRef, {
        status: 'cancelled',
        'payment.status': 'failed',
        statusHistory: [...historyOf(order), { status: 'cancelled', at: now, by: 'stripe' }],
        updatedAt: now,
      });
      outcome = 'cancelled';
    }
    tx.create(eventRef, { type: event.type, orderId, outcome, processedAt: now });
    return false;
  });
  return { duplicate };
}

export const PAYMENTS_WEBHOOK_NOT_CONFIGURED = 'Stripe webhooks are not configured';

/**
 * A payment cannot be refused, so an order the shop cannot invoice yet (no seller settings,
 * unknown delivery state) is still confirmed; the missing invoice is logged for the admin.
 */
async function prepareInvoiceOrLog(
  tx: FirebaseFirestore.Transaction,
  orderRef: FirebaseFirestore.DocumentReference,
  order: FirebaseFirestore.DocumentData,
  now: Date,
): Promise<ApplyInvoice | null> {
  try {
    return await prepareInvoice(tx, orderRef, order, now);
  } catch (error) {
    if (!isInvoiceNotIssuable(error)) throw error;
    logger.error('invoice_not_issued', { orderId: orderRef.id, reason: error instanceof Error ? error.message : String(error) });
    return null;
  }
}

function historyOf(order: FirebaseFirestore.DocumentData): unknown[] {
  return Array.isArray(order.statusHistory) ? order.statusHistory : [];
}

/** Best effort: closes an open Checkout Session of an order that was cancelled, so it cannot be paid. */
export async function expireSessionQuietly(sessionId: string | null | undefined): Promise<void> {
  if (!sessionId) return;
  try {
    await (await stripe()).checkout.sessions.expire(sessionId);
  } catch (error) {
    logger.warn('stripe_expire_failed', { sessionId, error: error instanceof Error ? error.message : String(error) });
  }
}
