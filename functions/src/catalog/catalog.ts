import type {
  Category,
  DeclarationSubject,
  MissingDeclaration,
  Product,
  ProductCreateInput,
  ProductUpdateInput,
  VariantsInput,
} from '@bagshop/domain';
import {
  lostDeclarations,
  missingDeclarations,
  PUBLISH_REFUSED,
  PUBLISHED_LOSES_FIELD,
  DISCOUNT_OVER_PRICE,
  storesVariants,
  docIdSchema,
  EXPECTED_UPDATED_AT_REQUIRED,
  Fields,
  PRODUCT_CHANGED,
  NON_RETURNABLE_REASON_REQUIRED,
  PRODUCT_EDITABLE_FIELDS,
  productFromData,
  productTaxFields,
} from '@bagshop/domain';
import { FieldValue, type DocumentSnapshot } from 'firebase-admin/firestore';
import { serverConfig } from '../config.js';
import { bumpCatalogVersion, forgetCatalogVersionRead, readCatalogVersion } from './version.js';
import { db } from '../lib/admin.js';
import { plainData, plainDoc } from '../lib/firestore-data.js';
import { badRequest, conflict, HttpError, notFound } from '../lib/errors.js';
import { MISS_CACHE_CONTROL, MissCache } from '../lib/miss-cache.js';
import { prepareGallery, type GalleryEdit } from './gallery.js';
import { planVariants } from './variants.js';
import { liveStocks, refreshStocks } from './stock-feed.js';
import { productOf, readStocks } from './variant-stock.js';

export const products = () => db.collection('products');

export { DUPLICATE_IMAGE } from './gallery.js';
export const PRODUCT_NOT_FOUND = 'Product not found';

/** A product's HSN code and GST rate, as an order line keeps them; products saved before they existed get the defaults. */
export function taxFieldsOf(d: FirebaseFirestore.DocumentData): { hsn: string; gstRatePercent: number } {
  return productTaxFields(Fields.of(plainData(d), 'product'));
}

/**
 * A product document as the API answers it (the codec: domain/src/codecs/product.ts), with
 * its variants' stock when given (a product with variants reads 0 without it).
 */
export function toProduct(snap: DocumentSnapshot, stocks?: Parameters<typeof productOf>[1]): Product {
  return stocks ? productOf(snap, stocks) : productFromData(snap.id, plainDoc(snap));
}

/** A product read with its variants' stock. */
export async function readProduct(snap: DocumentSnapshot): Promise<Product> {
  return productOf(snap, await readStocks([snap]));
}

/**
 * The product documents of one catalogue version, newest first (docs/decisions/0031-reads-follow-changes.md):
 * read once per version per instance (one query for all categories), then served from memory
 * for as long as `meta/catalog` says the version is current. Orders do not change the version.
 */
let catalogDocs: { version: number; docs: Promise<DocumentSnapshot[]> } | null = null;
/** The lists built from those documents and the stock of one listener generation (stable, so ETags are hashed once). */
const lists = new Map<string, { version: number; generation: number; products: Product[] }>();
let builds = 0;

/** The documents of `version` or a later one (a request that read the version before another could be slower). */
function docsOf(version: number): { version: number; docs: Promise<DocumentSnapshot[]> } {
  if (!catalogDocs || version > catalogDocs.version) {
    const first = catalogDocs === null;
    const docs = Promise.all([
      products().orderBy('createdAt', 'desc').get(),
      // The listener's first snapshot is the first read of the stock; after that, a new version reads it again.
      first ? null : refreshStocks(),
    ]).then(([snap]) => snap.docs);
    const entry = { version, docs };
    catalogDocs = entry;
    builds += 1;
    docs.catch(() => {
      if (catalogDocs === entry) catalogDocs = null;
    });
  }
  return catalogDocs;
}

