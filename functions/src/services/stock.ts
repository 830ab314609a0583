/**
 * Stock and cart lines inside order transactions (docs/architecture.md "Data model", docs/decisions/0006-server-side-orders-and-stock.md). Each helper comes in two
 * halves, because a Firestore transaction needs every read before any write: `read…` does
 * the reads, the matching writer only writes.
 */
import { Timestamp, type DocumentSnapshot, type Transaction } from 'firebase-admin/firestore';
import { db } from '../lib/admin.js';
import { products } from './catalog.js';

const cartOf = (uid: string) => db.collection(`users/${uid}/cart`);

interface StoredItem {
  _id: string;
  quantity: number;
}

/** The (product id, quantity) lines of a stored order, ignoring malformed ones. */
export function itemsOf(data: FirebaseFirestore.DocumentData): StoredItem[] {
  const items = Array.isArray(data.items) ? (data.items as { _id?: unknown; quantity?: unknown }[]) : [];
  return items
    .map((i) => ({ _id: String(i._id ?? ''), quantity: Number(i.quantity ?? 0) }))
    .filter((i) => i._id !== '' && Number.isInteger(i.quantity) && i.quantity > 0);
}

/** Reads (before any write) the products an order's stock goes back to. */
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
