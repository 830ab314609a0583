/**
 * Units and revenue per product and IST day (docs/decisions/0031-reads-follow-changes.md), so
 * the dashboard's best sellers read at most one small document per product sold per day
 * instead of every order of 30 days. Kept in the transactions that place and cancel an order:
 * `salesByDay/{day}_{productId}` gets blind increments (no read, so no contention beyond the
 * write itself; the variant's stock document in the same transaction is hotter).
 */
import { istDayKey } from '@bagshop/domain';
import { FieldValue, Timestamp, type Transaction } from 'firebase-admin/firestore';
import { db } from '../lib/admin.js';

export const salesByDay = () => db.collection('salesByDay');

/** What is counted of an order's line (as stored on the order). */
interface SoldLine {
  _id?: unknown;
  name?: unknown;
  price?: unknown;
  discount?: unknown;
  quantity?: unknown;
  product?: { image?: { url?: unknown } };
}

/** Each product's units and revenue (sale price × quantity) in an order's lines. */
export function salesOf(items: readonly SoldLine[]): Map<string, { name: string; imageUrl: string; quantity: number; revenue: number }> {
  const out = new Map<string, { name: string; imageUrl: string; quantity: number; revenue: number }>();
  for (const item of items) {
    const productId = typeof item._id === 'string' ? item._id : '';
    const quantity = Number(item.quantity ?? 0);
    if (!productId || !(quantity > 0)) continue;
    const entry = out.get(productId) ?? {
      name: String(item.name ?? ''),
      imageUrl: String(item.product?.image?.url ?? ''),
      quantity: 0,
      revenue: 0,
    };
    entry.quantity += quantity;
    entry.revenue += (Number(item.price ?? 0) - Number(item.discount ?? 0)) * quantity;
    out.set(productId, entry);
  }
  return out;
}

/**
 * Adds (placed) or takes back (cancelled) an order's lines on the IST day it was placed. Writes
 * only. The order carries `salesCounted: true` from its placement, so an order placed before
 * these counters existed is never taken back from them.
 */
export function countSales(tx: Transaction, order: FirebaseFirestore.DocumentData, sign: 1 | -1): void {
  const created = order.createdAt instanceof Timestamp ? order.createdAt.toDate() : null;
  if (!created || !Array.isArray(order.items)) return;
  const day = istDayKey(created);
  for (const [productId, sale] of salesOf(order.items as SoldLine[])) {
    tx.set(
      salesByDay().doc(`${day}_${productId}`),
      {
        day,
        productId,
        name: sale.name,
        imageUrl: sale.imageUrl,
        quantity: FieldValue.increment(sign * sale.quantity),
        revenue: FieldValue.increment(sign * sale.revenue),
      },
      { merge: true },
    );
  }
}