/** The catalogue (optionally one category), newest first, with each variant's stock; and the version it is of. */
export async function catalogList(category?: Category): Promise<{ version: number; products: Product[] }> {
  const entry = docsOf(await readCatalogVersion());
  const [docs, version] = [await entry.docs, entry.version];
  const { stocks, generation } = await liveStocks();
  const key = category ?? '*';
  const known = lists.get(key);
  if (known && known.version === version && known.generation === generation) return known;
  const chosen = category ? docs.filter((d) => d.get('category') === category) : docs;
  const built = { version, generation, products: chosen.map((snap) => productOf(snap, stocks)) };
  lists.set(key, built);
  return built;
}

/** What shoppers see: published products only (docs/legal-metrology.md); one filtered list per catalogue list. */
const publishedLists = new WeakMap<Product[], Product[]>();
export const publishedOnly = (list: Product[]): Product[] => {
  let shown = publishedLists.get(list);
  if (!shown) {
    shown = list.filter((p) => p.published !== false);
    publishedLists.set(list, shown);
  }
  return shown;
};

export async function listProducts(category?: Category): Promise<Product[]> {
  return publishedOnly((await catalogList(category)).products);
}

/** Every product, drafts too, with what each misses to be published (GET /api/admin/products). */
export async function listProductsForAdmin(): Promise<(Product & { missingDeclarations: MissingDeclaration[] })[]> {
  const snap = await products().orderBy('createdAt', 'desc').get();
  const stocks = await readStocks(snap.docs);
  return snap.docs.map((d) => {
    const product = productOf(d, stocks);
    return { ...product, published: product.published !== false, missingDeclarations: missingDeclarations(product) };
  });
}

/** 400 listing every missing declaration, field by field and per variant (docs/legal-metrology.md). */
function refuse(message: string, missing: MissingDeclaration[]): never {
  throw badRequest(
    `${message}: ${missing.map((m) => m.message).join('; ')}`,
    missing.map((m) => ({ field: m.sku ? `variants.${m.sku}.${m.field}` : m.field, message: m.message })),
  );
}

/**
 * The publish rule: publishing needs every declaration; a published product may not lose one it
 * had (a legacy product listed before the rule keeps being editable while it misses some).
 */
function checkPublishing(before: DeclarationSubject | null, wasPublished: boolean, after: DeclarationSubject, published: boolean): void {
  if (!published) return;
  if (!wasPublished || !before) {
    const missing = missingDeclarations(after);
    if (missing.length > 0) refuse(PUBLISH_REFUSED, missing);
    return;
  }
  const lost = lostDeclarations(before, after);
  if (lost.length > 0) refuse(PUBLISHED_LOSES_FIELD, lost);
}

/** The stored variants as the check reads them. */
const subjectVariants = (variants: Record<string, unknown>[]): DeclarationSubject['variants'] =>
  variants.map((v) => ({
    sku: String(v.sku ?? ''),
    declarations: v.declarations as DeclarationSubject['declarations'],
    dimensionsCm: v.dimensionsCm as { length: number; width: number; height: number } | undefined,
  }));

/** How many times this instance has read the product documents (tests, logs). */
export const catalogReads = () => builds;

/** Ids recently asked for and not found: answered without a read (docs/security.md, "Cheap misses"). */
export const productMisses = new MissCache(() => serverConfig().negativeCacheMs);

const productMiss = () => new HttpError(404, PRODUCT_NOT_FOUND, undefined, { 'Cache-Control': MISS_CACHE_CONTROL });

/** One product (GET /api/products/{id}); 404 for an unknown or malformed id, cacheable for a short while. */
const productsById = new WeakMap<readonly Product[], Map<string, Product>>();

/**
 * One product, from the catalogue of the current version with its live stock (decision 0031):
 * one read (the version) per request instead of the product, its variants' stock documents and
 * so on. `fresh` (an admin's `?fresh=`, about to base a stock edit on what it reads) reads the
 * documents themselves, so the `updatedAt` it answers is never a listener's moment behind.
 */
