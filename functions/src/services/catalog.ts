import type { Category, Product, ProductCreateInput, ProductUpdateInput } from '@bagshop/domain';
import {
  DISCOUNT_OVER_PRICE,
  docIdSchema,
  EXPECTED_UPDATED_AT_REQUIRED,
  Fields,
  PRODUCT_CHANGED,
  PRODUCT_EDITABLE_FIELDS,
  productFromData,
  productTaxFields,
} from '@bagshop/domain';
import { FieldValue, type DocumentSnapshot } from 'firebase-admin/firestore';
import { serverConfig } from '../config.js';
import { db } from '../lib/admin.js';
import { plainData, plainDoc } from '../lib/firestore-data.js';
import { badRequest, conflict, HttpError, notFound } from '../lib/errors.js';
import { MISS_CACHE_CONTROL, MissCache } from '../lib/miss-cache.js';
import { prepareGallery, type GalleryEdit } from './gallery.js';

export const products = () => db.collection('products');

export { DUPLICATE_IMAGE } from './gallery.js';
export const PRODUCT_NOT_FOUND = 'Product not found';

/** A product's HSN code and GST rate, as an order line keeps them; products saved before they existed get the defaults. */
export function taxFieldsOf(d: FirebaseFirestore.DocumentData): { hsn: string; gstRatePercent: number } {
  return productTaxFields(Fields.of(plainData(d), 'product'));
}

/** A product document as the API answers it (the codec: domain/src/codecs/product.ts). */
export function toProduct(snap: DocumentSnapshot): Product {
  return productFromData(snap.id, plainDoc(snap));
}

/** Newest first; optionally one category. */
async function queryProducts(category?: Category): Promise<Product[]> {
  const query = category
    ? products().where('category', '==', category).orderBy('createdAt', 'desc')
    : products().orderBy('createdAt', 'desc');
  const snap = await query.get();
  return snap.docs.map(toProduct);
}

/**
 * A few seconds of in-instance cache for the product lists (docs/orders-and-payments.md):
 * the catalog is the hottest read, the CDN already serves it up to 5 minutes old, and one
 * instance answering many requests a second then costs one query per list per window.
 * Concurrent misses share one query. Admin writes and orders in this instance clear it.
 * `CATALOG_CACHE_MS` sets the window (0 turns it off); off by default on the emulators, so
 * tests read their own writes from any worker process.
 */
const listCache = new Map<string, { expires: number; value: Promise<Product[]> }>();

export function listProducts(category?: Category): Promise<Product[]> {
  const ttl = serverConfig().catalogCacheMs;
  if (ttl === 0) return queryProducts(category);
  const key = category ?? '*';
  const now = Date.now();
  const hit = listCache.get(key);
  if (hit && hit.expires > now) return hit.value;
  const entry = { expires: now + ttl, value: queryProducts(category) };
  listCache.set(key, entry);
  entry.value.catch(() => {
    if (listCache.get(key) === entry) listCache.delete(key);
  });
  return entry.value;
}

/** Ids recently asked for and not found: answered without a read (docs/security.md, "Cheap misses"). */
export const productMisses = new MissCache(() => serverConfig().negativeCacheMs);

const productMiss = () => new HttpError(404, PRODUCT_NOT_FOUND, undefined, { 'Cache-Control': MISS_CACHE_CONTROL });

/** One product (GET /api/products/{id}); 404 for an unknown or malformed id, cacheable for a short while. */
export async function getProduct(id: string): Promise<Product> {
  if (!docIdSchema.safeParse(id).success || productMisses.has(id)) throw productMiss();
  const snap = await products().doc(id).get();
  if (!snap.exists) {
    productMisses.add(id);
    throw productMiss();
  }
  return toProduct(snap);
}

export async function createProduct(input: ProductCreateInput, gallery: GalleryEdit): Promise<Product> {
  const ref = products().doc();
  await db.runTransaction(async (tx) => {
    const pictures = await prepareGallery(tx, products(), null, [], gallery);
    pictures.apply();
    productMisses.delete(ref.id);
    tx.create(ref, {
      name: input.name,
      description: input.description,
      price: input.price,
      discount: input.discount,
      category: input.category,
      stock: input.stock,
      countryOfOrigin: input.countryOfOrigin,
      hsn: input.hsn,
      gstRatePercent: input.gstRatePercent,
      ...pictures.fields,
      createdAt: FieldValue.serverTimestamp(),
      updatedAt: FieldValue.serverTimestamp(),
    });
  });
  invalidateCatalog();
  return toProduct(await ref.get());
}

/**
 * PATCH /api/products/{id}: only the fields sent change. Stock is different from the rest:
 * orders change it all the time, so a new stock must say which version of the product it
 * was based on (`expectedUpdatedAt`, the `updatedAt` the form loaded); if the product has
 * changed since (an order, another admin), nothing is written and the answer is 409.
 */
export async function updateProduct(id: string, input: ProductUpdateInput, gallery: GalleryEdit | null): Promise<Product> {
  if (!docIdSchema.safeParse(id).success) throw notFound(PRODUCT_NOT_FOUND);
  if (input.stock !== undefined && input.expectedUpdatedAt === undefined) {
    throw badRequest(EXPECTED_UPDATED_AT_REQUIRED, [{ field: 'expectedUpdatedAt', message: EXPECTED_UPDATED_AT_REQUIRED }]);
  }
  const ref = products().doc(id);
  await db.runTransaction(async (tx) => {
    const snap = await tx.get(ref);
    if (!snap.exists) throw notFound(PRODUCT_NOT_FOUND);
    const current = toProduct(snap);
    if (input.stock !== undefined && current.updatedAt !== new Date(input.expectedUpdatedAt ?? 0).toISOString()) {
      throw conflict(PRODUCT_CHANGED);
    }
    const price = input.price ?? current.price;
    const discount = input.discount ?? current.discount;
    if (discount > price) throw badRequest(DISCOUNT_OVER_PRICE, [{ field: 'discount', message: DISCOUNT_OVER_PRICE }]);
    const pictures = gallery ? await prepareGallery(tx, products(), id, current.images, gallery) : null;
    pictures?.apply();
    const patch: Record<string, unknown> = { updatedAt: FieldValue.serverTimestamp() };
    for (const key of PRODUCT_EDITABLE_FIELDS) {
      if (input[key] !== undefined) patch[key] = input[key];
    }
    if (pictures) Object.assign(patch, pictures.fields);
    tx.update(ref, patch);
  });
  invalidateCatalog();
  return toProduct(await ref.get());
}

/**
 * Deletes the product. Orders keep their own copy of each line, so they are unaffected;
 * the image bytes stay, because past orders still show them.
 */
export async function deleteProduct(id: string): Promise<void> {
  if (!docIdSchema.safeParse(id).success) throw notFound(PRODUCT_NOT_FOUND);
  const ref = products().doc(id);
  await db.runTransaction(async (tx) => {
    const snap = await tx.get(ref);
    if (!snap.exists) throw notFound(PRODUCT_NOT_FOUND);
    tx.delete(ref);
  });
  invalidateCatalog();
}

/** Drops this instance's cached product lists (after any write that changes them). */
export function invalidateCatalog(): void {
  listCache.clear();
}
