/**
 * Razorpay Payment Links (docs/decisions/0024-razorpay-payment-links.md): one link per order
 * attempt, for the order's amount in paise, INR, reference_id `<order>-<attempt>` (Razorpay
 * refuses a second link with the same reference, which makes creation idempotent) and the
 * order id in its notes. The shopper pays on Razorpay's hosted page (UPI QR or app, card,
 * netbanking) and comes back to /payment-success?session_id=<reference>. The webhook
 * verifies X-Razorpay-Signature, records each X-Razorpay-Event-Id once, cross-checks amount,
 * currency and order, and confirms through the one transition function.
 */
import { returnIdOf, settleReturnRefund } from '../returns/refunds.js';
import { createHash } from 'node:crypto';
import { formatINR } from '@bagshop/domain';
import { logger } from 'firebase-functions';
import { Timestamp, type DocumentSnapshot, type Transaction } from 'firebase-admin/firestore';
import { RAZORPAY_MIN_LINK_SECONDS, serverConfig } from '../config.js';
import { db } from '../lib/admin.js';
import { badRequest, conflict, HttpError } from '../lib/errors.js';
import { describeRazorpayError, razorpay, razorpayErrorOf, validRazorpaySignature } from './razorpay-client.js';
import { PAYMENTS_NOT_CONFIGURED } from './stripe-client.js';
import { orders, paymentOf, runOrderTransaction, withAttention, type Actor, type StoredOrder } from '../orders/store.js';
import { prepareTransition } from '../orders/transition.js';
import { extraPaymentsOf, hasUnsent, issueRefund, newRefund, type StoredExtraPayment, type StoredRefund } from './actions.js';
import { checkPayable, expectedPaise, HOLD_ENDED, refundedOutsideShop } from './payments.js';
import { emiPlanMismatch, emiPlanNote, paymentPlanOf, type RazorpayPaymentMethodFields } from './emi.js';

const razorpayEvents = () => db.collection('razorpayEvents');

/** Our reference for an order's n-th link: also what the success page is given as session_id. */
export const razorpayReference = (orderId: string, attempt: number) => `${orderId}-${attempt}`;
export const RAZORPAY_REFERENCE = /^[A-Za-z0-9_]{1,36}-\d{1,3}$/;

/** A Payment Link as far as the shop reads it. */
export interface RazorpayLink {
  id: string;
  short_url: string;
  status: string;
  amount: number;
  amount_paid?: number;
  currency: string;
  reference_id?: string;
  order_id?: string;
  notes?: Record<string, string> | null;
  payments?: { payment_id: string; amount: number; status: string }[] | null;
}

/** A payment entity as far as the shop reads it (with its method fields: card EMI, cardless EMI, pay later; issue 43). */
interface RazorpayPayment extends RazorpayPaymentMethodFields {
  id: string;
  amount: number;
  currency: string;
  status: string;
  order_id?: string | null;
  notes?: Record<string, string> | unknown[] | null;
  error_description?: string | null;
}

interface RazorpayRefundEntity {
  id: string;
  payment_id: string;
  amount: number;
  status?: string;
  notes?: Record<string, string> | unknown[] | null;
}

/** When the link stops taking payments: the hold, stretched to Razorpay's 15-minute floor with real Razorpay. */
export function linkExpiry(holdUntilSeconds: number, nowSeconds: number, mode: 'local' | 'razorpay'): number {
  if (mode === 'local') return holdUntilSeconds;
  return Math.max(holdUntilSeconds, Math.ceil((nowSeconds + RAZORPAY_MIN_LINK_SECONDS) / 60) * 60);
}

function providerError(orderId: string, error: unknown): HttpError {
  logger.error('razorpay_link_failed', { orderId, error: describeRazorpayError(error) });
  return new HttpError(502, 'The payment provider could not be reached, please try again');
}

type Client = Awaited<ReturnType<typeof razorpay>>;

async function fetchLink(client: Client, id: string): Promise<RazorpayLink | null> {
  try {
    return (await client.paymentLink.fetch(id)) as unknown as RazorpayLink;
  } catch (error) {
    if (razorpayErrorOf(error)?.statusCode === 400 || razorpayErrorOf(error)?.statusCode === 404) return null;
    throw error;
  }
}

