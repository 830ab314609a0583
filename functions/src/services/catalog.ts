import type { Category, Product, ProductCreateInput, ProductUpdateInput } from '@bagshop/domain';
import { DEFAULT_GST_RATE, DEFAULT_HSN, DISCOUNT_OVER_PRICE, docIdSchema, isGstRate } from '@bagshop/domain';
import { FieldValue, type DocumentSnapshot, type Timestamp } from 'firebase-admin/firestore';
import { db } from '../lib/admin.js';
import { badRequest, conflict, HttpError, notFound } from '../lib/errors.js';
import { productImages } from './images/image-store.js';
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

/** A product's HSN code and GST rate; products saved before they existed get the defaults. */
export function taxFieldsOf(d: FirebaseFirestore.DocumentData): { hsn: string; gstRatePercent: number } {
  return {
    hsn: typeof d.hsn === 'string' && d.hsn ? d.hsn : DEFAULT_HSN,
    gstRatePercent: isGstRate(d.gstRatePercent) ? d.gstRatePercent : DEFAULT_GST_RATE,
  };
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
    image: { url: String(d.image?.url ?? ''), hash: String(d.image?.hash ?? '') },
    ...taxFieldsOf(d),
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

export function catalogCacheMs(env: NodeJS.ProcessEnv = process.env): number {
  const raw = env.CATALOG_CACHE_MS;
  if (raw !== undefined && raw.trim() !== '') {
    const n = Number(raw);
    return Number.isFinite(n) && n > 0 ? Math.min(n, 60_000) : 0;
  }
  return env.FUNCTIONS_EMULATOR === 'true' ? 0 : 3000;
}

export function listProducts(category?: Category): Promise<Product[]> {
  const ttl = catalogCacheMs();
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

/** One product; 404 for an unknown or malformed id. */
export async function getProduct(id: string): Promise<Product> {
  if (!docIdSchema.safeParse(id).success) throw notFound(PRODUCT_NOT_FOUND);
  const snap = await products().doc(id).get();
  if (!snap.exists) throw notFound(PRODUCT_NOT_FOUND);
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
  return { fields, imageRef, store: !existing.exists };
}

export async function createProduct(input: ProductCreateInput, image: ProcessedImage | null): Promise<Product> {
  const ref = products().doc();
  await db.runTransaction(async (tx) => {
    const claim = image ? await claimImage(tx, image, null) : null;
    if (claim?.store) tx.set(claim.imageRef, claim.fields.doc);
    tx.create(ref, {
      name: input.name,
      description: input.description,
      price: input.price,
      discount: input.discount,
      category: input.category,
      stock: input.stock,
      hsn: input.hsn,
      gstRatePercent: input.gstRatePercent,
      image: claim?.fields.ref ?? { url: '', hash: '' },
      createdAt: FieldValue.serverTimestamp(),
      updatedAt: FieldValue.serverTimestamp(),
    });
  });
  invalidateCatalog();
  return toProduct(await ref.get());
}

export async function updateProduct(id: string, input: ProductUpdateInput, image: ProcessedImage | null): Promise<Product> {
  if (!docIdSchema.safeParse(id).success) throw notFound(PRODUCT_NOT_FOUND);
  const ref = products().doc(id);
  await db.runTransaction(async (tx) => {
    const snap = await tx.get(ref);
    if (!snap.exists) throw notFound(PRODUCT_NOT_FOUND);
    const current = snap.data() ?? {};
    const price = input.price ?? Number(current.price ?? 0);
    const discount = input.discount ?? Number(current.discount ?? 0);
    if (discount > price) throw badRequest(DISCOUNT_OVER_PRICE, [{ field: 'discount', message: DISCOUNT_OVER_PRICE }]);
    const claim = image ? await claimImage(tx, image, id) : null;
    if (claim?.store) tx.set(claim.imageRef, claim.fields.doc);
    const patch: Record<string, unknown> = { updatedAt: FieldValue.serverTimestamp() };
    for (const key of ['name', 'description', 'price', 'discount', 'category', 'stock', 'hsn', 'gstRatePercent'] as const) {
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
