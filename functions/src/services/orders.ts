/**
 * Orders with stock (DESIGN §2, §3): prices and totals come from Firestore, stock is taken
 * in the same transaction that writes the order, and put back exactly once when an order
 * is cancelled (the status guards it: nothing leaves `cancelled`).
 */
import {
  canAdminCancel,
  canShopperCancel,
  canTransition,
  findShortages,
  orderTotals,
  stockShortageMessage,
  statusLabel,
  type CreateOrderInput,
  type Order,
  type OrderListQuery,
  type OrderStatus,
  type PaymentStatus,
  ORDER_PAGE_DEFAULT,
} from '@bagshop/domain';
import { Timestamp, type DocumentReference, type DocumentSnapshot, type Transaction } from 'firebase-admin/firestore';
import { db } from '../lib/admin.js';
import { badRequest, conflict, HttpError, notFound } from '../lib/errors.js';
import { PAYMENTS_NOT_CONFIGURED, stripeConfigured } from '../lib/stripe.js';
import { invalidateCatalog, products, taxFieldsOf } from './catalog.js';
import { prepareCreditNote, prepareInvoice } from './invoices.js';
import { orderFromData, shippingAddressOf, toOrder } from './orders-format.js';

export const orders = () => db.collection('orders');
const cartOf = (uid: string) => db.collection(`users/${uid}/cart`);

export const ORDER_NOT_FOUND = 'Order not found';
export const CART_EMPTY = 'Your cart is empty';
export const CONTENDED = 'Too many people are ordering this right now, please try again';

/** Who is acting on an order. */
export interface Actor {
  uid: string;
  email: string | null;
  role: 'admin' | 'customer';
}

interface StoredItem {
  _id: string;
  quantity: number;
}

/** Firestore gives up on a contended transaction with ABORTED (gRPC code 10). */
function isAborted(error: unknown): boolean {
  if (typeof error !== 'object' || error === null) return false;
  const code = (error as { code?: unknown }).code;
  return code === 10 || code === 'aborted' || code === 'ABORTED';
}

/** Runs a transaction; contention that outlasts the retries is a 409, not a fault. */
export async function runOrderTransaction<T>(fn: (tx: Transaction) => Promise<T>): Promise<T> {
  try {
    return await db.runTransaction(fn, { maxAttempts: 5 });
  } catch (error) {
    if (error instanceof HttpError) throw error;
    if (isAborted(error)) throw conflict(CONTENDED);
    throw error;
  }
}

function itemsOf(data: FirebaseFirestore.DocumentData): StoredItem[] {
  const items = Array.isArray(data.items) ? (data.items as { _id?: unknown; quantity?: unknown }[]) : [];
  return items
    .map((i) => ({ _id: String(i._id ?? ''), quantity: Number(i.quantity ?? 0) }))
    .filter((i) => i._id !== '' && Number.isInteger(i.quantity) && i.quantity > 0);
}

/** Reads (before any write) what restoring an order's stock needs. */
export async function readStock(tx: Transaction, data: FirebaseFirestore.DocumentData): Promise<DocumentSnapshot[]> {
  const items = itemsOf(data);
  if (items.length === 0) return [];
  return tx.getAll(...items.map((i) => products().doc(i._id)));
}

/** Puts an order's quantities back on the products that still exist. */
export function restoreStock(tx: Transaction, data: FirebaseFirestore.DocumentData, snaps: DocumentSnapshot[]): void {
  const wanted = new Map<string, number>();
  for (const item of itemsOf(data)) wanted.set(item._id, (wanted.get(item._id) ?? 0) + item.quantity);
  for (const snap of snaps) {
    if (!snap.exists) continue; // a deleted product has no stock to return to
    const qty = wanted.get(snap.id);
    if (!qty) continue;
    tx.update(snap.ref, { stock: Number(snap.get('stock') ?? 0) + qty, updatedAt: Timestamp.now() });
    wanted.delete(snap.id);
  }
}

/** Reads (before any write) the cart lines an order's items correspond to. */
export async function readCartLines(tx: Transaction, uid: string, data: FirebaseFirestore.DocumentData): Promise<DocumentSnapshot[]> {
  const items = itemsOf(data);
  if (items.length === 0 || !uid) return [];
  return tx.getAll(...items.map((i) => cartOf(uid).doc(i._id)));
}

/** Takes what was ordered out of the cart: a line drops by the ordered quantity, or goes. */
export function clearOrderedLines(tx: Transaction, data: FirebaseFirestore.DocumentData, lines: DocumentSnapshot[]): void {
  const ordered = new Map(itemsOf(data).map((i) => [i._id, i.quantity]));
  for (const line of lines) {
    if (!line.exists) continue;
    const left = Number(line.get('quantity') ?? 0) - (ordered.get(line.id) ?? 0);
    if (left > 0) tx.update(line.ref, { quantity: left, updatedAt: Timestamp.now() });
    else tx.delete(line.ref);
  }
}