/** The link Razorpay already has for this reference (a concurrent request, a crash after create). */
async function linkByReference(client: Client, reference: string): Promise<RazorpayLink | null> {
  const list = (await client.paymentLink.all({ reference_id: reference } as never)) as unknown as { payment_links?: RazorpayLink[] };
  return list.payment_links?.find((l) => l.reference_id === reference) ?? null;
}

/**
 * POST /api/payment with PAYMENT_PROVIDER=razorpay: the order's Payment Link. Concurrent
 * requests create the same reference; Razorpay takes the first and refuses the rest, which
 * then fetch it by reference; the link is stored by compare-and-set.
 */
export async function startRazorpayCheckout(actor: Actor, orderId: string): Promise<{ url: string; sessionId: string }> {
  const client = await razorpay();
  const { appOrigin, razorpay: config } = serverConfig();
  const ref = orders().doc(orderId);
  for (let round = 0; round < 5; round += 1) {
    const state = checkPayable(await ref.get(), actor);
    let attempt = state.attempt;
    if (state.sessionId) {
      const existing = await fetchLink(client, state.sessionId).catch((error: unknown) => {
        throw providerError(orderId, error);
      });
      if (existing) {
        if (existing.status === 'created' && existing.short_url) return { url: existing.short_url, sessionId: existing.id };
        if (existing.status === 'paid') throw conflict('This order has been paid; its confirmation is on its way');
        throw conflict(HOLD_ENDED);
      }
      attempt += 1;
    }
    const amount = expectedPaise(state.data);
    if (amount <= 0) throw badRequest('This order has nothing to pay for');
    const reference = razorpayReference(orderId, attempt);
    const expireBy = linkExpiry(state.holdUntil.seconds, Math.floor(Date.now() / 1000), config.mode);
    const user = (state.data.user ?? {}) as { email?: unknown; fullname?: unknown };
    let link: RazorpayLink | null;
    try {
      link = (await client.paymentLink.create({
        amount,
        currency: 'INR',
        accept_partial: false,
        reference_id: reference,
        description: `Bagshop order ${orderId}`,
        customer: {
          ...(typeof user.fullname === 'string' && user.fullname ? { name: user.fullname } : {}),
          ...(typeof user.email === 'string' && user.email ? { email: user.email } : {}),
        },
        notify: { sms: false, email: false },
        reminder_enable: false,
        // The plan chosen at checkout (issue 43): the local page offers only it; with a real account the
        // no-cost offer configured at Razorpay restricts the method, and the capture is checked either way.
        notes: { orderId, uid: actor.uid, ...emiPlanNote(paymentOf(state.data)) },
        callback_url: `${appOrigin}/payment-success?session_id=${reference}`,
        callback_method: 'get',
        expire_by: expireBy,
      })) as unknown as RazorpayLink;
    } catch (error) {
      const known = razorpayErrorOf(error);
      if (known?.statusCode !== 400 || !/reference/i.test(known.description)) throw providerError(orderId, error);
      link = await linkByReference(client, reference).catch((e: unknown) => {
        throw providerError(orderId, e);
      });
      if (!link) continue;
    }
    const created = link;
    const stored = await runOrderTransaction(async (tx) => {
      const fresh = checkPayable(await tx.get(ref), actor);
      if (fresh.sessionId === created.id) return true;
      if (fresh.sessionId !== state.sessionId) return false;
      const patch: Record<string, unknown> = {
        'payment.sessionId': created.id,
        'payment.reference': reference,
        'payment.providerOrderId': created.order_id ?? null,
        'payment.sessionAttempts': attempt,
        updatedAt: Timestamp.now(),
      };
      // The hold is not stretched to the link's expiry (issue 25): the sweep expires the link when the hold ends.
      tx.update(ref, patch);
      return true;
    });
    if (stored) return { url: created.short_url, sessionId: created.id };
  }
  throw new HttpError(503, 'The payment could not be started, please try again');
}

interface Outcome {
  outcome: string;
  afterCommit?: () => Promise<void>;
}

