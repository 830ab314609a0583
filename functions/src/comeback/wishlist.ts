/**
 * The wishlist (docs/comeback.md "Wishlist"): `wishlistItems/{uid}_{productId}_{variantId}`, at
 * most MAX_WISHLIST_ITEMS per shopper, each with the variant's sale price when it was saved
 * (paise), so the page can show the price then and now and the sweep can see a price drop.
 */
import {
  MAX_WISHLIST_ITEMS,
  WISHLIST_FULL_MESSAGE,
  salePrice,
  toPaise,
  variantLabel,
  wishlistItemFromData,
  type Product,
  type ProductVariant,
  type WishlistItemRecord,
} from '@bagshop/domain';
import { Timestamp } from 'firebase-admin/firestore';
import { PRODUCT_NOT_FOUND, chooseVariant, getProduct } from '../catalog/index.js';
import { db } from '../lib/admin.js';
import { now } from '../lib/clock.js';
import { badRequest, HttpError, notFound } from '../lib/errors.js';
import { plainDoc } from '../lib/firestore-data.js';
import { wishlistItemId, wishlistItems } from './store.js';

export interface WishlistEntry {
  _id: string;
  productId: string;
  variantId: string;
  savedAt: string;
  savedPricePaise: number;
  /** null when the product is gone (or a draft) or no longer sells the variant. */
  product: { _id: string; name: string; image: string; category: string } | null;
  variant: { _id: string; label: string; sku: string; pricePaise: number; stock: number; inStock: boolean } | null;
}

const priceOf = (v: ProductVariant) => toPaise(salePrice(v.price, v.discount));

async function productOrNull(id: string): Promise<Product | null> {
  try {
    return await getProduct(id);
  } catch (error) {
    if (error instanceof HttpError && error.status === 404) return null;
    throw error;
  }
}

function entryOf(id: string, item: WishlistItemRecord, product: Product | null): WishlistEntry {
  const variant = product?.variants?.find((v) => v._id === item.variantId) ?? null;
  return {
    _id: id,
    productId: item.productId,
    variantId: item.variantId,
    savedAt: item.savedAt,
    savedPricePaise: item.savedPricePaise,
    product: product ? { _id: product._id, name: product.name, image: product.image.url, category: product.category } : null,
    variant:
      product && variant
        ? {
            _id: variant._id,
            label: variantLabel(product.options ?? [], variant),
            sku: variant.sku,
            pricePaise: priceOf(variant),
            stock: variant.stock,
            inStock: variant.stock > 0,
          }
        : null,
  };
}

export async function readWishlistRecords(uid: string): Promise<{ id: string; item: WishlistItemRecord }[]> {
  const snap = await wishlistItems().where('uid', '==', uid).get();
  return snap.docs
    .map((d) => ({ id: d.id, item: wishlistItemFromData(d.id, plainDoc(d)) }))
    .sort((a, b) => b.item.savedAt.localeCompare(a.item.savedAt));
}

/** GET /api/wishlist: newest first, each with the product as it is now. */
export async function listWishlist(uid: string): Promise<WishlistEntry[]> {
  const records = await readWishlistRecords(uid);
  const ids = [...new Set(records.map((r) => r.item.productId))];
  const products = new Map(await Promise.all(ids.map(async (id) => [id, await productOrNull(id)] as const)));
  return records.map((r) => entryOf(r.id, r.item, products.get(r.item.productId) ?? null));
}

/** POST /api/wishlist/{productId}: saves the variant (the product's only one when none is named); saving it again keeps the first price. */
export async function addToWishlist(uid: string, productId: string, variantId: string | undefined): Promise<WishlistEntry> {
  const product = await productOrNull(productId);
  if (!product) throw notFound(PRODUCT_NOT_FOUND);
  const variant = chooseVariant(product, variantId);
  const ref = wishlistItems().doc(wishlistItemId(uid, product._id, variant._id));
  const record = await db.runTransaction(async (tx) => {
    const existing = await tx.get(ref);
    if (existing.exists) return wishlistItemFromData(ref.id, plainDoc(existing));
    const count = (await tx.get(wishlistItems().where('uid', '==', uid).count())).data().count;
    if (count >= MAX_WISHLIST_ITEMS) throw badRequest(WISHLIST_FULL_MESSAGE);
    const savedAt = Timestamp.fromDate(now());
    const data = { uid, productId: product._id, variantId: variant._id, savedPricePaise: priceOf(variant), savedAt, lastPriceDropAt: null };
    tx.create(ref, data);
    return wishlistItemFromData(ref.id, { ...data, savedAt: savedAt.toDate().toISOString() });
  });
  return entryOf(ref.id, record, product);
}

/** DELETE /api/wishlist/{productId}: one variant (`variantId`), or every variant of the product saved; 404 when none was. */
export async function removeFromWishlist(uid: string, productId: string, variantId: string | undefined): Promise<{ removed: number }> {
  const snap = await wishlistItems().where('uid', '==', uid).where('productId', '==', productId).get();
  const docs = snap.docs.filter((d) => variantId === undefined || d.get('variantId') === variantId);
  if (docs.length === 0) throw notFound('This bag is not in your wishlist');
  const batch = db.batch();
  for (const d of docs) batch.delete(d.ref);
  await batch.commit();
  return { removed: docs.length };
}
