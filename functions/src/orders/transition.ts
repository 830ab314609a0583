/**
 * THE order status change (docs/orders-and-payments.md, "One transition function"). Every
 * move — a shopper's cancel, an admin's move, Stripe's webhook, the hold sweep — goes
 * through `prepareTransition`, which
 *   1. checks the lifecycle (domain/src/order-status.ts): the move is allowed, and a card order
 *      is paid before it is confirmed or shipped;
 *   2. appends `{ status, at, by }` to statusHistory;
 *   3. runs the side effects in TRANSITION_EFFECTS: stock back exactly once on cancel, the
 *      refund decision, closing an unpaid Checkout Session, clearing the paid cart lines.
 *
 * Side effects are two-phase, because a Firestore transaction needs every read before any
 * write: `prepare(tx, ctx)` may only read (tx.get / tx.getAll) and returns null when the
 * effect has nothing to do for this move, or an object whose `apply(tx)` only writes and
 * returns the fields it wants set on the order (dotted paths, e.g. `'invoice.number'`), and
 * whose optional `afterCommit()` runs once the transaction has committed (network calls:
 * Stripe, mail). To add one, write a TransitionEffect and append it to TRANSITION_EFFECTS.
 */
import {
  canTransition,
  invoiceRefusesShipping,
  deliveredLate,
  endsUndelivered,
  collectsCashOnDelivery,
  paymentAllowsMove,
  refundsOnCancel,
  statusLabel,
  toPaise,
  UNPAID_ONLINE_MESSAGE,
} from '@bagshop/domain';
import type { Order, OrderStatus, PaymentMethod, PaymentStatus } from '@bagshop/domain';
import { logger } from 'firebase-functions';
import { Timestamp, type DocumentReference, type DocumentSnapshot, type Transaction } from 'firebase-admin/firestore';
import { conflict, notFound } from '../lib/errors.js';
import { toOrder } from './format.js';
import { expireSessionQuietly, extraPaymentsOf, hasUnsent, issueRefund, newRefund, providerOf } from '../payments/actions.js';
import { historyOf, ORDER_NOT_FOUND, orders, paymentOf, runOrderTransaction, type StoredOrder } from './store.js';
import { clearOrderedLines, readCartLines, readStock, restoreStock } from '../catalog/index.js';
import { INVOICE_BEING_PREPARED, invoicePending, isInvoiceNotIssuable, prepareCreditNote, prepareInvoice } from '../tax/invoices.js';
import { awaitTaxNumbers } from '../tax/numbering.js';
import { cancelEinvoice, einvoicePending, IRN_PENDING_SHIP } from '../tax/einvoice.js';
import { orderMail, orderMailEventFor, queueMail } from '../mail/index.js';
import { FULFILMENT_EFFECTS } from '../fulfilment/effects.js';
import { releaseOfferUses } from '../offers/index.js';
import { countSales } from '../catalog/index.js';
import { registerWarranties } from '../warranty/index.js';

/** Field paths (dotted) → values, as `tx.update` takes them. */
export type OrderPatch = Record<string, unknown>;

/** Why the order moves; effects may look at it (e.g. no need to expire a session that expired). */
export type TransitionReason =
  | 'shopper'
  | 'admin'
  | 'payment'
  | 'session_expired'
  | 'payment_failed'
  | 'hold_expired'
  /** Fulfilment (fulfilment/): a courier event, an unconfirmed COD order past its time. */
  | 'courier'
  | 'cod_expired'
  /** Refunded at the provider (its dashboard) without the shop asking (issue 24). */
  | 'payment_refunded';

/** Payment fields that change together with the move (the webhook's "paid", the sweep's "failed"). */
export interface PaymentChange {
  status?: PaymentStatus;
  paidAt?: Timestamp;
  paymentIntentId?: string | null;
  amountPaise?: number;
}

export interface TransitionRequest {
  to: OrderStatus;
  /** Who: a uid, 'stripe' or 'system'. Goes into statusHistory. */
  by: string;
  reason: TransitionReason;
  /** Who-may checks on the fresh order, inside the transaction (throw an HttpError to refuse). */
  guard?: (order: StoredOrder, from: OrderStatus) => void;
  payment?: PaymentChange;
  /** More fields written with the move, in the same update (e.g. a refund settled at the provider). */
  extra?: OrderPatch;
  /** The clock; tests that run the service in-process pass another (docs/gst-invoices.md, the 1 April restart). */
  now?: Date;
}