/** What does not match between a captured payment and its order: amount in paise, currency, method. */
export function razorpayMismatches(order: StoredOrder, payment: RazorpayPaymentMethodFields & { currency: string }): string[] {
  const problems: string[] = [];
  // The card EMI plan the order was placed on (and priced for, with a no-cost offer): issue 43.
  const plan = emiPlanMismatch(paymentOf(order), payment);
  if (plan) problems.push(plan);
  if (payment.amount !== expectedPaise(order)) problems.push(`amount ${String(payment.amount)} paise, expected ${expectedPaise(order)}`);
  if (String(payment.currency).toUpperCase() !== 'INR') problems.push(`currency ${String(payment.currency)}, expected INR`);
  if (order.paymentMethod !== 'ONLINE') problems.push('the order is cash on delivery');
  if (paymentOf(order).provider !== 'razorpay') problems.push("the order's payment is not Razorpay's");
  return problems;
}

/** A captured payment for the order: confirms it (pending, unpaid), or records and refunds a payment it does not take. */
async function onCaptured(tx: Transaction, snap: DocumentSnapshot, payment: RazorpayPayment, eventId: string): Promise<Outcome> {
  const order = snap.data() ?? {};
  const stored = paymentOf(order);
  const now = Timestamp.now();
  if (stored.paymentIntentId === payment.id) return { outcome: 'already_recorded' };
  const extras = extraPaymentsOf(order);
  if (extras.some((e) => e.paymentIntentId === payment.id)) return { outcome: 'extra_payment_known' };
  const problems = razorpayMismatches(order, payment);
  const extra = (reason: string, attention: { code: string; message: string }): Outcome => {
    const entry: StoredExtraPayment = {
      sessionId: null,
      paymentIntentId: payment.id,
      amountPaise: payment.amount,
      reason,
      receivedAt: now,
      refund: newRefund(payment.amount, now),
    };
    const all = [...extras, entry];
    tx.update(snap.ref, {
      'payment.extraPayments': all,
      'payment.refundUnsent': hasUnsent(stored.refund as StoredRefund | null, all),
      attention: withAttention(order, { ...attention, at: now }),
      updatedAt: now,
    });
    return { outcome: attention.code, afterCommit: () => issueRefund(snap.id, payment.id, 'duplicate', 'razorpay') };
  };
  if (problems.length > 0) {
    logger.warn('razorpay_mismatch', { orderId: snap.id, eventId, paymentId: payment.id, problems });
    return extra('it did not match the order', {
      code: 'payment_mismatch',
      message: `Razorpay payment not accepted: ${problems.join('; ')}`,
    });
  }
  if (order.status === 'pending' && stored.status === 'unpaid') {
    const prepared = await prepareTransition(tx, snap, {
      to: 'confirmed',
      by: 'razorpay',
      reason: 'payment',
      payment: { status: 'paid', paidAt: now, paymentIntentId: payment.id, amountPaise: payment.amount },
      // How it was paid (issue 43): Razorpay's method and, for card EMI, the bank and plan.
      extra: { 'payment.plan': paymentPlanOf(payment) },
    });
    prepared.apply(tx);
    return { outcome: 'paid', afterCommit: () => prepared.afterCommit() };
  }
  return extra(`the order was already ${String(stored.status)}`, {
    code: 'extra_payment_refunded',
    message: `A payment of ${formatINR(payment.amount / 100)} (${payment.id}) was not taken for this order and is being refunded`,
  });
}

