// A product page's tags and JSON-LD (docs/search-and-seo.md). Apart from seo.ts so that pages
// without a product (the home page) do not download the product's rules with their tags.
import { CATEGORY_LABELS, type Category } from './categories.js';
import { discountPercent, formatINR, salePrice } from './money.js';
import type { Product } from './types.js';
import { reviewsJsonLd } from './reviews/seo.js';
import type { PublicReview } from './reviews/types.js';
import {
  COLOUR_OPTION,
  nameWithVariant,
  optionValueLabel,
  SIZE_OPTION,
  variantImages,
  variantLabel,
  variantValue,
  type ProductVariant,
} from './variants.js';
import { effectiveDeclarations } from './declarations.js';
import { clip, OG_IMAGE_SIZE, priceAmount, SITE_NAME, STATIC_PAGES, type PageMeta } from './seo.js';

const STORED_IMAGE = /^\/api\/images\/([0-9a-f]{64})$/;

/**
 * A JPEG address for a product picture (link previews do not show WebP): the stored
 * image's `.jpg` variant, or the picture as it is when it is already a JPEG or PNG.
 */
export function shareImageUrl(url: string, origin: string): string | null {
  if (STORED_IMAGE.test(url)) return `${origin}${url}.jpg`;
  if (/\.(jpe?g|png)(\?|$)/i.test(url)) return /^https?:\/\//.test(url) ? url : `${origin}${url.startsWith('/') ? '' : '/'}${url}`;
  return null;
}

export const productPath = (id: string) => `/product/${encodeURIComponent(id)}`;

/** 'Sale price (n % off list price) · Category' — the start of a product's description. */
export function productPriceLine(product: Pick<Product, 'price' | 'discount' | 'category'>): string {
  const sale = salePrice(product.price, product.discount);
  const off = product.discount > 0 ? ` (${discountPercent(product.price, product.discount)}% off ${formatINR(product.price)})` : '';
  return `${formatINR(sale)}${off} · ${CATEGORY_LABELS[product.category as Category] ?? 'Bags'}`;
}

/** schema.org's names for the options a ProductGroup varies by. */
const VARIES_BY: Record<string, string> = { [SIZE_OPTION]: 'https://schema.org/size', [COLOUR_OPTION]: 'https://schema.org/color' };

/**
 * The page's view of a product: with `?variant=<id>` of one of its variants, that variant's price,
 * stock and pictures (docs/variants.md); else the product ("from" price, total stock).
 */
export function productView(product: Product, variantId?: string | null): Product {
  const v = variantId ? product.variants?.find((x) => x._id === variantId) : undefined;
  if (!v || (product.options ?? []).length === 0) return product;
  const images = variantImages(v, product.images);
  return { ...product, price: v.price, discount: v.discount, stock: v.stock, images, image: images[0] ?? product.image };
}

/** `reviews`: the published reviews for the rating markup (reviews/seo.ts), most helpful first. */
export function productMeta(
  product: Product,
  origin: string,
  sellerName: string,
  variantId?: string | null,
  reviews: readonly PublicReview[] = [],
): PageMeta {
  const group = (product.options ?? []).length > 0 && (product.variants ?? []).length > 0 ? product : null;
  const base = product;
  product = productView(product, variantId);
  const canonical = `${origin}${productPath(product._id)}`;
  const images = product.images.length ? product.images : product.image.url ? [product.image] : [];
  const shared = images.map((img) => shareImageUrl(img.url, origin)).filter((u): u is string => u !== null);
  const sale = salePrice(product.price, product.discount);
  const stock = product.stock > 0 ? 'In stock' : 'Out of stock';
  const description = clip(`${productPriceLine(product)} · ${stock}. ${product.description}`, 200);
  const category = CATEGORY_LABELS[product.category as Category] ?? 'Bags';
  return {
    title: `${product.name} · ${SITE_NAME}`,
    shareTitle: product.name,
    description,
    canonical,
    image: shared[0] ?? `${origin}${STATIC_PAGES[0].image}`,
    imageAlt: product.name,
    ...(shared.length ? {} : { imageSize: OG_IMAGE_SIZE }),
    type: 'product',
    price: sale,
    jsonLd: [
      group
        ? { ...productGroupLd(base, canonical, category, shared, sellerName, origin), ...reviewsJsonLd(base.rating, reviews) }
        : {
            '@context': 'https://schema.org',
            '@type': 'Product',
            '@id': `${canonical}#product`,
            name: product.name,
            description: clip(product.description || product.name, 5000),
            sku: product._id,
            category,
            url: canonical,
            image: shared,
            brand: { '@type': 'Brand', name: SITE_NAME },
            ...legalMetrologyLd(product, product.variants?.[0]),
            offers: {
              '@type': 'Offer',
              url: canonical,
              priceCurrency: 'INR',
              price: priceAmount(sale),
              availability: product.stock > 0 ? 'https://schema.org/InStock' : 'https://schema.org/OutOfStock',
              itemCondition: 'https://schema.org/NewCondition',
              seller: { '@type': 'Organization', name: sellerName },
            },
            ...reviewsJsonLd(product.rating, reviews),
          },
      {
        '@context': 'https://schema.org',
        '@type': 'BreadcrumbList',
        itemListElement: [
          { '@type': 'ListItem', position: 1, name: 'Home', item: `${origin}/` },
          { '@type': 'ListItem', position: 2, name: category, item: `${origin}/${product.category}` },
          { '@type': 'ListItem', position: 3, name: product.name, item: canonical },
        ],
      },
    ],
  };
}