export interface TransitionContext {
  orderId: string;
  ref: DocumentReference;
  /** The order as read in this transaction, before the move. */
  order: StoredOrder;
  from: OrderStatus;
  to: OrderStatus;
  by: string;
  reason: TransitionReason;
  now: Timestamp;
  method: PaymentMethod;
  /** The payment status after this move (request.payment applied). */
  paymentStatus: PaymentStatus;
}

export interface PreparedEffect {
  /** Writes only (no reads); returns the fields to set on the order document. */
  apply(tx: Transaction): OrderPatch;
  /** After the commit; must be safe to run again (it is not retried automatically). */
  afterCommit?(): Promise<void>;
}

export interface TransitionEffect {
  name: string;
  /** Reads only. null when this move needs nothing from the effect. */
  prepare(tx: Transaction, ctx: TransitionContext): Promise<PreparedEffect | null>;
}

/**
 * Stock back on the products, exactly once: `stockReleasedAt` marks an order whose stock went
 * back. On a cancel, and when a returned parcel is received (returned_to_origin).
 */
const releaseStock: TransitionEffect = {
  name: 'release-stock',
  async prepare(tx, ctx) {
    if (!endsUndelivered(ctx.to) || ctx.order.stockReleasedAt) return null;
    const snaps = await readStock(tx, ctx.order);
    return {
      apply(tx) {
        restoreStock(tx, ctx.order, snaps);
        // A cancelled order sold nothing (the dashboard's best sellers: catalog/sales-counters.ts).
        if (ctx.to === 'cancelled' && ctx.order.salesCounted === true) countSales(tx, ctx.order, -1);
        return { stockReleasedAt: ctx.now };
      },
    };
  },
};

/** Cancelling (or getting back undelivered) a paid card order refunds it: refund_pending now, the Stripe refund after the commit. */
const refundPaidOrder: TransitionEffect = {
  name: 'refund',
  async prepare(_tx, ctx) {
    if (!endsUndelivered(ctx.to) || !refundsOnCancel(ctx.method, ctx.paymentStatus)) return null;
    const payment = paymentOf(ctx.order);
    const paymentIntentId = typeof payment.paymentIntentId === 'string' ? payment.paymentIntentId : null;
    const amountPaise = typeof payment.amountPaise === 'number' ? payment.amountPaise : toPaise(Number(ctx.order.totalAmount ?? 0));
    const refund = newRefund(amountPaise, ctx.now);
    return {
      apply: () => ({
        'payment.status': 'refund_pending',
        'payment.refund': refund,
        'payment.refundUnsent': hasUnsent(refund, extraPaymentsOf(ctx.order)),
      }),
      afterCommit: async () => {
        if (paymentIntentId) await issueRefund(ctx.orderId, paymentIntentId, 'requested_by_customer', providerOf(ctx.order));
        else logger.error('refund_without_payment_intent', { orderId: ctx.orderId });
      },
    };
  },
};

/** A cancelled card order that was never paid: its Checkout Session must not stay payable. */
const expireUnpaidSession: TransitionEffect = {
  name: 'expire-session',
  async prepare(_tx, ctx) {
    const sessionId = paymentOf(ctx.order).sessionId;
    const unpaid = ctx.paymentStatus === 'unpaid' || ctx.paymentStatus === 'failed';
    if (ctx.to !== 'cancelled' || ctx.method !== 'ONLINE' || !unpaid || typeof sessionId !== 'string' || ctx.reason === 'session_expired')
      return null;
    return { apply: () => ({}), afterCommit: () => expireSessionQuietly(sessionId, providerOf(ctx.order)) };
  },
};

/** Paid: what was ordered leaves the cart (a card order keeps the cart until then). */
const clearPaidCart: TransitionEffect = {
  name: 'clear-paid-cart',
  async prepare(tx, ctx) {
    if (ctx.reason !== 'payment' || ctx.to !== 'confirmed') return null;
    const lines = await readCartLines(tx, String(ctx.order.userId ?? ''), ctx.order);
    return {
      apply(tx) {
        clearOrderedLines(tx, ctx.order, lines);
        return {};
      },
    };
  },
};

