import type { Category, Product, ProductCreateInput, ProductUpdateInput } from '@bagshop/domain';
import { DEFAULT_COUNTRY_OF_ORIGIN, DISCOUNT_OVER_PRICE, docIdSchema, EXPECTED_UPDATED_AT_REQUIRED, PRODUCT_CHANGED } from '@bagshop/domain';
import { FieldValue, type DocumentSnapshot, type Timestamp } from 'firebase-admin/firestore';
import { serverConfig } from '../config.js';
import { db } from '../lib/admin.js';
import { badRequest, conflict, HttpError, notFound } from '../lib/errors.js';
import { MISS_CACHE_CONTROL, MissCache } from '../lib/miss-cache.js';
import { imageStored, productImages } from './images/image-store.js';
import type { ProcessedImage } from './images/process-image.js';

export const products = () => db.collection('products');

export const DUPLICATE_IMAGE = 'Duplicate image detected';
export const PRODUCT_NOT_FOUND = 'Product not found';

/** Firestore keeps a document under 1 MiB; a re-encoded image must leave room for the rest. */
const MAX_STORED_IMAGE_BYTES = 900_000;

function iso(value: unknown): string {
  return value && typeof (value as Timestamp).toDate === 'function'
    ? (value as Timestamp).toDate().toISOString()
    : new Date(0).toISOString();
}

export function toProduct(snap: DocumentSnapshot): Product {
  const d = snap.data() ?? {};
  return {
    _id: snap.id,
    name: String(d.name ?? ''),
    description: String(d.description ?? ''),
    price: Number(d.price ?? 0),
    discount: Number(d.discount ?? 0),
    category: d.category as Category,
    stock: Number(d.stock ?? 0),
    countryOfOrigin: String(d.countryOfOrigin ?? DEFAULT_COUNTRY_OF_ORIGIN),
    image: { url: String(d.image?.url ?? ''), hash: String(d.image?.hash ?? '') },
    createdAt: iso(d.createdAt),
    updatedAt: iso(d.updatedAt),
  };
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

function imageFields(image: ProcessedImage) {
  if (image.bytes.byteLength > MAX_STORED_IMAGE_BYTES) {
    throw new HttpError(413, 'Image is too detailed to store; please upload a simpler or smaller picture');
  }
  return {
    doc: {
      bytes: image.bytes,
      contentType: image.contentType,
      width: image.width,
      height: image.height,
      createdAt: FieldValue.serverTimestamp(),
    },
    ref: { url: `/api/images/${image.sha256}`, hash: image.sha256 },
  };
}

/**
 * Inside a transaction: refuse an image another product already shows (DESIGN §6), and
 * store its bytes at productImages/{sha256} unless they are there already.
 */
async function claimImage(tx: FirebaseFirestore.Transaction, image: ProcessedImage, productId: string | null) {
  const fields = imageFields(image);
  const users = await tx.get(products().where('image.hash', '==', image.sha256).limit(2));
  if (users.docs.some((d) => d.id !== productId)) throw conflict(DUPLICATE_IMAGE);
  const imageRef = productImages().doc(image.sha256);
  const existing = await tx.get(imageRef);
  imageStored(image.sha256);
  return { fields, imageRef, store: !existing.exists };
}

export async function createProduct(input: ProductCreateInput, image: ProcessedImage | null): Promise<Product> {
  const ref = products().doc();
  await db.runTransaction(async (tx) => {
    const claim = image ? await claimImage(tx, image, null) : null;
    if (claim?.store) tx.set(claim.imageRef, claim.fields.doc);
    productMisses.delete(ref.id);
    tx.create(ref, {
      name: input.name,
      description: input.description,
      price: input.price,
      discount: input.discount,
      category: input.category,
      stock: input.stock,
      countryOfOrigin: input.countryOfOrigin,
      image: claim?.fields.ref ?? { url: '', hash: '' },
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
export async function updateProduct(id: string, input: ProductUpdateInput, image: ProcessedImage | null): Promise<Product> {
  if (!docIdSchema.safeParse(id).success) throw notFound(PRODUCT_NOT_FOUND);
  if (input.stock !== undefined && input.expectedUpdatedAt === undefined) {
    throw badRequest(EXPECTED_UPDATED_AT_REQUIRED, [{ field: 'expectedUpdatedAt', message: EXPECTED_UPDATED_AT_REQUIRED }]);
  }
  const ref = products().doc(id);
  await db.runTransaction(async (tx) => {
    const snap = await tx.get(ref);
    if (!snap.exists) throw notFound(PRODUCT_NOT_FOUND);
    const current = snap.data() ?? {};
    if (input.stock !== undefined && iso(current.updatedAt) !== new Date(input.expectedUpdatedAt ?? 0).toISOString()) {
      throw conflict(PRODUCT_CHANGED);
    }
    const price = input.price ?? Number(current.price ?? 0);
    const discount = input.discount ?? Number(current.discount ?? 0);
    if (discount > price) throw badRequest(DISCOUNT_OVER_PRICE, [{ field: 'discount', message: DISCOUNT_OVER_PRICE }]);
    const claim = image ? await claimImage(tx, image, id) : null;
    if (claim?.store) tx.set(claim.imageRef, claim.fields.doc);
    const patch: Record<string, unknown> = { updatedAt: FieldValue.serverTimestamp() };
    for (const key of ['name', 'description', 'price', 'discount', 'category', 'stock', 'countryOfOrigin'] as const) {
      if (input[key] !== undefined) patch[key] = input[key];
    }
    if (claim) patch.image = claim.fields.ref;
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
