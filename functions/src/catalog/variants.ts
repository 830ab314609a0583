/**
 * The admin's options and variants, written with the product (docs/variants.md): inside the
 * product's transaction, `planVariants` does every read (SKU owners, the stock documents, the
 * open orders that hold a variant to be removed) and returns the writes. The product document
 * keeps the options and the variants without their stock; each variant's stock is its own
 * document (variant-stock.ts) and each SKU is claimed by a document `skus/{sku}`, so two
 * products can never take the same SKU, even at the same moment.
 */
import {
  EXPECTED_UPDATED_AT_REQUIRED,
  fromVariant,
  generatedSku,
  PRODUCT_CHANGED,
  skuTakenMessage,
  STOCK_PER_VARIANT,
  type Product,
  type ProductImage,
  type ProductOption,
  type ProductVariant,
  type VariantInput,
  type VariantsInput,
} from '@bagshop/domain';
import { FieldValue, type DocumentReference, type Transaction } from 'firebase-admin/firestore';
import { db } from '../lib/admin.js';
import { badRequest, conflict } from '../lib/errors.js';
import { variantStockDocs } from './variant-stock.js';

export const skuDocs = () => db.collection('skus');

/** Statuses whose stock is not settled: such an order still holds its variants. */
const SETTLED = ['completed', 'cancelled'];

/** What the product form says about price, discount, stock and SKU of a product without options. */
export interface SingleVariantFields {
  price?: number;
  discount?: number;
  stock?: number;
  sku?: string;
}

interface Target {
  variant: Omit<ProductVariant, 'stock' | 'images'> & { imageHashes: string[] };
  /** undefined: leave the stock as it is. */
  stock: number | undefined;
  isNew: boolean;
}

export interface VariantPlan {
  /** Fields for the product document. */
  fields: {
    options: ProductOption[];
    variants: Record<string, unknown>[];
    price: number;
    discount: number;
    stock: FieldValue;
  };
  apply(tx: Transaction, productId: string, now: FieldValue): void;
}

const stockRef = (id: string) => variantStockDocs().doc(id);

function stripUndefined(o: Record<string, unknown>): Record<string, unknown> {
  return Object.fromEntries(Object.entries(o).filter(([, v]) => v !== undefined));
}

/** The hashes of a variant's pictures: gallery positions, or URLs of the gallery (400 otherwise). */
function pictureHashes(input: VariantInput, gallery: readonly ProductImage[], keep: string[]): string[] {
  if (input.imageIndexes) {
    return input.imageIndexes.map((n) => {
      const image = gallery[n];
      if (!image) throw badRequest(`imageIndexes: the gallery has no picture ${n} (it has ${gallery.length})`);
      return image.hash;
    });
  }
  if (input.images) {
    return input.images.map(({ url }) => {
      const image = gallery.find((g) => g.url === url);
      if (!image) throw badRequest(`A variant's picture must be one of the product's pictures (${url} is not)`);
      return image.hash;
    });
  }
  return keep.filter((hash) => gallery.some((g) => g.hash === hash));
}

/**
 * Reads and checks; returns the writes. `current` is the product as stored with its stock
 * (null when creating), `expectedUpdatedAt` the form's concurrency token.
 */