/** A product with variants as a schema.org ProductGroup: `variesBy` and one `Product` per variant (sku, offer, colour, size). */
function productGroupLd(
  product: Product,
  canonical: string,
  category: string,
  shared: string[],
  sellerName: string,
  origin: string,
): Record<string, unknown> {
  const options = product.options ?? [];
  return {
    '@context': 'https://schema.org',
    '@type': 'ProductGroup',
    '@id': `${canonical}#product`,
    productGroupID: product._id,
    name: product.name,
    description: clip(product.description || product.name, 5000),
    category,
    url: canonical,
    image: shared,
    brand: { '@type': 'Brand', name: SITE_NAME },
    ...legalMetrologyLd(product),
    variesBy: options.map((o) => VARIES_BY[o.name] ?? o.name),
    hasVariant: (product.variants ?? []).map((v) => {
      const url = `${canonical}?variant=${encodeURIComponent(v._id)}`;
      const colour = variantValue(v, COLOUR_OPTION);
      const size = variantValue(v, SIZE_OPTION);
      const images = variantImages(v, product.images)
        .map((img) => shareImageUrl(img.url, origin))
        .filter((u): u is string => u !== null);
      return {
        '@type': 'Product',
        sku: v.sku,
        name: nameWithVariant(product.name, variantLabel(options, v)),
        url,
        image: images,
        ...(colour ? { color: colour } : {}),
        ...(size ? { size: optionValueLabel(SIZE_OPTION, size, v) } : {}),
        ...legalMetrologyLd(product, v),
        offers: {
          '@type': 'Offer',
          url,
          priceCurrency: 'INR',
          price: priceAmount(salePrice(v.price, v.discount)),
          availability: v.stock > 0 ? 'https://schema.org/InStock' : 'https://schema.org/OutOfStock',
          itemCondition: 'https://schema.org/NewCondition',
          seller: { '@type': 'Organization', name: sellerName },
        },
      };
    }),
  };
}

const centimetres = (value: number) => ({ '@type': 'QuantitativeValue', value, unitCode: 'CMT' });

/**
 * The Legal Metrology declarations schema.org can say (docs/legal-metrology.md): country of
 * origin, L × B × H as depth × width × height, the manufacturer with its address; a variant's
 * own declarations over the product's.
 */
export function legalMetrologyLd(product: Product, variant?: ProductVariant): Record<string, unknown> {
  const d = effectiveDeclarations(product, variant);
  return {
    countryOfOrigin: { '@type': 'Country', name: d.countryOfOrigin },
    ...(d.dimensionsCm
      ? { depth: centimetres(d.dimensionsCm.l), width: centimetres(d.dimensionsCm.b), height: centimetres(d.dimensionsCm.h) }
      : {}),
    ...(d.manufacturer ? { manufacturer: { '@type': 'Organization', name: d.manufacturer.name, address: d.manufacturer.address } } : {}),
  };
}