/** refund.processed / refund.failed: matched by our orderId note, else by the payment it refunds (a dashboard refund). */
async function onRefund(tx: Transaction, snap: DocumentSnapshot, refund: RazorpayRefundEntity, processed: boolean): Promise<Outcome> {
  // A return's partial refund (docs/returns.md) settles the return, not the order's own refund.
  const returnId = returnIdOf(refund.notes);
  if (returnId) return settleReturnRefund(tx, snap, returnId, { id: refund.id, succeeded: processed, provider: 'Razorpay' });
  const order = snap.data() ?? {};
  const payment = paymentOf(order);
  const now = Timestamp.now();
  const settle = (r: StoredRefund | null | undefined, amount: number): StoredRefund => {
    const base = r ?? newRefund(amount, now);
    if (base.status === 'succeeded') return base;
    return { ...base, id: base.id ?? refund.id, status: processed ? 'succeeded' : 'failed', refundedAt: processed ? now : null };
  };
  const patch: Record<string, unknown> = { updatedAt: now };
  let own = (payment.refund as StoredRefund | null | undefined) ?? null;
  let extras = extraPaymentsOf(order);
  if (payment.paymentIntentId === refund.payment_id) {
    if (payment.status === 'refunded' || own?.status === 'succeeded') return { outcome: 'already_refunded' };
    if (processed && payment.status === 'paid') {
      return refundedOutsideShop(tx, snap, { refundId: refund.id, amountPaise: refund.amount, by: 'razorpay', provider: 'Razorpay' });
    }
    own = settle(own, typeof payment.amountPaise === 'number' ? payment.amountPaise : expectedPaise(order));
    patch['payment.refund'] = own;
    if (processed) patch['payment.status'] = 'refunded';
  } else {
    const i = extras.findIndex((e) => e.paymentIntentId === refund.payment_id);
    if (i < 0) return { outcome: 'ignored' };
    if (extras[i]?.refund?.status === 'succeeded') return { outcome: 'already_refunded' };
    extras = extras.map((e, k) => (k === i ? { ...e, refund: settle(e.refund, e.amountPaise) } : e));
    patch['payment.extraPayments'] = extras;
  }
  if (!processed) {
    patch.attention = withAttention(order, {
      code: 'refund_failed',
      message: `Razorpay could not refund payment ${refund.payment_id}: refund it by hand`,
      at: now,
    });
  }
  patch['payment.refundUnsent'] = hasUnsent(own, extras);
  tx.update(snap.ref, patch);
  return { outcome: processed ? 'refunded' : 'refund_failed' };
}

const ORDER_ID = /^[A-Za-z0-9_-]{1,128}$/;

function noteOrderId(notes: unknown): string | null {
  if (!notes || typeof notes !== 'object' || Array.isArray(notes)) return null;
  const id = (notes as Record<string, unknown>).orderId;
  return typeof id === 'string' && ORDER_ID.test(id) ? id : null;
}

interface RazorpayEvent {
  event: string;
  payload: {
    payment?: { entity: RazorpayPayment };
    payment_link?: { entity: RazorpayLink };
    order?: { entity: { id: string; notes?: unknown } };
    refund?: { entity: RazorpayRefundEntity };
  };
}

/** Which order an event is about: our orderId note (link, order, payment or refund), else the payment or link it names. */
async function orderIdOfEvent(e: RazorpayEvent): Promise<string | null> {
  const p = e.payload;
  const noted =
    noteOrderId(p.payment_link?.entity.notes) ??
    noteOrderId(p.refund?.entity.notes) ??
    noteOrderId(p.payment?.entity.notes) ??
    noteOrderId(p.order?.entity.notes);
  if (noted) return noted;
  const byField = async (field: string, value: string | null | undefined) => {
    if (!value) return null;
    const snap = await orders().where(field, '==', value).limit(1).get();
    return snap.docs[0]?.id ?? null;
  };
  return (
    (await byField('payment.paymentIntentId', p.refund?.entity.payment_id)) ??
    (await byField('payment.paymentIntentId', p.payment?.entity.id)) ??
    (await byField('payment.sessionId', p.payment_link?.entity.id)) ??
    (await byField('payment.providerOrderId', p.payment?.entity.order_id ?? p.order?.entity.id))
  );
}

const PAID_EVENTS = new Set(['payment.captured', 'order.paid', 'payment_link.paid']);

/**
 * POST /api/payment/razorpay/webhook. 400 and nothing changes when the signature is missing
 * or wrong; each event id (X-Razorpay-Event-Id) is applied once, in the transaction that
 * records it.
 */