/** Moves whose answer waits for the number (a person is looking); the others leave it to the single writer's trigger. */
const NUMBERS_BEFORE_ANSWER: readonly TransitionReason[] = ['admin', 'shopper'];

/**
 * GST (docs/gst-invoices.md): confirming an order queues its tax invoice, cancelling an
 * invoiced order its credit note: a draft on the order, numbered by the single writer
 * (tax/numbering.ts) — never a counter read here, so the payment webhook waits
 * on none. An admin cannot confirm what the shop cannot invoice (409); a payment cannot be
 * refused, so a paid order the shop cannot invoice yet is still confirmed and the gap is
 * logged. Nothing ships before its invoice has its number.
 */
const gstDocuments: TransitionEffect = {
  name: 'gst',
  async prepare(tx, ctx) {
    const now = ctx.now.toDate();
    const afterCommit = NUMBERS_BEFORE_ANSWER.includes(ctx.reason) ? () => awaitTaxNumbers(ctx.orderId, ctx.reason) : undefined;
    // Nothing ships without its numbered invoice (issue 37: nor an order that has none at all).
    if (ctx.to === 'shipped') {
      const refused = invoiceRefusesShipping(
        { invoice: ctx.order.invoice ?? null, invoicePending: invoicePending(ctx.order) },
        INVOICE_BEING_PREPARED,
      );
      if (refused) throw conflict(refused);
      // E-invoicing on (issue 41): nor before its IRN.
      if (einvoicePending(ctx.order)) throw conflict(IRN_PENDING_SHIP);
    }
    if (endsUndelivered(ctx.to)) {
      const apply = await prepareCreditNote(tx, ctx.ref, ctx.order, now);
      return apply ? { apply, afterCommit } : null;
    }
    if (ctx.to !== 'confirmed') return null;
    try {
      const apply = await prepareInvoice(tx, ctx.ref, ctx.order, now);
      return apply ? { apply, afterCommit } : null;
    } catch (error) {
      if (ctx.reason !== 'payment' || !isInvoiceNotIssuable(error)) throw error;
      logger.error('invoice_not_issued', { orderId: ctx.orderId, reason: error instanceof Error ? error.message : String(error) });
      return null;
    }
  },
};

/**
 * E-invoicing (issue 41, tax/einvoice.ts): a cancelled order's IRN is cancelled at the IRP when
 * it is less than 24 h old (after the commit: a network call); older, its credit note stands alone.
 */
const cancelIrnOnCancel: TransitionEffect = {
  name: 'einvoice-cancel',
  async prepare(_tx, ctx) {
    const e = ctx.order.einvoice as { status?: unknown } | undefined;
    if (ctx.to !== 'cancelled' || e?.status !== 'registered') return null;
    const now = ctx.now.toDate();
    return { apply: () => ({}), afterCommit: async () => void (await cancelEinvoice(ctx.orderId, now)) };
  },
};

/** The shopper is told of every move that has a message (confirmed, shipped, cancelled): a queued mail, a write only. */
const mailShopper: TransitionEffect = {
  name: 'mail',
  async prepare(_tx, ctx) {
    const event = orderMailEventFor(ctx.to);
    if (!event) return null;
    return {
      apply(tx) {
        const payment = { ...paymentOf(ctx.order), status: ctx.paymentStatus };
        queueMail(tx, orderMail(event, ctx.orderId, { ...ctx.order, status: ctx.to, payment }));
        return {};
      },
    };
  },
};

/**
 * Delivered: whether after the promised last day, kept on the order (`deliveredLate`) so the
 * dashboard counts late deliveries with an aggregation query, not by reading every order
 * (docs/fulfilment.md, "Dashboard").
 */
const markDelivery: TransitionEffect = {
  name: 'delivery-on-time',
  async prepare(_tx, ctx) {
    if (ctx.to !== 'completed') return null;
    const delivery = ctx.order.delivery as { deliverBy?: { to?: unknown } } | undefined;
    const promised = delivery?.deliverBy?.to;
    const late = deliveredLate(ctx.now.toDate(), typeof promised === 'string' ? promised : null);
    return { apply: () => ({ deliveredLate: late }) };
  },
};

