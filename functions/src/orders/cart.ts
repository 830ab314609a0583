// The cart: users/{uid}/cart/{variantId} { productId?, quantity, addedAt, updatedAt } (docs/variants.md). Every path is the
// caller's own, so nobody can touch another user's lines.
import {
  cartLineFromData,
  joinCart,
  lineLimitMessage,
  MAX_QUANTITY,
  nameWithVariant,
  stockShortageMessage,
  variantLabel,
  type CartLine,
} from '@bagshop/domain';
import { FieldValue, type DocumentReference, type DocumentSnapshot, type Transaction } from 'firebase-admin/firestore';
import { db } from '../lib/admin.js';
import { plainDoc } from '../lib/firestore-data.js';
import { serverConfig } from '../config.js';
import { badRequest, conflict, HttpError, notFound } from '../lib/errors.js';
import { CONTENDED, runOrderTransaction } from './store.js';
import { products } from '../catalog/index.js';
import { checkCartLines } from '../fulfilment/caps.js';
import { chooseVariant, productOf, readStocks } from '../catalog/index.js';

export const PRODUCT_NOT_FOUND = 'Product not found';
export const NOT_IN_CART = 'This product is not in your cart';

const cartLines = (uid: string) => db.collection('users').doc(uid).collection('cart');

export const BUSY = 'Your cart was changing at the same moment, please try again';

/** Parallel changes of one cart take turns within this; only then is contention a 409 (BUSY), never a fault. */
const CART_CONTENTION_BUDGET_MS = 10_000;

/**
 * A cart change that loses to contention (or whose transaction the emulator closed while it
 * waited for a lock) is run again on the server, as orders are (order-store.ts runOrderTransaction).
 */
async function inTransaction(work: (tx: Transaction) => Promise<void>): Promise<void> {
  try {
    await runOrderTransaction(work, CART_CONTENTION_BUDGET_MS);
  } catch (error) {
    if (error instanceof HttpError && error.message === CONTENDED) throw conflict(BUSY);
    throw error;
  }
}

/** The cart with each line's current product and variant, oldest line first; lines of deleted products or variants are left out. */
export async function getCart(uid: string): Promise<CartLine[]> {
  const snap = await cartLines(uid).orderBy('addedAt', 'asc').get();
  if (snap.empty) return [];
  const lines = snap.docs.map((d) => cartLineFromData(d.id, plainDoc(d)));
  const ids = [...new Set(lines.map((l) => l.productId))];
  const productSnaps = await db.getAll(...ids.map((id) => products().doc(id)));
  const stocks = await readStocks(productSnaps);
  const byId = new Map(productSnaps.filter((p) => p.exists).map((p) => [p.id, productOf(p, stocks)]));
  return joinCart(lines, byId);
}

/** Which line: the line id (a variant's id), or for a product with one line in the cart, the product's id. */
async function findLine(tx: Transaction, uid: string, id: string): Promise<DocumentSnapshot | null> {
  const direct = await tx.get(cartLines(uid).doc(id));
  if (direct.exists) return direct;
  const byProduct = await tx.get(cartLines(uid).where('productId', '==', id).limit(2));
  return byProduct.docs.length === 1 ? (byProduct.docs[0] ?? null) : null;
}

interface LineTarget {
  /** The product's id; the variant is `variantId`, or the product's only one. */
  productId: string;
  variantId?: string;
  /** An existing line (increment). */
  line?: DocumentSnapshot;
}

/**
 * Sets a line to `next(current)` inside a transaction that also reads the product and the
 * variant's stock, so the quantity is never above stock at the time of the change.
 */
async function changeLine(uid: string, target: LineTarget | string, next: (current: number) => number): Promise<void> {
  await inTransaction(async (tx) => {
    let t: LineTarget;
    if (typeof target === 'string') {
      const line = await findLine(tx, uid, target);
      if (!line) throw notFound(NOT_IN_CART);
      t = { productId: String(line.get('productId') ?? line.id), variantId: line.id, line };
    } else t = target;
    const productSnap = await tx.get(products().doc(t.productId));
    // A draft (docs/legal-metrology.md) is not for sale: the same 404 as an unknown product.
    if (!productSnap.exists || productSnap.get('published') === false) throw notFound(PRODUCT_NOT_FOUND);
    const product = productOf(productSnap, await readStocks([productSnap], tx));
    const variant = chooseVariant(product, t.variantId);
    const lineRef: DocumentReference = cartLines(uid).doc(variant._id);
    const lineSnap = t.line ?? (await tx.get(lineRef));
    const current = lineSnap.exists ? Number(lineSnap.get('quantity') ?? 0) : 0;
    const wanted = next(current);
    const { maxLineQuantity } = serverConfig().limits;
    if (wanted > maxLineQuantity) {
      const inCart = current > 0 ? ` (you already have ${current})` : '';
      throw badRequest(`${lineLimitMessage(maxLineQuantity, 'cart')}${inCart}`);
    }
    if (!lineSnap.exists) await checkCartLines(tx, uid);
    const stock = Math.max(0, Math.min(variant.stock, MAX_QUANTITY));
    if (wanted > stock) {
      const inCart = current > 0 ? ` (you already have ${current} in your cart)` : '';
      const name = nameWithVariant(product.name, variantLabel(product.options ?? [], variant));
      throw conflict(`${stockShortageMessage(name, stock)}${stock > 0 ? inCart : ''}`);
    }
    if (lineSnap.exists) tx.update(lineRef, { quantity: wanted, updatedAt: FieldValue.serverTimestamp() });
    else {
      // A variant's line names its product; a product's own variant's line is the product's id, as before variants.
      const product = variant._id === t.productId ? {} : { productId: t.productId };
      tx.create(lineRef, { ...product, quantity: wanted, addedAt: FieldValue.serverTimestamp(), updatedAt: FieldValue.serverTimestamp() });
    }
  });
}

/** Adds `quantity` of the variant (the product's only one when not named) to its line; never above stock. */
export async function addToCart(uid: string, productId: string, quantity: number, variantId?: string): Promise<CartLine[]> {
  await changeLine(uid, { productId, variantId }, (current) => current + quantity);
  return getCart(uid);
}

/** One more on the line (`id`: the line id, or the product id of a product with one line). */
export async function incrementLine(uid: string, id: string): Promise<CartLine[]> {
  await changeLine(uid, id, (current) => current + 1);
  return getCart(uid);
}

/** One fewer; at 1 the line goes. Allowed even when stock has dropped below the line. */
export async function decrementLine(uid: string, id: string): Promise<CartLine[]> {
  await inTransaction(async (tx) => {
    const line = await findLine(tx, uid, id);
    if (!line) throw notFound(NOT_IN_CART);
    const current = Number(line.get('quantity') ?? 0);
    if (current <= 1) tx.delete(line.ref);
    else tx.update(line.ref, { quantity: current - 1, updatedAt: FieldValue.serverTimestamp() });
  });
  return getCart(uid);
}

export async function removeLine(uid: string, id: string): Promise<CartLine[]> {
  await inTransaction(async (tx) => {
    const line = await findLine(tx, uid, id);
    if (!line) throw notFound(NOT_IN_CART);
    tx.delete(line.ref);
  });
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