interface WantedLine {
  productId: string;
  quantity: number;
}

async function readProfile(actor: Actor) {
  const snap = await db.doc(`users/${actor.uid}`).get();
  const d = snap.data() ?? {};
  const fullname = (d.fullname ?? {}) as { firstname?: unknown; lastname?: unknown };
  return {
    _id: actor.uid,
    fullname: { firstname: String(fullname.firstname ?? ''), lastname: String(fullname.lastname ?? '') },
    email: String(d.email ?? actor.email ?? ''),
  };
}

/** The shipping address as the order keeps it (its own copy, without the id). */
async function readAddress(uid: string, addressId: string) {
  const snap = await db.doc(`users/${uid}/addresses/${addressId}`).get();
  if (!snap.exists) throw notFound('Address not found');
  return shippingAddressOf(snap.data() ?? {});
}

/**
 * POST /api/order. Buy Now (productId) orders that product; otherwise the whole cart.
 * One transaction reads the products, checks stock, takes it, writes the order and, for
 * cash on delivery, takes the ordered lines out of the cart.
 */
export async function placeOrder(actor: Actor, input: CreateOrderInput): Promise<Order> {
  // An online order would hold stock until its payment expires: refuse it up front.
  if (input.paymentMethod === 'ONLINE' && !stripeConfigured()) throw new HttpError(503, PAYMENTS_NOT_CONFIGURED);
  const [shippingAddress, user] = await Promise.all([readAddress(actor.uid, input.addressId), readProfile(actor)]);
  const buyNow = input.productId !== undefined;
  const orderRef = orders().doc();

  const data = await runOrderTransaction(async (tx) => {
    let wanted: WantedLine[];
    let cartLines: DocumentSnapshot[];
    if (input.productId !== undefined) {
      wanted = [{ productId: input.productId, quantity: input.quantity ?? 1 }];
      cartLines = [await tx.get(cartOf(actor.uid).doc(input.productId))];
    } else {
      const cart = await tx.get(cartOf(actor.uid));
      cartLines = cart.docs;
      wanted = cart.docs
        .map((d) => ({ productId: d.id, quantity: Number(d.get('quantity') ?? 0) }))
        .filter((l) => Number.isInteger(l.quantity) && l.quantity > 0);
      if (wanted.length === 0) throw badRequest(CART_EMPTY);
    }

    const snaps = await tx.getAll(...wanted.map((l) => products().doc(l.productId)));
    const missing = snaps.filter((s) => !s.exists);
    if (missing.length > 0) {
      throw buyNow ? notFound('Product not found') : conflict('An item in your cart is no longer sold; remove it and try again');
    }
    const byId = new Map(snaps.map((s) => [s.id, s]));
    const stockById: Record<string, number> = {};
    for (const s of snaps) stockById[s.id] = Number(s.get('stock') ?? 0);
    const lines = wanted.map((l) => ({ ...l, name: String(byId.get(l.productId)?.get('name') ?? '') }));
    const shortages = findShortages(lines, stockById);
    if (shortages.length > 0) throw conflict(shortages.map((s) => stockShortageMessage(s.name, s.left)).join('; '));

    // Prices from Firestore only: whatever the client said about money never reaches here.
    const items = lines.map((l) => {
      const p = byId.get(l.productId) as DocumentSnapshot;
      const image = (p.get('image') ?? {}) as { url?: unknown; hash?: unknown };
      return {
        _id: l.productId,
        name: l.name,
        price: Number(p.get('price') ?? 0),
        discount: Number(p.get('discount') ?? 0),
        quantity: l.quantity,
        product: { _id: l.productId, image: { url: String(image.url ?? ''), hash: String(image.hash ?? '') } },
        // GST (issue 12): the line keeps the HSN and rate it was sold at, for its invoice.
        ...taxFieldsOf(p.data() ?? {}),
      };
    });
    const totals = orderTotals(items);
    const now = Timestamp.now();
    const order = {
      userId: actor.uid,
      user,
      items,
      shippingAddress,
      subtotal: totals.subtotal,
      totalAmount: totals.totalAmount,
      status: 'pending' as OrderStatus,
      paymentMethod: input.paymentMethod,
      payment: { status: 'unpaid' as PaymentStatus, sessionId: null, paidAt: null },
      statusHistory: [{ status: 'pending' as OrderStatus, at: now, by: actor.uid }],
      source: buyNow ? 'buy-now' : 'cart',
      createdAt: now,
      updatedAt: now,
    };

    for (const l of wanted) {
      tx.update(products().doc(l.productId), { stock: (stockById[l.productId] ?? 0) - l.quantity, updatedAt: now });
    }
    tx.create(orderRef, order);
    // COD clears the ordered lines now; an online order does so when Stripe confirms payment.
    if (input.paymentMethod === 'COD') clearOrderedLines(tx, order, cartLines);
    return order;
  });
  invalidateCatalog(); // stock changed
  return orderFromData(orderRef.id, data);
}