export async function planVariants(
  tx: Transaction,
  productRef: DocumentReference,
  current: Product | null,
  storedHashes: ReadonlyMap<string, string[]>,
  input: { variants: VariantsInput | null; single: SingleVariantFields; expectedUpdatedAt?: string; legacy: boolean },
  gallery: readonly ProductImage[],
  stockUpdatedAt: ReadonlyMap<string, string>,
): Promise<VariantPlan> {
  const productId = productRef.id;
  const existing = current?.variants ?? [];
  const options = input.variants ? input.variants.options : (current?.options ?? []);
  const targets: Target[] = [];

  if (!input.variants) {
    const { price, discount, stock, sku } = input.single;
    const only = existing.length === 1 ? existing[0] : undefined;
    if (current && !only) {
      if (stock !== undefined) throw badRequest(STOCK_PER_VARIANT, [{ field: 'stock', message: STOCK_PER_VARIANT }]);
      if (price !== undefined || discount !== undefined || sku !== undefined) {
        throw badRequest('This product has variants: set prices in variants');
      }
    }
    if (!current || only) {
      const base = only ?? { _id: productId, sku: '', options: {}, price: 0, discount: 0, stock: 0, images: [] };
      if (current && stock !== undefined) {
        if (input.expectedUpdatedAt === undefined) throw badRequest(EXPECTED_UPDATED_AT_REQUIRED);
        if (current.updatedAt !== new Date(input.expectedUpdatedAt).toISOString()) throw conflict(PRODUCT_CHANGED);
      }
      targets.push({
        variant: {
          _id: base._id,
          sku: sku || base.sku || generatedSku(base._id),
          options: base.options,
          price: price ?? base.price,
          discount: discount ?? base.discount,
          imageHashes: storedHashes.get(base._id) ?? [],
          ...(base.weightGrams !== undefined ? { weightGrams: base.weightGrams } : {}),
          ...(base.dimensionsCm ? { dimensionsCm: base.dimensionsCm } : {}),
          ...(base.capacityLitres !== undefined ? { capacityLitres: base.capacityLitres } : {}),
          ...(base.declarations ? { declarations: base.declarations } : {}),
        },
        // A product stored before variants moves its stock to its variant's document now.
        stock: current && !input.legacy ? stock : (stock ?? base.stock),
        isNew: !only || input.legacy,
      });
    }
  } else {
    const byId = new Map(existing.map((v) => [v._id, v]));
    const freshIds = options.length === 0 && !current ? [productId] : [];
    for (const v of input.variants.variants) {
      const old = v._id !== undefined ? byId.get(v._id) : undefined;
      if (v._id !== undefined && !old && current) throw badRequest(`Variant ${v._id} is not a variant of this product`);
      const id = old?._id ?? freshIds.shift() ?? variantStockDocs().doc().id;
      if (old && v.stock !== undefined) {
        if (input.expectedUpdatedAt === undefined) throw badRequest(EXPECTED_UPDATED_AT_REQUIRED);
        const changedAt = stockUpdatedAt.get(old._id) ?? '';
        if (changedAt !== '' && changedAt > new Date(input.expectedUpdatedAt).toISOString()) {
          throw conflict(`The stock of ${old.sku} changed since you opened it`);
        }
      }
      targets.push({
        variant: stripUndefined({
          _id: id,
          sku: v.sku || old?.sku || generatedSku(id),
          options: v.options,
          price: v.price,
          discount: v.discount,
          imageHashes: pictureHashes(v, gallery, storedHashes.get(id) ?? []),
          weightGrams: v.weightGrams ?? old?.weightGrams,
          dimensionsCm: v.dimensionsCm ?? old?.dimensionsCm,
          capacityLitres: v.capacityLitres ?? old?.capacityLitres,
          // Legal Metrology overrides (docs/legal-metrology.md): sent replaces (`{}` clears), left out keeps.
          declarations: v.declarations ? (Object.keys(v.declarations).length > 0 ? v.declarations : undefined) : old?.declarations,
        }) as Target['variant'],
        stock: old && !input.legacy ? v.stock : (v.stock ?? old?.stock ?? 0),
        isNew: !old || input.legacy,
      });
    }
  }

  // Variants no longer listed: not while an open order holds them.
  const kept = new Set(targets.map((t) => t.variant._id));
  const removed = existing.filter((v) => !kept.has(v._id));
  if (removed.length > 0) {
    const open = await tx.get(db.collection('orders').where('status', 'not-in', SETTLED));
    for (const v of removed) {
      const holding = open.docs.filter((d) => {
        const items = (d.get('items') ?? []) as { _id?: unknown; variantId?: unknown; product?: { _id?: unknown } }[];
        return items.some((i) => (i.variantId ?? i.product?._id ?? i._id) === v._id);
      }).length;
      if (holding > 0) {
        throw conflict(`${v.sku} cannot be removed: ${holding === 1 ? '1 open order holds it' : `${holding} open orders hold it`}`);
      }
    }
  }

  // SKUs: each claimed by one variant in the whole shop.
  const skus = targets.map((t) => t.variant.sku);
  const owners = await tx.getAll(...skus.map((s) => skuDocs().doc(s)));
  const ownIds = new Set([...existing.map((v) => v._id), ...targets.map((t) => t.variant._id)]);
  for (const owner of owners) {
    if (!owner.exists) continue;
    const ownerProduct = String(owner.get('productId') ?? '');
    const ownerVariant = String(owner.get('variantId') ?? '');
    if (ownerProduct === productId && ownIds.has(ownerVariant)) continue;
    const other = ownerProduct ? await tx.get(db.collection('products').doc(ownerProduct)) : null;
    if (!other?.exists) continue; // a claim left by a deleted product
    throw conflict(skuTakenMessage(owner.id, String(other.get('name') ?? 'another product')));
  }
  const oldSkus = existing.map((v) => v.sku).filter((s) => !skus.includes(s));

  const from = fromVariant(targets.map((t) => t.variant)) ?? { price: 0, discount: 0 };
  return {
    fields: {
      options,
      variants: targets.map((t) => ({ ...t.variant })),
      price: from.price,
      discount: from.discount,
      stock: FieldValue.delete(),
    },
    apply(tx, id, now) {
      for (const t of targets) {
        const ref = stockRef(t.variant._id);
        if (t.isNew) {
          tx.set(ref, { productId: id, sku: t.variant.sku, stock: t.stock ?? 0, updatedAt: now });
        } else if (t.stock !== undefined) {
          tx.set(ref, { productId: id, sku: t.variant.sku, stock: t.stock, updatedAt: now }, { merge: true });
        } else {
          tx.set(ref, { productId: id, sku: t.variant.sku }, { merge: true });
        }
        tx.set(skuDocs().doc(t.variant.sku), { productId: id, variantId: t.variant._id });
      }
      for (const v of removed) tx.delete(stockRef(v._id));
      for (const sku of oldSkus) tx.delete(skuDocs().doc(sku));
    },
  };
}