export async function handleRazorpayWebhook(
  rawBody: Buffer | undefined,
  signature: string | undefined,
  eventIdHeader: string | undefined,
): Promise<{ duplicate: boolean }> {
  const secret = serverConfig().razorpay.webhookSecret;
  if (!secret) throw new HttpError(503, PAYMENTS_NOT_CONFIGURED);
  if (!rawBody || rawBody.length === 0) throw badRequest('Missing webhook body');
  if (!signature) throw badRequest('Missing Razorpay signature');
  if (!(await validRazorpaySignature(rawBody, signature, secret))) throw badRequest('Invalid Razorpay signature');
  let event: RazorpayEvent;
  try {
    event = JSON.parse(rawBody.toString('utf8')) as RazorpayEvent;
  } catch {
    throw badRequest('Invalid webhook body');
  }
  if (typeof event?.event !== 'string' || typeof event.payload !== 'object' || event.payload === null)
    throw badRequest('Invalid webhook body');
  // Razorpay names each event in X-Razorpay-Event-Id (the same on every retry); without it, the body's hash.
  const eventId =
    (eventIdHeader && /^[A-Za-z0-9_-]{1,100}$/.test(eventIdHeader) ? eventIdHeader : null) ??
    `sha256_${createHash('sha256').update(rawBody).digest('hex')}`;
  const orderId = await orderIdOfEvent(event);
  logger.info('razorpay_event', { type: event.event, id: eventId, orderId });
  const eventRef = razorpayEvents().doc(eventId);
  const result = await runOrderTransaction(async (tx): Promise<Outcome & { duplicate: boolean }> => {
    if ((await tx.get(eventRef)).exists) return { duplicate: true, outcome: 'duplicate' };
    const snap = orderId ? await tx.get(orders().doc(orderId)) : null;
    let outcome: Outcome = { outcome: 'ignored' };
    if (snap?.exists) {
      const payment = event.payload.payment?.entity;
      const refund = event.payload.refund?.entity;
      if (PAID_EVENTS.has(event.event) && payment && payment.status === 'captured') outcome = await onCaptured(tx, snap, payment, eventId);
      else if (event.event === 'payment.failed')
        outcome = { outcome: 'payment_failed' }; // the order stays payable until its hold ends
      else if ((event.event === 'refund.processed' || event.event === 'refund.failed') && refund)
        outcome = await onRefund(tx, snap, refund, event.event === 'refund.processed');
    } else if (orderId || PAID_EVENTS.has(event.event)) {
      logger.warn('razorpay_unknown_order', { type: event.event, id: eventId, orderId });
    }
    tx.create(eventRef, { type: event.event, orderId, outcome: outcome.outcome, processedAt: Timestamp.now() });
    return { ...outcome, duplicate: false };
  });
  if (result.afterCommit) {
    try {
      await result.afterCommit();
    } catch (error) {
      logger.error('razorpay_event_after_commit_failed', {
        id: eventId,
        orderId,
        error: error instanceof Error ? error.message : String(error),
      });
    }
  }
  return { duplicate: result.duplicate };
}

/**
 * Asks Razorpay whether the order's link was paid (the sweep before it cancels, the success
 * page after 10 s): paid → the captured payment is applied as the webhook would apply it.
 */
export async function reconcileRazorpayCheckout(orderId: string): Promise<'paid' | 'unpaid' | 'unknown'> {
  const ref = orders().doc(orderId);
  const linkId = paymentOf((await ref.get()).data() ?? {}).sessionId;
  if (typeof linkId !== 'string') return 'unpaid';
  let link: RazorpayLink | null;
  let payment: RazorpayPayment | null = null;
  try {
    const client = await razorpay();
    link = await fetchLink(client, linkId);
    const captured = link?.payments?.find((p) => p.status === 'captured');
    if (captured) payment = (await client.payments.fetch(captured.payment_id)) as unknown as RazorpayPayment;
  } catch (error) {
    logger.warn('razorpay_lookup_failed', { orderId, linkId, error: error instanceof Error ? error.message : JSON.stringify(error) });
    return 'unknown';
  }
  if (!link) return 'unpaid';
  if (!payment) return 'unpaid'; // open or ended without a captured payment
  const found = payment;
  const result = await runOrderTransaction(async (tx) => {
    const snap = await tx.get(ref);
    if (!snap.exists) return { outcome: 'ignored' } as Outcome;
    return onCaptured(tx, snap, found, `lookup:${found.id}`);
  });
  logger.info('razorpay_lookup_paid', { orderId, linkId, outcome: result.outcome });
  if (result.afterCommit) await result.afterCommit().catch(() => undefined);
  return result.outcome === 'paid' || result.outcome === 'already_recorded' ? 'paid' : 'unpaid';
}