/** Run in this order on every move. Other issues append their effects here (see the file comment). */
export const TRANSITION_EFFECTS: TransitionEffect[] = [
  releaseStock,
  refundPaidOrder,
  expireUnpaidSession,
  clearPaidCart,
  gstDocuments,
  cancelIrnOnCancel,
  mailShopper,
  markDelivery,
  ...FULFILMENT_EFFECTS,
  // Offers (docs/offers.md): a cancelled order gives its uses back.
  releaseOfferUses,
  // Warranty (docs/warranty.md): each delivered unit gets its warranty.
  registerWarranties,
];

export interface PreparedTransition {
  /** Writes the order and every effect's writes. */
  apply(tx: Transaction): void;
  /** The effects' after-commit work; failures are logged, never thrown. */
  afterCommit(): Promise<void>;
}

function paymentFields(change: PaymentChange | undefined): OrderPatch {
  const out: OrderPatch = {};
  if (!change) return out;
  for (const [key, value] of Object.entries(change)) if (value !== undefined) out[`payment.${key}`] = value;
  return out;
}

/** Adds `extra` to `patch`; two effects setting the same field is a programming error. */
function mergePatch(patch: OrderPatch, extra: OrderPatch, effect: string): void {
  for (const [key, value] of Object.entries(extra)) {
    if (Object.hasOwn(patch, key)) throw new Error(`Transition effect '${effect}' sets '${key}', which is already set`);
    patch[key] = value;
  }
}

/**
 * Inside the caller's transaction: checks the move on the order just read and runs every
 * effect's reads. Nothing is written until `apply(tx)`. Throws 404/409 HttpErrors.
 */
export async function prepareTransition(tx: Transaction, snap: DocumentSnapshot, request: TransitionRequest): Promise<PreparedTransition> {
  if (!snap.exists) throw notFound(ORDER_NOT_FOUND);
  const order = snap.data() ?? {};
  const from = order.status as OrderStatus;
  const { to } = request;
  request.guard?.(order, from);
  if (!canTransition(from, to)) {
    throw conflict(
      from === to ? `The order is already ${to}` : `An order that is ${statusLabel(from).toLowerCase()} cannot be moved to ${to}`,
    );
  }
  const method = order.paymentMethod as PaymentMethod;
  const stored = (request.payment?.status ?? paymentOf(order).status ?? 'unpaid') as PaymentStatus;
  if (!paymentAllowsMove(method, stored, to)) throw conflict(UNPAID_ONLINE_MESSAGE);
  const cashCollected = collectsCashOnDelivery(method, stored, to);
  const paymentStatus: PaymentStatus = cashCollected ? 'paid' : stored;

  const now = request.now ? Timestamp.fromDate(request.now) : Timestamp.now();
  const ctx: TransitionContext = {
    orderId: snap.id,
    ref: snap.ref,
    order,
    from,
    to,
    by: request.by,
    reason: request.reason,
    now,
    method,
    paymentStatus,
  };
  const prepared: { name: string; effect: PreparedEffect }[] = [];
  for (const effect of TRANSITION_EFFECTS) {
    const p = await effect.prepare(tx, ctx);
    if (p) prepared.push({ name: effect.name, effect: p });
  }

  return {
    apply(tx) {
      const patch: OrderPatch = {
        status: to,
        statusHistory: [...historyOf(order), { status: to, at: now, by: request.by }],
        updatedAt: now,
        ...paymentFields(request.payment),
        ...(cashCollected ? { 'payment.status': 'paid', 'payment.paidAt': now } : {}),
      };
      if (request.extra) mergePatch(patch, request.extra, 'request');
      for (const { name, effect } of prepared) mergePatch(patch, effect.apply(tx), name);
      tx.update(snap.ref, patch);
    },
    async afterCommit() {
      for (const { name, effect } of prepared) {
        if (!effect.afterCommit) continue;
        try {
          await effect.afterCommit();
        } catch (error) {
          logger.error('transition_after_commit_failed', {
            orderId: snap.id,
            effect: name,
            error: error instanceof Error ? error.message : String(error),
          });
        }
      }
    },
  };
}

/** One move in its own transaction, then the effects' after-commit work; answers the order as stored. */
export async function transitionOrder(orderId: string, request: TransitionRequest): Promise<Order> {
  const ref = orders().doc(orderId);
  const prepared = await runOrderTransaction(async (tx) => {
    const p = await prepareTransition(tx, await tx.get(ref), request);
    p.apply(tx);
    return p;
  });
  await prepared.afterCommit();
  return toOrder(await ref.get());
}
