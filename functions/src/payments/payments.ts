/**
 * Stripe Checkout (docs/decisions/0010-stripe-and-local-stand-in.md, docs/orders-and-payments.md). Sessions are built from the
 * order in Firestore, never from the request; one order has one payable session; the
 * webhook trusts only a verified event, checks it against the order, and changes the
 * order's status only through the transition function.
 */
import { returnIdOf, settleReturnRefund } from '../returns/refunds.js';
import { DELIVERY_SPEED_LABELS, formatINR, parseOrderDelivery, salePrice, toPaise } from '@bagshop/domain';
import { logger } from 'firebase-functions';
import { Timestamp, type DocumentSnapshot, type Transaction } from 'firebase-admin/firestore';
import { serverConfig, STRIPE_MIN_SESSION_SECONDS } from '../config.js';
import { db } from '../lib/admin.js';
import { badRequest, conflict, HttpError, notFound } from '../lib/errors.js';
import { stripe, stripeErrorOf, verifyWebhook, type Stripe } from './stripe-client.js';
import {
  extraPaymentsOf,
  expireSessionQuietly,
  hasUnsent,
  issueRefund,
  newRefund,
  type StoredExtraPayment,
  type StoredRefund,
} from './actions.js';
import { ORDER_NOT_FOUND, orders, paymentOf, runOrderTransaction, withAttention, type Actor, type StoredOrder } from '../orders/store.js';
import { prepareTransition, type PreparedTransition } from '../orders/transition.js';
import { orderMail, queueMail } from '../mail/index.js';
import { prepareOfferRelease } from '../offers/index.js';

const stripeEvents = () => db.collection('stripeEvents');

export const PAYMENTS_WEBHOOK_NOT_CONFIGURED = 'Stripe webhooks are not configured';
export const NOT_AWAITING_PAYMENT = 'This order is not awaiting payment';
export const HOLD_ENDED = 'The time to pay for this order has run out; its items went back on sale. Please order again.';

interface StoredLine {
  name?: unknown;
  price?: unknown;
  discount?: unknown;
  quantity?: unknown;
  offerDiscountPaise?: unknown;
}

/** Checkout line items in paise, from the stored order lines and the delivery fee (issue 40), adding up to `totalAmount`. */
function lineItems(data: StoredOrder): Stripe.Checkout.SessionCreateParams.LineItem[] {
  const delivery = parseOrderDelivery(data.delivery);
  const fee: Stripe.Checkout.SessionCreateParams.LineItem[] =
    delivery && delivery.fee > 0
      ? [
          {
            quantity: 1,
            price_data: {
              currency: 'inr',
              unit_amount: toPaise(delivery.fee),
              product_data: { name: DELIVERY_SPEED_LABELS[delivery.speed] },
            },
          },
        ]
      : [];
  return [...goodsLineItems(data), ...fee];
}

