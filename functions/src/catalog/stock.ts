/**
 * Stock and cart lines inside order transactions (docs/architecture.md "Data model", docs/decisions/0006-server-side-orders-and-stock.md). Each helper comes in two
 * halves, because a Firestore transaction needs every read before any write: `read…` does
 * the reads, the matching writer only writes.
 */
import { Timestamp, type DocumentSnapshot, type Transaction } from 'firebase-admin/firestore';
import { db } from '../lib/admin.js';
import { storesVariants } from '@bagshop/domain';
import { products } from './catalog.js';
import { bumpCatalogVersion } from './version.js';
import { variantStockDocs } from './variant-stock.js';

const cartOf = (uid: string) => db.collection(`users/${uid}/cart`);

interface StoredItem {
  /** The product id. */
  _id: string;
  /** The variant (the product's id on lines from before variants). */
  variantId: string;
  quantity: number;
}

/** The (product id, variant id, quantity) lines of a stored order, ignoring malformed ones. */
export function itemsOf(data: FirebaseFirestore.DocumentData): StoredItem[] {
  const items = Array.isArray(data.items) ? (data.items as { _id?: unknown; variantId?: unknown; quantity?: unknown }[]) : [];
  return items
    .map((i) => ({ _id: String(i._id ?? ''), variantId: String(i.variantId ?? i._id ?? ''), quantity: Number(i.quantity ?? 0) }))
    .filter((i) => i._id !== '' && i.variantId !== '' && Number.isInteger(i.quantity) && i.quantity > 0);
}

/**
 * Reads (before any write) where an order's stock goes back to: each variant's stock document
 * (docs/variants.md), and the products themselves for those stored before variants.
 */
export async function readStock(tx: Transaction, data: FirebaseFirestore.DocumentData): Promise<DocumentSnapshot[]> {
  const items = itemsOf(data);
  if (items.length === 0) return [];
  const variantIds = [...new Set(items.map((i) => i.variantId))];
  const productIds = [...new Set(items.map((i) => i._id))];
  return tx.getAll(...variantIds.map((id) => variantStockDocs().doc(id)), ...productIds.map((id) => products().doc(id)));
}

/** Puts an order's quantities back on the variants (and old-style products) that still exist. */
export function restoreStock(tx: Transaction, data: FirebaseFirestore.DocumentData, snaps: DocumentSnapshot[]): void {
  const wanted = new Map<string, { productId: string; quantity: number }>();
  for (const item of itemsOf(data)) {
    const entry = wanted.get(item.variantId);
    wanted.set(item.variantId, { productId: item._id, quantity: (entry?.quantity ?? 0) + item.quantity });
  }
  const stockDocs = new Map(snaps.filter((s) => s.exists && s.ref.parent.id === 'variantStock').map((s) => [s.id, s]));
  const productDocs = new Map(snaps.filter((s) => s.exists && s.ref.parent.id === 'products').map((s) => [s.id, s]));
  const now = Timestamp.now();
  for (const [variantId, { productId, quantity }] of wanted) {
    const stockDoc = stockDocs.get(variantId);
    if (stockDoc) {
      tx.update(stockDoc.ref, { stock: Number(stockDoc.get('stock') ?? 0) + quantity, updatedAt: now });
      continue;
    }
    // A product stored before variants keeps its stock on itself; a deleted product or variant has none to return to.
    const product = productDocs.get(productId);
    if (product && variantId === productId && !storesVariants(product.data())) {
      tx.update(product.ref, { stock: Number(product.get('stock') ?? 0) + quantity, updatedAt: now });
      bumpCatalogVersion(tx);
    }
  }
}

/** Reads (before any write) the cart lines an order's items correspond to. */
export async function readCartLines(tx: Transaction, uid: string, data: FirebaseFirestore.DocumentData): Promise<DocumentSnapshot[]> {
  const items = itemsOf(data);
  if (items.length === 0 || !uid) return [];
  return tx.getAll(...[...new Set(items.map((i) => i.variantId))].map((id) => cartOf(uid).doc(id)));
}

/** Takes what was ordered out of the cart: a line drops by the ordered quantity, or goes. */
export function clearOrderedLines(tx: Transaction, data: FirebaseFirestore.DocumentData, lines: DocumentSnapshot[]): void {
  const ordered = new Map<string, number>();
  for (const i of itemsOf(data)) ordered.set(i.variantId, (ordered.get(i.variantId) ?? 0) + i.quantity);
  for (const line of lines) {
    if (!line.exists) continue;
    const left = Number(line.get('quantity') ?? 0) - (ordered.get(line.id) ?? 0);
    if (left > 0) tx.update(line.ref, { quantity: left, updatedAt: Timestamp.now() });
    else tx.delete(line.ref);
  }
}
