/** `products/{id}` (docs/architecture.md, "Data model"). */
import { productWarrantyYearsOf } from './warranty.js';
import { CATEGORIES } from '../categories.js';
import { productImagesOf } from '../gallery.js';
import { DEFAULT_GST_RATE, DEFAULT_HSN, isGstRate, type GstRate } from '../gst.js';
import { DEFAULT_COUNTRY_OF_ORIGIN } from '../schemas/products.js';
import { ratingFromData } from '../reviews/rating.js';
import type { Product, ProductImage } from '../types.js';
import { fromVariant, generatedSku, totalStock, type ProductOption, type ProductVariant, type VariantDimensions } from '../variants.js';
import { declarationsFromData, dimensionsLbhFromData, publishedFromData } from './declarations.js';
import { Fields } from './plain.js';
import type { VariantStock } from './variant-stock.js';

/**
 * A stored product as the API's Product. Defaults for older documents: category 'luggage',
 * country of origin India (also for an empty one), HSN 4202 and GST 18 % (docs/gst-invoices.md),
 * the single `image` as the gallery, dates '' when absent.
 */
export function productFromData(id: string, data: unknown, stocks?: ReadonlyMap<string, VariantStock>): Product {
  const d = Fields.of(data, `products/${id}`);
  const images = productImagesOf(d.data);
  const options = d.list('options', optionOf);
  const variants = storesVariants(d.data)
    ? d.list('variants', (value, path) => variantOf(value, path, images, stocks))
    : [legacyVariant(id, d, stocks)];
  const from = fromVariant(variants);
  let updatedAt = d.date('updatedAt');
  for (const v of variants) {
    const at = stocks?.get(v._id)?.updatedAt ?? '';
    if (at > updatedAt) updatedAt = at;
  }
  return {
    _id: id,
    name: d.text('name'),
    description: d.text('description'),
    price: from?.price ?? d.number('price'),
    discount: from?.discount ?? d.number('discount'),
    category: d.oneOf('category', CATEGORIES, 'luggage'),
    stock: totalStock(variants),
    countryOfOrigin: d.text('countryOfOrigin') || DEFAULT_COUNTRY_OF_ORIGIN,
    ...(d.raw('returnable') === false ? { returnable: false as const, nonReturnableReason: d.text('nonReturnableReason') } : {}),
    ...(productWarrantyYearsOf(d.raw('warrantyYears')) !== null
      ? { warrantyYears: productWarrantyYearsOf(d.raw('warrantyYears')) as number | 'lifetime' }
      : {}),
    image: images[0] ?? { url: '', hash: '' },
    images,
    ...productTaxFields(d),
    rating: ratingFromData(d.raw('rating')),
    options,
    variants,
    ...declarationFields(d),
    published: publishedFromData(d),
    createdAt: d.date('createdAt'),
    updatedAt,
  };
}

/**
 * True for a product stored with its `variants` list (its stock in `variantStock`); false for
 * one stored before variants existed, whose `stock` is still a field of the product document
 * until the migration (scripts/migrate-variants.ts) moves it.
 */
export function storesVariants(data: unknown): boolean {
  return typeof data === 'object' && data !== null && Array.isArray((data as { variants?: unknown }).variants);
}

/** The one variant of a product stored before variants: the product's id, price and stock. */
function legacyVariant(id: string, d: Fields, stocks?: ReadonlyMap<string, VariantStock>): ProductVariant {
  return {
    _id: id,
    sku: generatedSku(id),
    options: {},
    price: d.number('price'),
    discount: d.number('discount'),
    stock: stocks?.get(id)?.stock ?? d.number('stock'),
    images: [],
  };
}

function optionOf(value: unknown, path: string): ProductOption {
  const o = Fields.of(value, path);
  return { name: o.text('name'), values: o.textList('values') };
}

function variantOf(
  value: unknown,
  path: string,
  gallery: readonly ProductImage[],
  stocks?: ReadonlyMap<string, VariantStock>,
): ProductVariant {
  const v = Fields.of(value, path);
  const id = v.text('_id');
  const options = v.object('options');
  const hashes = new Set(v.textList('imageHashes'));
  const variant: ProductVariant = {
    _id: id,
    sku: v.text('sku'),
    options: Object.fromEntries(Object.keys(options.data).map((k) => [k, options.text(k)])),
    price: v.number('price'),
    discount: v.number('discount'),
    stock: stocks?.get(id)?.stock ?? 0,
    images: gallery.filter((image) => hashes.has(image.hash)),
  };
  if (v.has('weightGrams')) variant.weightGrams = v.number('weightGrams');
  if (v.has('capacityLitres')) variant.capacityLitres = v.number('capacityLitres');
  const dims = v.objectOrNull('dimensionsCm');
  if (dims) variant.dimensionsCm = dimensionsOf(dims);
  const declarations = declarationsFromData(v);
  if (declarations) variant.declarations = declarations;
  return variant;
}

const dimensionsOf = (d: Fields): VariantDimensions => ({
  length: d.number('length'),
  width: d.number('width'),
  height: d.number('height'),
});

function declarationFields(d: Fields): Pick<Product, 'declarations' | 'dimensionsCm'> {
  const declarations = declarationsFromData(d);
  const dimensionsCm = dimensionsLbhFromData(d);
  return { ...(declarations ? { declarations } : {}), ...(dimensionsCm ? { dimensionsCm } : {}) };
}

/** A product's (or an order line's) HSN code and GST rate; documents from before they existed get the defaults. */
export function productTaxFields(d: Fields): { hsn: string; gstRatePercent: GstRate } {
  return {
    hsn: d.text('hsn') || DEFAULT_HSN,
    gstRatePercent: gstRateOr(d.number('gstRatePercent', DEFAULT_GST_RATE)),
  };
}

/** A number that is not one of India's GST rates (a slip in an older document) reads as the default. */
const gstRateOr = (rate: number): GstRate => (isGstRate(rate) ? rate : DEFAULT_GST_RATE);