export async function getProduct(id: string, options: { fresh?: boolean; drafts?: boolean } = {}): Promise<Product> {
  if (!docIdSchema.safeParse(id).success || productMisses.has(id)) throw productMiss();
  if (options.fresh) {
    const snap = await products().doc(id).get();
    if (!snap.exists) {
      productMisses.add(id);
      throw productMiss();
    }
    const product = await readProduct(snap);
    // A draft: only for an admin (docs/legal-metrology.md); a plain 404 for anyone else, not remembered as a miss.
    if (product.published === false && !options.drafts) throw new HttpError(404, PRODUCT_NOT_FOUND);
    return product;
  }
  const { products: list } = await catalogList();
  let byId = productsById.get(list);
  if (!byId) {
    byId = new Map(list.map((p) => [p._id, p]));
    productsById.set(list, byId);
  }
  const found = byId.get(id);
  if (found && (found.published !== false || options.drafts)) return found;
  if (found) throw new HttpError(404, PRODUCT_NOT_FOUND, undefined, { 'Cache-Control': MISS_CACHE_CONTROL });
  productMisses.add(id);
  throw productMiss();
}

/** The options and variants of a product form; null keeps (or gives) one variant from price, discount and stock. */
export interface VariantForm {
  variants: VariantsInput | null;
  sku?: string;
}

/** Picture hashes of each stored variant (the codec keeps only those still in the gallery). */
function storedHashes(data: FirebaseFirestore.DocumentData | undefined): Map<string, string[]> {
  const list = (data && storesVariants(data) ? data.variants : []) as { _id?: unknown; imageHashes?: unknown }[];
  return new Map(list.map((v) => [String(v._id ?? ''), Array.isArray(v.imageHashes) ? v.imageHashes.map(String) : []]));
}

export async function createProduct(
  input: ProductCreateInput,
  gallery: GalleryEdit,
  form: VariantForm = { variants: null },
): Promise<Product> {
  const ref = products().doc();
  await db.runTransaction(async (tx) => {
    const pictures = await prepareGallery(tx, products(), null, [], gallery);
    const plan = await planVariants(
      tx,
      ref,
      null,
      new Map(),
      {
        variants: form.variants,
        single: { price: input.price, discount: input.discount, stock: input.stock, sku: form.sku },
        legacy: false,
      },
      pictures.fields.images,
      new Map(),
    );
    checkPublishing(
      null,
      false,
      {
        countryOfOrigin: input.countryOfOrigin,
        declarations: input.declarations ?? undefined,
        dimensionsCm: input.dimensionsCm ?? undefined,
        options: plan.fields.options,
        variants: subjectVariants(plan.fields.variants),
      },
      input.published,
    );
    pictures.apply();
    productMisses.delete(ref.id);
    const now = FieldValue.serverTimestamp();
    tx.create(ref, {
      name: input.name,
      description: input.description,
      price: plan.fields.price,
      discount: plan.fields.discount,
      category: input.category,
      options: plan.fields.options,
      variants: plan.fields.variants,
      countryOfOrigin: input.countryOfOrigin,
      hsn: input.hsn,
      gstRatePercent: input.gstRatePercent,
      returnable: input.returnable,
      nonReturnableReason: input.returnable ? '' : input.nonReturnableReason,
      ...(input.declarations ? { declarations: input.declarations } : {}),
      ...(input.dimensionsCm ? { dimensionsCm: input.dimensionsCm } : {}),
      published: input.published,
      ...pictures.fields,
      createdAt: now,
      updatedAt: now,
    });
    plan.apply(tx, ref.id, now);
    bumpCatalogVersion(tx);
  });
  forgetCatalogVersionRead();
  return readProduct(await ref.get());
}

/**
 * PATCH /api/products/{id}: only the fields sent change. Stock is different from the rest:
 * orders change it all the time, so a new stock must say which version of the product it
 * was based on (`expectedUpdatedAt`, the `updatedAt` the form loaded); if the product has
 * changed since (an order, another admin), nothing is written and the answer is 409.
 */
