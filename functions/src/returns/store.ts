/** The returns collection, its numbering, and reading an order's lines for returns (docs/returns.md). */
import { returnFromData, type ReturnJson } from '@bagshop/domain';
import { Timestamp, type DocumentSnapshot } from 'firebase-admin/firestore';
import { db } from '../lib/admin.js';
import { plainDoc } from '../lib/firestore-data.js';
import type { StoredOrder } from '../orders/store.js';

export const returnsCollection = () => db.collection('returns');
/** counters/return-{year}: `last`, the year's last return number. */
export const returnCounter = (year: number) => db.doc(`counters/return-${year}`);

export type StoredReturn = FirebaseFirestore.DocumentData;

export function toReturn(snap: DocumentSnapshot): ReturnJson {
  return returnFromData(snap.id, plainDoc(snap));
}

export interface OrderLine {
  index: number;
  lineId: string;
  productId: string;
  variantId: string;
  sku: string;
  name: string;
  variantLabel: string;
  price: number;
  discount: number;
  quantity: number;
  discountPaise?: number;
  raw: Record<string, unknown>;
}

/** The order's lines; a line's id is its variant's id (the product's for lines from before variants). */
export function orderLines(order: StoredOrder): OrderLine[] {
  const items = Array.isArray(order.items) ? (order.items as Record<string, unknown>[]) : [];
  return items.map((i, index) => ({
    index,
    lineId: String(i.variantId ?? i._id ?? ''),
    productId: String(i._id ?? ''),
    variantId: String(i.variantId ?? i._id ?? ''),
    sku: String(i.sku ?? ''),
    name: String(i.name ?? ''),
    variantLabel: String(i.variantLabel ?? ''),
    price: Number(i.price ?? 0),
    discount: Number(i.discount ?? 0),
    quantity: Number(i.quantity ?? 0),
    // The line's share of the order's offers (issue 28, `items[].offerDiscountPaise`).
    ...(typeof i.offerDiscountPaise === 'number' ? { discountPaise: i.offerDiscountPaise } : {}),
    raw: i,
  }));
}

/** Units of each line claimed by returns that are not rejected: `returnUnits` on the order. */
export function returnUnitsOf(order: StoredOrder): Record<string, number> {
  const map = order.returnUnits;
  return map && typeof map === 'object' ? (map as Record<string, number>) : {};
}

/** Units of each line refunded (and credited) so far: `refundedUnits` on the order. */
export function refundedUnitsOf(order: StoredOrder): Record<string, number> {
  const map = order.refundedUnits;
  return map && typeof map === 'object' ? (map as Record<string, number>) : {};
}

/** When the order was delivered: its last move into `completed`. */
export function deliveredAtOf(order: StoredOrder): Date | null {
  const history = Array.isArray(order.statusHistory) ? (order.statusHistory as { status?: unknown; at?: unknown }[]) : [];
  for (let i = history.length - 1; i >= 0; i -= 1) {
    const h = history[i];
    if (h?.status === 'completed' && h.at instanceof Timestamp) return h.at.toDate();
  }
  return null;
}

/** What the order was paid, paise. */
export function paidPaiseOf(order: StoredOrder): number {
  const payment = (order.payment ?? {}) as Record<string, unknown>;
  if (typeof payment.amountPaise === 'number') return payment.amountPaise;
  return Math.round(Number(order.totalAmount ?? 0) * 100);
}
