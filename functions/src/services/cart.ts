// The cart: users/{uid}/cart/{productId} { quantity, addedAt, updatedAt }. Every path is the
// caller's own, so nobody can touch another user's lines.
import { cartLineFromData, joinCart, lineLimitMessage, MAX_QUANTITY, stockShortageMessage, type CartLine } from '@bagshop/domain';
import { FieldValue, type DocumentReference } from 'firebase-admin/firestore';
import { db } from '../lib/admin.js';
import { plainDoc } from '../lib/firestore-data.js';
import { serverConfig } from '../config.js';
import { badRequest, conflict, notFound } from '../lib/errors.js';
import { products, toProduct } from './catalog.js';
import { checkCartLines } from './fulfilment/caps.js';

export const PRODUCT_NOT_FOUND = 'Product not found';
export const NOT_IN_CART = 'This product is not in your cart';

const cartLines = (uid: string) => db.collection('users').doc(uid).collection('cart');

export const BUSY = 'Your cart was changing at the same moment, please try again';

/** A transaction that still lost to contention after the SDK's retries is a 409, not a fault. */
async function inTransaction(work: Parameters<typeof db.runTransaction>[0]): Promise<void> {
  try {
    await db.runTransaction(work);
  } catch (error) {
    const code = typeof error === 'object' && error !== null && 'code' in error ? (error as { code: unknown }).code : undefined;
    if (code === 10) throw conflict(BUSY); // ABORTED
    throw error;
  }
}

/** The cart with each line's current product, oldest line first; lines of deleted products are left out. */
export async function getCart(uid: string): Promise<CartLine[]> {
  const snap = await cartLines(uid).orderBy('addedAt', 'asc').get();
  if (snap.empty) return [];
  const refs = snap.docs.map((d) => products().doc(d.id));
  const productSnaps = await db.getAll(...refs);
  const byId = new Map(productSnaps.filter((p) => p.exists).map((p) => [p.id, toProduct(p)]));
  return joinCart(
    snap.docs.map((d) => cartLineFromData(d.id, plainDoc(d))),
    byId,
  );
}

/**
 * Sets a line to `next(current)` inside a transaction that also reads the product, so the
 * quantity is never above stock at the time of the change. `next` returning 0 removes the line.
 */
async function changeLine(
  uid: string,
  productId: string,
  next: (current: number) => number,
  options: { mustExist: boolean; checkStock: boolean },
): Promise<void> {
  const productRef = products().doc(productId);
  const lineRef: DocumentReference = cartLines(uid).doc(productId);
  await inTransaction(async (tx) => {
    const [productSnap, lineSnap] = await Promise.all([tx.get(productRef), tx.get(lineRef)]);
    if (options.mustExist && !lineSnap.exists) throw notFound(NOT_IN_CART);
    if (!productSnap.exists) throw notFound(PRODUCT_NOT_FOUND);
    const current = lineSnap.exists ? Number(lineSnap.get('quantity') ?? 0) : 0;
    const wanted = next(current);
    if (wanted <= 0) {
      tx.delete(lineRef);
      return;
    }
    const { maxLineQuantity } = serverConfig().limits;
    if (options.checkStock && wanted > maxLineQuantity) {
      const inCart = current > 0 ? ` (you already have ${current})` : '';
      throw badRequest(`${lineLimitMessage(maxLineQuantity, 'cart')}${inCart}`);
    }
    if (!lineSnap.exists) await checkCartLines(tx, uid);
    if (options.checkStock) {
      const product = toProduct(productSnap);
      const stock = Math.max(0, Math.min(product.stock, MAX_QUANTITY));
      if (wanted > stock) {
        const inCart = current > 0 ? ` (you already have ${current} in your cart)` : '';
        throw conflict(`${stockShortageMessage(product.name, stock)}${stock > 0 ? inCart : ''}`);
      }
    }
    if (lineSnap.exists) tx.update(lineRef, { quantity: wanted, updatedAt: FieldValue.serverTimestamp() });
    else tx.create(lineRef, { quantity: wanted, addedAt: FieldValue.serverTimestamp(), updatedAt: FieldValue.serverTimestamp() });
  });
}

/** Adds `quantity` to the line (creating it); never above stock. */
export async function addToCart(uid: string, productId: string, quantity: number): Promise<CartLine[]> {
  await changeLine(uid, productId, (current) => current + quantity, { mustExist: false, checkStock: true });
  return getCart(uid);
}

export async function incrementLine(uid: string, productId: string): Promise<CartLine[]> {
  await changeLine(uid, productId, (current) => current + 1, { mustExist: true, checkStock: true });
  return getCart(uid);
}

/** One fewer; at 1 the line goes. Allowed even when stock has dropped below the line. */
export async function decrementLine(uid: string, productId: string): Promise<CartLine[]> {
  const lineRef = cartLines(uid).doc(productId);
  await inTransaction(async (tx) => {
    const line = await tx.get(lineRef);
    if (!line.exists) throw notFound(NOT_IN_CART);
    const current = Number(line.get('quantity') ?? 0);
    if (current <= 1) tx.delete(lineRef);
    else tx.update(lineRef, { quantity: current - 1, updatedAt: FieldValue.serverTimestamp() });
  });
  return getCart(uid);
}

export async function removeLine(uid: string, productId: string): Promise<CartLine[]> {
  const lineRef = cartLines(uid).doc(productId);
  const line = await lineRef.get();
  if (!line.exists) throw notFound(NOT_IN_CART);
  await lineRef.delete();
  return getCart(uid);
}

export async function clearCart(uid: string): Promise<CartLine[]> {
  const snap = await cartLines(uid).select().get();
  for (let i = 0; i < snap.docs.length; i += 400) {
    const batch = db.batch();
    for (const doc of snap.docs.slice(i, i + 400)) batch.delete(doc.ref);
    await batch.commit();
  }
  return [];
}