export async function myOrders(uid: string): Promise<Order[]> {
  const snap = await orders().where('userId', '==', uid).orderBy('createdAt', 'desc').limit(200).get();
  return snap.docs.map(toOrder);
}

/** Admin list, newest first; `nextCursor` is the id to pass as `cursor` for the next page. */
export async function allOrders(query: OrderListQuery): Promise<{ orders: Order[]; nextCursor: string | null }> {
  const limit = query.limit ?? ORDER_PAGE_DEFAULT;
  let q = query.status ? orders().where('status', '==', query.status) : orders().orderBy('createdAt', 'desc');
  if (query.status) q = q.orderBy('createdAt', 'desc');
  if (query.cursor) {
    const after = await orders().doc(query.cursor).get();
    if (!after.exists) throw badRequest('Invalid cursor', [{ field: 'cursor', message: 'Invalid cursor' }]);
    q = q.startAfter(after);
  }
  const snap = await q.limit(limit).get();
  const list = snap.docs.map(toOrder);
  return { orders: list, nextCursor: snap.docs.length === limit ? (snap.docs[snap.docs.length - 1]?.id ?? null) : null };
}

/** The order if the actor may see it: its owner or an admin. Anyone else gets 404. */
export async function getOrder(actor: Actor, orderId: string): Promise<Order> {
  const snap = await orders().doc(orderId).get();
  if (!snap.exists || (actor.role !== 'admin' && snap.get('userId') !== actor.uid)) throw notFound(ORDER_NOT_FOUND);
  return toOrder(snap);
}

type Guard = (data: FirebaseFirestore.DocumentData, from: OrderStatus) => void;

/**
 * Moves an order to `to` in one transaction: checks who may, checks the lifecycle, appends
 * to statusHistory, and puts stock back when the move is into `cancelled`. `now` is the
 * clock (tests call the service in-process with another one; the routes never pass it).
 */
async function moveOrder(orderId: string, to: OrderStatus, by: string, guard: Guard, now: Date = new Date()): Promise<Order> {
  const ref: DocumentReference = orders().doc(orderId);
  const data = await runOrderTransaction(async (tx) => {
    const snap = await tx.get(ref);
    if (!snap.exists) throw notFound(ORDER_NOT_FOUND);
    const current = snap.data() ?? {};
    const from = current.status as OrderStatus;
    guard(current, from);
    if (!canTransition(from, to)) {
      throw conflict(`An order that is ${statusLabel(from).toLowerCase()} cannot be moved to ${to}`);
    }
    const stock = to === 'cancelled' ? await readStock(tx, current) : [];
    // ── GST hook (issue 12), phase 1 (reads): the invoice on confirmation, the credit note
    // on cancelling an invoiced order. Phase 2 below writes the counters and patches the order.
    const issueInvoice = to === 'confirmed' ? await prepareInvoice(tx, ref, current, now) : null;
    const issueCreditNote = to === 'cancelled' ? await prepareCreditNote(tx, ref, current, now) : null;
    const at = Timestamp.fromDate(now);
    const history = [...(Array.isArray(current.statusHistory) ? current.statusHistory : []), { status: to, at, by }];
    const patch: Record<string, unknown> = { status: to, statusHistory: history, updatedAt: at };
    if (to === 'cancelled') restoreStock(tx, current, stock);
    // ── GST hook (issue 12), phase 2 (writes only).
    if (issueInvoice) Object.assign(patch, issueInvoice(tx));
    if (issueCreditNote) Object.assign(patch, issueCreditNote(tx));
    tx.update(ref, patch);
    return { ...current, ...patch };
  });
  if (to === 'cancelled') invalidateCatalog(); // stock came back
  return orderFromData(orderId, data);
}

/** POST /api/order/{id}/cancel: the owner while pending, an admin while pending or confirmed. */
export function cancelOrder(actor: Actor, orderId: string, now?: Date): Promise<Order> {
  return moveOrder(orderId, 'cancelled', actor.uid, (data, from) => {
    const isOwner = data.userId === actor.uid;
    if (actor.role === 'admin') {
      if (!canAdminCancel(from)) throw conflict(`An order that is ${from} can no longer be cancelled`);
      return;
    }
    if (!isOwner) throw notFound(ORDER_NOT_FOUND);
    if (!canShopperCancel(from)) throw conflict(`An order that is ${from} can no longer be cancelled`);
  }, now);
}

/** PATCH /api/order/{id}/status (admin): only along the lifecycle of domain/order-status.ts. */
export function setOrderStatus(actor: Actor, orderId: string, to: OrderStatus, now?: Date): Promise<Order> {
  return moveOrder(
    orderId,
    to,
    actor.uid,
    (_data, from) => {
      if (from === to) throw conflict(`The order is already ${to}`);
    },
    now,
  );
}
