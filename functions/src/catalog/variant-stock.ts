/**
 * Variant stock (docs/variants.md, docs/decisions/0026-product-variants.md): each variant's
 * stock is its own document `variantStock/{variantId}`, outside the product document, so an
 * order writes the stock of what it sells and never the catalogue document every shopper
 * reads (nor the catalogue cache or the search index that are built from it).
 *
 * A product stored before variants (no `variants` list) still keeps its stock in its own
 * `stock` field until scripts/migrate-variants.ts moves it; its one variant has the product's
 * id. A "slot" is where one variant's stock lives, whichever kind of product it is.
 */
import {
  chooseVariantMessage,
  productFromData,
  storesVariants,
  variantStockFromData,
  type Product,
  type ProductVariant,
  type VariantStock,
} from '@bagshop/domain';
import type { DocumentReference, DocumentSnapshot, Transaction } from 'firebase-admin/firestore';
import { Timestamp } from 'firebase-admin/firestore';
import { db } from '../lib/admin.js';
import { bumpCatalogVersion } from './version.js';
import { badRequest, notFound } from '../lib/errors.js';
import { plainDoc } from '../lib/firestore-data.js';

export const variantStockDocs = () => db.collection('variantStock');
export const VARIANT_NOT_FOUND = 'This size or colour is not sold any more';

/** The ids of the variants a stored product lists (none for a product stored before variants). */
export function storedVariantIds(data: FirebaseFirestore.DocumentData | undefined): string[] {
  if (!data || !storesVariants(data)) return [];
  return (data.variants as { _id?: unknown }[]).map((v) => String(v._id ?? '')).filter((id) => id !== '');
}

export function stockMapOf(snaps: readonly DocumentSnapshot[]): Map<string, VariantStock> {
  const map = new Map<string, VariantStock>();
  for (const s of snaps) if (s.exists) map.set(s.id, variantStockFromData(s.id, plainDoc(s)));
  return map;
}

/** The stock documents of these products' variants (in the transaction when given). */
export async function readStocks(products: readonly DocumentSnapshot[], tx?: Transaction): Promise<Map<string, VariantStock>> {
  const ids = products.flatMap((p) => (p.exists ? storedVariantIds(p.data()) : []));
  if (ids.length === 0) return new Map();
  const refs = ids.map((id) => variantStockDocs().doc(id));
  return stockMapOf(tx ? await tx.getAll(...refs) : await db.getAll(...refs));
}

/** Every variant's stock in the shop: one query, for the catalogue lists. */
export async function readAllStocks(): Promise<Map<string, VariantStock>> {
  return stockMapOf((await variantStockDocs().get()).docs);
}

/** A product document with its variants' stock, as the API answers it. */
export function productOf(snap: DocumentSnapshot, stocks: ReadonlyMap<string, VariantStock>): Product {
  return productFromData(snap.id, plainDoc(snap), stocks);
}

/**
 * The variant a shopper means: `variantId` when given (404 when the product does not sell it),
 * else the product's only variant; a product with several needs one named (400 "Choose a Size
 * and Colour", naming its options).
 */
export function chooseVariant(product: Product, variantId: string | undefined): ProductVariant {
  const variants = product.variants ?? [];
  if (variantId !== undefined) {
    const found = variants.find((v) => v._id === variantId);
    if (!found) throw notFound(VARIANT_NOT_FOUND);
    return found;
  }
  const only = variants.length === 1 ? variants[0] : undefined;
  if (!only) {
    const message = chooseVariantMessage(product.options ?? []);
    throw badRequest(message, [{ field: 'variantId', message }]);
  }
  return only;
}

/** Where one variant's stock lives, read in a transaction. */
export interface StockSlot {
  variantId: string;
  productId: string;
  sku: string;
  ref: DocumentReference;
  /** The product document itself (a product stored before variants). */
  legacy: boolean;
  exists: boolean;
  stock: number;
}

/** Reads (before any write) the slots of these variants; `productSnaps` are the products, already read. */
export async function readSlots(
  tx: Transaction,
  wanted: readonly { productId: string; variantId: string; sku?: string }[],
  productSnaps: ReadonlyMap<string, DocumentSnapshot>,
): Promise<Map<string, StockSlot>> {
  const slots = new Map<string, StockSlot>();
  const modern = wanted.filter((w) => {
    const p = productSnaps.get(w.productId);
    return !(p?.exists && !storesVariants(p.data()) && w.variantId === w.productId);
  });
  const snaps = modern.length ? await tx.getAll(...modern.map((w) => variantStockDocs().doc(w.variantId))) : [];
  const byId = new Map(snaps.map((s) => [s.id, s]));
  for (const w of wanted) {
    const product = productSnaps.get(w.productId);
    const stockSnap = byId.get(w.variantId);
    if (stockSnap) {
      slots.set(w.variantId, {
        variantId: w.variantId,
        productId: w.productId,
        sku: String(stockSnap.get('sku') ?? w.sku ?? ''),
        ref: stockSnap.ref,
        legacy: false,
        exists: stockSnap.exists,
        stock: Number(stockSnap.get('stock') ?? 0),
      });
    } else if (product?.exists) {
      slots.set(w.variantId, {
        variantId: w.variantId,
        productId: w.productId,
        sku: w.sku ?? '',
        ref: product.ref,
        legacy: true,
        exists: true,
        stock: Number(product.get('stock') ?? 0),
      });
    }
  }
  return slots;
}

/** Writes a slot's new stock (writes only). */
export function writeSlot(tx: Transaction, slot: StockSlot, stock: number, now: Timestamp): void {
  if (slot.legacy) {
    // Its stock is still in the catalogue document (until scripts/migrate-variants.ts moves it).
    tx.update(slot.ref, { stock, updatedAt: now });
    bumpCatalogVersion(tx);
  } else if (slot.exists) tx.update(slot.ref, { stock, updatedAt: now });
  else tx.set(slot.ref, { productId: slot.productId, sku: slot.sku, stock, updatedAt: now });
}
