/** `products/{id}` (docs/architecture.md, "Data model"). */
import { CATEGORIES } from '../categories.js';
import { productImagesOf } from '../gallery.js';
import { DEFAULT_GST_RATE, DEFAULT_HSN, isGstRate, type GstRate } from '../gst.js';
import { DEFAULT_COUNTRY_OF_ORIGIN } from '../schemas/products.js';
import { ratingFromData } from '../reviews/rating.js';
import type { Product } from '../types.js';
import { Fields } from './plain.js';

/**
 * A stored product as the API's Product. Defaults for older documents: category 'luggage',
 * country of origin India (also for an empty one), HSN 4202 and GST 18 % (docs/gst-invoices.md),
 * the single `image` as the gallery, dates '' when absent.
 */
export function productFromData(id: string, data: unknown): Product {
  const d = Fields.of(data, `products/${id}`);
  const images = productImagesOf(d.data);
  return {
    _id: id,
    name: d.text('name'),
    description: d.text('description'),
    price: d.number('price'),
    discount: d.number('discount'),
    category: d.oneOf('category', CATEGORIES, 'luggage'),
    stock: d.number('stock'),
    countryOfOrigin: d.text('countryOfOrigin') || DEFAULT_COUNTRY_OF_ORIGIN,
    image: images[0] ?? { url: '', hash: '' },
    images,
    ...productTaxFields(d),
    rating: ratingFromData(d.raw('rating')),
    createdAt: d.date('createdAt'),
    updatedAt: d.date('updatedAt'),
  };
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