/** The goods' line items in paise, from the stored order lines. */
function goodsLineItems(data: StoredOrder): Stripe.Checkout.SessionCreateParams.LineItem[] {
  const items = Array.isArray(data.items) ? (data.items as StoredLine[]) : [];
  // With offers (docs/offers.md) a line's paid amount need not divide by its quantity: one item per line, at what it costs after its share.
  if (items.some((i) => Number(i.offerDiscountPaise ?? 0) > 0)) {
    return items
      .map((i) => {
        const quantity = Number(i.quantity ?? 0);
        const name = String(i.name ?? 'Item').slice(0, 240) || 'Item';
        const paid = toPaise(salePrice(Number(i.price ?? 0), Number(i.discount ?? 0))) * quantity - Number(i.offerDiscountPaise ?? 0);
        return { name: quantity > 1 ? `${name} × ${quantity}` : name, paid };
      })
      .filter((i) => i.paid > 0)
      .map((i) => ({ quantity: 1, price_data: { currency: 'inr', unit_amount: i.paid, product_data: { name: i.name } } }));
  }
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

/** What the order expects Stripe to collect, in paise. */
export function expectedPaise(order: StoredOrder): number {
  return toPaise(Number(order.totalAmount ?? 0));
}

function holdUntilOf(order: StoredOrder): Timestamp | null {
  const h = paymentOf(order).holdUntil;
  return h instanceof Timestamp ? h : null;
}

/**
 * When the Checkout Session ends. It is the order's hold; Stripe's own servers refuse a
 * session shorter than 30 minutes, so with real Stripe a hold that ends sooner is stretched
 * to now + 31 minutes, rounded up to the minute (the same value for requests in the same
 * minute, which the idempotency key needs), and the order's hold moves with it.
 */
export function sessionExpiry(holdUntilSeconds: number, nowSeconds: number, mode: 'local' | 'stripe'): number {
  if (mode === 'local') return holdUntilSeconds;
  const floor = Math.ceil((nowSeconds + STRIPE_MIN_SESSION_SECONDS + 60) / 60) * 60;
  return Math.max(holdUntilSeconds, floor);
}

export interface CheckoutState {
  sessionId: string | null;
  attempt: number;
  holdUntil: Timestamp;
  data: StoredOrder;
}

/** The order's payable state, checked: the owner's own pending, unpaid card order whose hold has not ended. */
export function checkPayable(snap: DocumentSnapshot, actor: Actor): CheckoutState {
  if (!snap.exists || snap.get('userId') !== actor.uid) throw notFound(ORDER_NOT_FOUND);
  const data = snap.data() ?? {};
  if (data.paymentMethod !== 'ONLINE') throw badRequest('This order is paid cash on delivery');
  const payment = paymentOf(data);
  if (data.status !== 'pending' || payment.status !== 'unpaid') throw conflict(NOT_AWAITING_PAYMENT);
  const holdUntil = holdUntilOf(data);
  if (!holdUntil) throw conflict(NOT_AWAITING_PAYMENT);
  if (holdUntil.toMillis() <= Date.now()) throw conflict(HOLD_ENDED);
  return {
    sessionId: typeof payment.sessionId === 'string' ? payment.sessionId : null,
    attempt: typeof payment.sessionAttempts === 'number' ? payment.sessionAttempts : 0,
    holdUntil,
    data,
  };
}

const wait = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/**
 * POST /api/payment: the Checkout Session of the caller's own pending, unpaid ONLINE order.
 * One order has one payable session, however many requests arrive at once: the session is
 * created with the idempotency key `checkout-<order>-<attempt>` (concurrent requests get the
 * same session back from Stripe), and stored by compare-and-set in a transaction (a request
 * that finds another session stored hands that one out). An order whose session is still
 * open gets it back. A new session (next attempt) is made only when Stripe no longer knows
 * the stored one.
 */
export async function startCheckout(actor: Actor, orderId: string): Promise<{ url: string; sessionId: string }> {
  const client = await stripe(); // 503 when payments are not configured
  const { appOrigin, stripe: stripeConfig } = serverConfig();
  const ref = orders().doc(orderId);

  for (let round = 0; round < 5; round += 1) {
    const state = checkPayable(await ref.get(), actor);
    let attempt = state.attempt;
    if (state.sessionId) {
      const existing = await client.checkout.sessions.retrieve(state.sessionId).catch((error: unknown) => {
        if (stripeErrorOf(error)?.statusCode === 404) return null; // Stripe no longer knows it: make the next one
        throw providerError(orderId, error);
      });
      if (existing) {
        if (existing.status === 'open' && existing.url) return { url: existing.url, sessionId: existing.id };
        if (existing.status === 'complete') throw conflict('This order has been paid; its confirmation is on its way');
        throw conflict(HOLD_ENDED);
      }
      attempt += 1;
    }

    const items = lineItems(state.data);
    if (items.length === 0) throw badRequest('This order has nothing to pay for');
    const nowSeconds = Math.floor(Date.now() / 1000);
    const expiresAt = sessionExpiry(state.holdUntil.seconds, nowSeconds, stripeConfig.mode);
    let session: Stripe.Checkout.Session;
    try {
      session = await client.checkout.sessions.create(
        {
          mode: 'payment',
          line_items: items,
          currency: 'inr',
          client_reference_id: actor.uid,
          customer_email: typeof state.data.user?.email === 'string' && state.data.user.email ? state.data.user.email : undefined,
          metadata: { orderId },
          payment_intent_data: { metadata: { orderId } },
          expires_at: expiresAt,
          success_url: `${appOrigin}/payment-success?session_id={CHECKOUT_SESSION_ID}`,
          cancel_url: `${appOrigin}/payment-cancel?order_id=${orderId}`,
        },
        { idempotencyKey: `checkout-${orderId}-${attempt}` },
      );
    } catch (error) {
      // The same key in flight or used with other parameters (another request, another
      // minute): that request is storing its session; read the order again.
      if (stripeErrorOf(error)?.type === 'StripeIdempotencyError') {
        await wait(300 + round * 300);
        continue;
      }
      throw providerError(orderId, error);
    }
    if (!session.url) throw new HttpError(502, 'The payment provider did not return a checkout page');

    const stored = await runOrderTransaction(async (tx) => {
      const fresh = checkPayable(await tx.get(ref), actor);
      if (fresh.sessionId === session.id) return { id: session.id, url: session.url as string };
      // Compare-and-set: store ours only if the order still has the session we started from.
      if (fresh.sessionId !== state.sessionId) return { id: fresh.sessionId, url: null };
      const patch: Record<string, unknown> = {
        'payment.sessionId': session.id,
        'payment.sessionAttempts': attempt,
        updatedAt: Timestamp.now(),
      };
      // The hold is never stretched by the payment call (docs/fulfilment.md, "Stock-holding caps"):
      // a session that outlives it (Stripe's 30-minute floor) is expired when the sweep cancels the order.
      tx.update(ref, patch);
      return { id: session.id, url: session.url as string };
    });
    if (stored.url && stored.id) return { url: stored.url, sessionId: stored.id };
    // Another request stored a different session first: close ours and hand out that one.
    await expireSessionQuietly(session.id);
  }
  throw new HttpError(503, 'The payment could not be started, please try again');
}

function providerError(orderId: string, error: unknown): HttpError {
  logger.error('stripe_session_failed', { orderId, error: error instanceof Error ? error.message : String(error) });
  return new HttpError(502, 'The payment provider could not be reached, please try again');
}

const PAID_EVENTS = new Set(['checkout.session.completed', 'checkout.session.async_payment_succeeded']);
const ENDED_EVENTS = new Set(['checkout.session.expired', 'checkout.session.async_payment_failed']);
const REFUND_EVENTS = new Set(['charge.refunded', 'refund.created', 'refund.updated', 'refund.failed']);

const ORDER_ID = /^[A-Za-z0-9_-]{1,128}$/;

function idOf(value: string | { id: string } | null | undefined): string | null {
  if (!value) return null;
  return typeof value === 'string' ? value : value.id;
}

/** Which order an event is about: the metadata we put on every session, payment and refund. */
function orderIdOf(event: Stripe.Event): string | null {
  const object = event.data.object as { metadata?: Record<string, string> | null };
  const id = object.metadata?.orderId;
  return typeof id === 'string' && ORDER_ID.test(id) ? id : null;
}

/**
 * What does not match between a paid session and its order: the session id, the amount in
 * paise, the currency, the customer (client_reference_id = the order's uid).
 */
export function sessionMismatches(order: StoredOrder, session: Stripe.Checkout.Session): string[] {
  const problems: string[] = [];
  if (session.id !== paymentOf(order).sessionId)
    problems.push(`session ${session.id} is not the order's (${String(paymentOf(order).sessionId ?? 'none')})`);
  if (session.amount_total !== expectedPaise(order))
    problems.push(`amount ${String(session.amount_total)} paise, expected ${expectedPaise(order)}`);
  if (session.currency !== 'inr') problems.push(`currency ${String(session.currency)}, expected inr`);
  if (session.client_reference_id !== order.userId) problems.push(`customer ${String(session.client_reference_id)} is not the order's`);
  if (order.paymentMethod !== 'ONLINE') problems.push('the order is cash on delivery');
  return problems;
}

interface Outcome {
  outcome: string;
  afterCommit?: () => Promise<void>;
}

/** A payment the order does not take: recorded on the order, flagged, refunded after the commit. */
function refundExtraPayment(
  tx: Transaction,
  snap: DocumentSnapshot,
  order: StoredOrder,
  session: Stripe.Checkout.Session,
  reason: string,
  now: Timestamp,
): Outcome {
  const paymentIntentId = idOf(session.payment_intent);
  const extras = extraPaymentsOf(order);
  if (paymentIntentId && extras.some((e) => e.paymentIntentId === paymentIntentId)) {
    if (order.attention !== snap.get('attention')) tx.update(snap.ref, { attention: order.attention, updatedAt: now });
    return { outcome: 'extra_payment_known' };
  }
  const entry: StoredExtraPayment = {
    sessionId: session.id,
    paymentIntentId,
    amountPaise: session.amount_total ?? 0,
    reason,
    receivedAt: now,
    refund: paymentIntentId ? newRefund(session.amount_total ?? 0, now) : null,
  };
  const all = [...extras, entry];
  tx.update(snap.ref, {
    'payment.extraPayments': all,
    'payment.refundUnsent': hasUnsent(paymentOf(order).refund as StoredRefund | null, all),
    attention: withAttention(order, {
      code: 'extra_payment_refunded',
      message: `A payment of ${formatINR((session.amount_total ?? 0) / 100)} (session ${session.id}) was not taken for this order (${reason}) and is being refunded`,
      at: now,
    }),
    updatedAt: now,
  });
  return {
    outcome: 'extra_payment_refunded',
    afterCommit: paymentIntentId ? () => issueRefund(snap.id, paymentIntentId, 'duplicate') : undefined,
  };
}

/** checkout.session.completed (paid) and async_payment_succeeded. */
async function onPaid(tx: Transaction, snap: DocumentSnapshot, session: Stripe.Checkout.Session, eventId: string): Promise<Outcome> {
  const order = snap.data() ?? {};
  const payment = paymentOf(order);
  const now = Timestamp.now();
  const paymentIntentId = idOf(session.payment_intent);
  if (paymentIntentId && payment.paymentIntentId === paymentIntentId) return { outcome: 'already_recorded' };

  const problems = sessionMismatches(order, session);
  if (problems.length > 0) {
    logger.warn('stripe_mismatch', { orderId: snap.id, eventId, sessionId: session.id, problems });
    // Nothing is confirmed; the admin sees why, and the money goes back.
    const flagged = {
      ...order,
      attention: withAttention(order, {
        code: 'payment_mismatch',
        message: `Stripe payment not accepted: ${problems.join('; ')}`,
        at: now,
      }),
    };
    const refund = refundExtraPayment(tx, snap, flagged, session, 'it did not match the order', now);
    return { outcome: 'mismatch', afterCommit: refund.afterCommit };
  }

  if (order.status === 'pending' && payment.status === 'unpaid') {
    const prepared: PreparedTransition = await prepareTransition(tx, snap, {
      to: 'confirmed',
      by: 'stripe',
      reason: 'payment',
      payment: { status: 'paid', paidAt: now, paymentIntentId, amountPaise: session.amount_total ?? expectedPaise(order) },
    });
    prepared.apply(tx);
    return { outcome: 'paid', afterCommit: () => prepared.afterCommit() };
  }

  if (order.status === 'cancelled' && (payment.status === 'unpaid' || payment.status === 'failed')) {
    // Paid for its own session after it was cancelled (the shopper paid as the hold ended):
    // the order stays cancelled and the payment goes back.
    logger.warn('stripe_paid_after_cancel', { orderId: snap.id, eventId });
    const refund = newRefund(session.amount_total ?? 0, now);
    tx.update(snap.ref, {
      'payment.status': 'refund_pending',
      'payment.paidAt': now,
      'payment.paymentIntentId': paymentIntentId,
      'payment.amountPaise': session.amount_total ?? 0,
      'payment.refund': refund,
      'payment.refundUnsent': hasUnsent(refund, extraPaymentsOf(order)),
      attention: withAttention(order, {
        code: 'paid_after_cancel',
        message: 'Paid after the order was cancelled: the payment is being refunded',
        at: now,
      }),
      updatedAt: now,
    });
    return {
      outcome: 'refund_after_cancel',
      afterCommit: paymentIntentId ? () => issueRefund(snap.id, paymentIntentId, 'requested_by_customer') : undefined,
    };
  }

  return refundExtraPayment(tx, snap, order, session, `the order was already ${String(payment.status)}`, now);
}

/** checkout.session.expired / async_payment_failed: the order's own session ended unpaid. */
async function onEnded(tx: Transaction, snap: DocumentSnapshot, session: Stripe.Checkout.Session, type: string): Promise<Outcome> {
  const order = snap.data() ?? {};
  const payment = paymentOf(order);
  if (order.status !== 'pending' || payment.status !== 'unpaid' || payment.sessionId !== session.id) return { outcome: 'ignored' };
  const prepared = await prepareTransition(tx, snap, {
    to: 'cancelled',
    by: 'stripe',
    reason: type === 'checkout.session.expired' ? 'session_expired' : 'payment_failed',
    payment: { status: 'failed' },
  });
  prepared.apply(tx);
  return { outcome: 'cancelled', afterCommit: () => prepared.afterCommit() };
}

/** charge.refunded and refund.*: Stripe's word on a refund we asked for (or one made in its dashboard). */
async function onRefund(tx: Transaction, snap: DocumentSnapshot, event: Stripe.Event): Promise<Outcome> {
  const order = snap.data() ?? {};
  const payment = paymentOf(order);
  const now = Timestamp.now();
  let paymentIntentId: string | null;
  let refundId: string | null = null;
  let state: 'succeeded' | 'failed' | 'pending';
  if (event.type === 'charge.refunded') {
    const charge = event.data.object as Stripe.Charge;
    paymentIntentId = idOf(charge.payment_intent);
    refundId = charge.refunds?.data?.[0]?.id ?? null;
    state = charge.refunded || charge.amount_refunded >= charge.amount ? 'succeeded' : 'pending';
  } else {
    const refund = event.data.object as Stripe.Refund;
    paymentIntentId = idOf(refund.payment_intent);
    refundId = refund.id;
    state = refund.status === 'succeeded' ? 'succeeded' : refund.status === 'failed' || refund.status === 'canceled' ? 'failed' : 'pending';
  }
  if (!paymentIntentId || state === 'pending') return { outcome: 'ignored' };
  // A return's partial refund (docs/returns.md) settles the return, not the order's own refund.
  const returnId = event.type === 'charge.refunded' ? null : returnIdOf((event.data.object as Stripe.Refund).metadata);
  if (returnId) return settleReturnRefund(tx, snap, returnId, { id: refundId, succeeded: state === 'succeeded', provider: 'Stripe' });
  // The charge fully refunded by returns' partial refunds is not a dashboard refund of the order.
  if (event.type === 'charge.refunded' && Number(payment.refundedPaise ?? 0) > 0 && !payment.refund) return { outcome: 'ignored' };

  const settle = (r: StoredRefund | null | undefined, amount: number): StoredRefund => {
    const base = r ?? newRefund(amount, now);
    if (base.status === 'succeeded') return base;
    return {
      ...base,
      id: base.id ?? refundId,
      status: state === 'succeeded' ? 'succeeded' : 'failed',
      refundedAt: state === 'succeeded' ? now : null,
    };
  };

  const patch: Record<string, unknown> = { updatedAt: now };
  let own = (payment.refund as StoredRefund | null | undefined) ?? null;
  let extras = extraPaymentsOf(order);
  if (payment.paymentIntentId === paymentIntentId) {
    if (payment.status === 'refunded' || own?.status === 'succeeded') return { outcome: 'already_refunded' };
    if (state === 'succeeded' && payment.status === 'paid') {
      return refundedOutsideShop(tx, snap, {
        refundId,
        amountPaise: typeof payment.amountPaise === 'number' ? payment.amountPaise : expectedPaise(order),
        by: 'stripe',
        provider: 'Stripe',
      });
    }
    own = settle(own, typeof payment.amountPaise === 'number' ? payment.amountPaise : expectedPaise(order));
    patch['payment.refund'] = own;
    if (state === 'succeeded') {
      patch['payment.status'] = 'refunded';
      queueMail(
        tx,
        orderMail('refunded', snap.id, { ...order, payment: { ...payment, status: 'refunded' } }, { refundAmount: own.amountPaise / 100 }),
      );
      if (order.status !== 'cancelled') {
        patch.attention = withAttention(order, {
          code: 'refunded_outside_shop',
          message: 'Stripe refunded this order’s payment, but the order was not cancelled',
          at: now,
        });
      }
    }
  } else {
    const i = extras.findIndex((e) => e.paymentIntentId === paymentIntentId);
    if (i < 0) return { outcome: 'ignored' };
    if (extras[i]?.refund?.status === 'succeeded') return { outcome: 'already_refunded' };
    extras = extras.map((e, k) => (k === i ? { ...e, refund: settle(e.refund, e.amountPaise) } : e));
    patch['payment.extraPayments'] = extras;
  }
  if (state === 'failed') {
    patch.attention = withAttention(order, {
      code: 'refund_failed',
      message: `Stripe could not refund payment ${paymentIntentId}: refund it by hand`,
      at: now,
    });
  }
  patch['payment.refundUnsent'] = hasUnsent(own, extras);
  tx.update(snap.ref, patch);
  return { outcome: state === 'succeeded' ? 'refunded' : 'refund_failed' };
}

/**
 * Asks Stripe whether the order's Checkout Session was paid, for an order the webhook has not
 * confirmed (the sweep before it cancels, the success page after 10 s). Paid: applied exactly
 * as `checkout.session.completed` would be (the same cross-checks, the same transition, the
 * invoice), in one transaction. Answers 'paid' when the order now records that payment,
 * 'unpaid' when Stripe says it was not paid, 'unknown' when Stripe could not be asked.
 */
export async function reconcileStripeCheckout(orderId: string): Promise<'paid' | 'unpaid' | 'unknown'> {
  const ref = orders().doc(orderId);
  const before = await ref.get();
  const sessionId = paymentOf(before.data() ?? {}).sessionId;
  if (typeof sessionId !== 'string') return 'unpaid'; // never started a checkout
  let session: Stripe.Checkout.Session;
  try {
    const client = await stripe();
    session = await client.checkout.sessions.retrieve(sessionId);
  } catch (error) {
    if (stripeErrorOf(error)?.statusCode === 404) return 'unpaid';
    logger.warn('stripe_lookup_failed', { orderId, sessionId, error: error instanceof Error ? error.message : String(error) });
    return 'unknown';
  }
  if (session.status !== 'complete' || session.payment_status === 'unpaid') return 'unpaid'; // open or expired, not paid
  const result = await runOrderTransaction(async (tx) => {
    const snap = await tx.get(ref);
    if (!snap.exists) return { outcome: 'ignored' } as Outcome;
    const outcome = await onPaid(tx, snap, session, `lookup:${session.id}`);
    return outcome;
  });
  logger.info('stripe_lookup_paid', { orderId, sessionId, outcome: result.outcome });
  if (result.afterCommit) await result.afterCommit().catch(() => undefined);
  return result.outcome === 'paid' || result.outcome === 'already_recorded' ? 'paid' : 'unpaid';
}

/** A refund event without our orderId (made in Stripe's dashboard): the order whose payment it refunds. */
async function orderIdByPayment(event: Stripe.Event): Promise<string | null> {
  const object = event.data.object as { payment_intent?: string | { id: string } | null };
  const paymentIntentId = idOf(object.payment_intent);
  if (!paymentIntentId) return null;
  const snap = await orders().where('payment.paymentIntentId', '==', paymentIntentId).limit(1).get();
  return snap.docs[0]?.id ?? null;
}

/**
 * A paid order refunded at the provider without the shop asking (its dashboard): the order is
 * cancelled through the transition function, so its stock goes back once (stockReleasedAt)
 * and an invoiced order gets its credit note; the payment is `refunded`. An order already
 * shipped cannot be cancelled: it is marked refunded and flagged for the admin.
 */
export async function refundedOutsideShop(
  tx: Transaction,
  snap: DocumentSnapshot,
  refund: { refundId: string | null; amountPaise: number; by: string; provider: string },
): Promise<Outcome> {
  const order = snap.data() ?? {};
  const now = Timestamp.now();
  const settled: StoredRefund = {
    id: refund.refundId,
    status: 'succeeded',
    amountPaise: refund.amountPaise,
    requestedAt: now,
    refundedAt: now,
  };
  const payment = paymentOf(order);
  const mail = () =>
    queueMail(
      tx,
      orderMail('refunded', snap.id, { ...order, payment: { ...payment, status: 'refunded' } }, { refundAmount: refund.amountPaise / 100 }),
    );
  if (order.status === 'pending' || order.status === 'confirmed') {
    const prepared = await prepareTransition(tx, snap, {
      to: 'cancelled',
      by: refund.by,
      reason: 'payment_refunded',
      payment: { status: 'refunded' },
      extra: {
        'payment.refund': settled,
        'payment.refundUnsent': hasUnsent(settled, extraPaymentsOf(order)),
        attention: withAttention(order, {
          code: 'refunded_outside_shop',
          message: `${refund.provider} refunded this order’s payment outside the shop: the order was cancelled`,
          at: now,
        }),
      },
    });
    prepared.apply(tx);
    mail();
    return { outcome: 'refunded_outside_shop', afterCommit: () => prepared.afterCommit() };
  }
  // Fully refunded: the order gives its offers' uses back (docs/offers.md), as a cancel does.
  const release = refund.amountPaise >= expectedPaise(order) ? await prepareOfferRelease(tx, order, now) : null;
  tx.update(snap.ref, {
    'payment.status': 'refunded',
    'payment.refund': settled,
    'payment.refundUnsent': hasUnsent(settled, extraPaymentsOf(order)),
    attention: withAttention(order, {
      code: 'refunded_outside_shop',
      message: `${refund.provider} refunded this order’s payment, but the order is ${String(order.status)}: issue its credit note by hand`,
      at: now,
    }),
    ...(release ? release(tx) : {}),
    updatedAt: now,
  });
  mail();
  return { outcome: 'refunded_outside_shop' };
}

/**
 * POST /api/payment/webhook. Verifies the signature on the raw body (400 when it fails),
 * then applies the event and records its id in one transaction, so a repeat does nothing.
 */
export async function handleWebhook(rawBody: Buffer | undefined, signature: string | undefined): Promise<{ duplicate: boolean }> {
  const secret = serverConfig().stripe.webhookSecret;
  if (!secret) throw new HttpError(503, PAYMENTS_WEBHOOK_NOT_CONFIGURED);
  if (!rawBody || rawBody.length === 0) throw badRequest('Missing webhook body');
  if (!signature) throw badRequest('Missing Stripe signature');
  let event: Stripe.Event;
  try {
    event = await verifyWebhook(rawBody, signature, secret);
  } catch {
    throw badRequest('Invalid Stripe signature');
  }

  // Refunds made in Stripe's dashboard carry no orderId: matched by the payment they refund.
  const orderId = orderIdOf(event) ?? (REFUND_EVENTS.has(event.type) ? await orderIdByPayment(event) : null);
  logger.info('stripe_event', { type: event.type, id: event.id, orderId });
  const eventRef = stripeEvents().doc(event.id);
  const result = await runOrderTransaction(async (tx): Promise<Outcome & { duplicate: boolean }> => {
    const seen = await tx.get(eventRef);
    if (seen.exists) return { duplicate: true, outcome: 'duplicate' };
    const snap = orderId ? await tx.get(orders().doc(orderId)) : null;
    let outcome: Outcome = { outcome: 'ignored' };
    if (snap?.exists) {
      if (PAID_EVENTS.has(event.type)) {
        const session = event.data.object as Stripe.Checkout.Session;
        if (session.payment_status !== 'unpaid') outcome = await onPaid(tx, snap, session, event.id);
        else outcome = { outcome: 'awaiting_payment' };
      } else if (ENDED_EVENTS.has(event.type)) {
        outcome = await onEnded(tx, snap, event.data.object as Stripe.Checkout.Session, event.type);
      } else if (REFUND_EVENTS.has(event.type)) {
        outcome = await onRefund(tx, snap, event);
      }
    } else if (orderId || PAID_EVENTS.has(event.type)) {
      logger.warn('stripe_unknown_order', { type: event.type, id: event.id, orderId });
    }
    tx.create(eventRef, { type: event.type, orderId, outcome: outcome.outcome, processedAt: Timestamp.now() });
    return { ...outcome, duplicate: false };
  });
  if (result.afterCommit) {
    try {
      await result.afterCommit();
    } catch (error) {
      logger.error('stripe_event_after_commit_failed', {
        id: event.id,
        orderId,
        error: error instanceof Error ? error.message : String(error),
      });
    }
  }
  return { duplicate: result.duplicate };
}