export async function updateProduct(
  id: string,
  input: ProductUpdateInput,
  gallery: GalleryEdit | null,
  form: VariantForm = { variants: null },
): Promise<Product> {
  if (!docIdSchema.safeParse(id).success) throw notFound(PRODUCT_NOT_FOUND);
  if (input.stock !== undefined && input.expectedUpdatedAt === undefined) {
    throw badRequest(EXPECTED_UPDATED_AT_REQUIRED, [{ field: 'expectedUpdatedAt', message: EXPECTED_UPDATED_AT_REQUIRED }]);
  }
  const ref = products().doc(id);
  await db.runTransaction(async (tx) => {
    const snap = await tx.get(ref);
    if (!snap.exists) throw notFound(PRODUCT_NOT_FOUND);
    const stocks = await readStocks([snap], tx);
    const current = productOf(snap, stocks);
    if (input.stock !== undefined && current.updatedAt !== new Date(input.expectedUpdatedAt ?? 0).toISOString()) {
      throw conflict(PRODUCT_CHANGED);
    }
    const returnable = input.returnable ?? current.returnable !== false;
    if (!returnable && !(input.nonReturnableReason ?? current.nonReturnableReason ?? ''))
      throw badRequest(NON_RETURNABLE_REASON_REQUIRED, [{ field: 'nonReturnableReason', message: NON_RETURNABLE_REASON_REQUIRED }]);
    const legacy = !storesVariants(snap.data());
    const single = { price: input.price, discount: input.discount, stock: input.stock, sku: form.sku };
    const only = (current.variants ?? []).length === 1 ? current.variants?.[0] : undefined;
    if (!form.variants && only) {
      const price = input.price ?? only.price;
      const discount = input.discount ?? only.discount;
      if (discount > price) throw badRequest(DISCOUNT_OVER_PRICE, [{ field: 'discount', message: DISCOUNT_OVER_PRICE }]);
    }
    const pictures = gallery ? await prepareGallery(tx, products(), id, current.images, gallery) : null;
    const touchesVariants =
      legacy || form.variants !== null || [single.price, single.discount, single.stock, single.sku].some((v) => v !== undefined);
    const plan = touchesVariants
      ? await planVariants(
          tx,
          ref,
          current,
          storedHashes(snap.data()),
          { variants: form.variants, single, expectedUpdatedAt: input.expectedUpdatedAt, legacy },
          pictures?.fields.images ?? current.images,
          new Map([...stocks].map(([k, v]) => [k, v.updatedAt])),
        )
      : null;
    pictures?.apply();
    const now = FieldValue.serverTimestamp();
    const patch: Record<string, unknown> = { updatedAt: now };
    for (const key of PRODUCT_EDITABLE_FIELDS) {
      if (key === 'price' || key === 'discount' || key === 'stock') continue; // the variants' (below)
      if (input[key] === null)
        patch[key] = FieldValue.delete(); // declarations or dimensions cleared
      else if (input[key] !== undefined) patch[key] = input[key];
    }
    // Legacy documents have no `published`: listed (the codec's default) until the migration decides.
    const wasPublished = current.published !== false;
    const published = input.published ?? wasPublished;
    checkPublishing(
      current,
      wasPublished,
      {
        countryOfOrigin: input.countryOfOrigin ?? current.countryOfOrigin,
        declarations: input.declarations === null ? undefined : (input.declarations ?? current.declarations),
        dimensionsCm: input.dimensionsCm === null ? undefined : (input.dimensionsCm ?? current.dimensionsCm),
        options: plan ? plan.fields.options : current.options,
        variants: plan ? subjectVariants(plan.fields.variants) : current.variants,
      },
      published,
    );
    if (input.returnable === true) patch.nonReturnableReason = '';
    if (pictures) Object.assign(patch, pictures.fields);
    if (plan) {
      Object.assign(patch, plan.fields);
      plan.apply(tx, id, now);
    }
    tx.update(ref, patch);
    bumpCatalogVersion(tx);
  });
  forgetCatalogVersionRead();
  return readProduct(await ref.get());
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
    const product = productOf(snap, new Map());
    tx.delete(ref);
    // Its variants' stock and SKUs go with it (orders keep their own copy of each line).
    for (const v of storesVariants(snap.data()) ? (product.variants ?? []) : []) {
      tx.delete(db.collection('variantStock').doc(v._id));
      tx.delete(db.collection('skus').doc(v.sku));
    }
    bumpCatalogVersion(tx);
  });
  forgetCatalogVersionRead();
}
