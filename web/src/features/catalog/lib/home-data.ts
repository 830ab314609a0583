import {
  CATEGORIES,
  LOW_STOCK_THRESHOLD,
  shippingWording,
  type Category,
  type ExpressPolicy,
  type Product,
  type ShippingWording,
} from '@bagshop/domain';
import { CAROUSEL_PRODUCTS } from './carousel';

/**
 * What the home page's sections show (docs/spec.md §2 Home), cut from the product list on the
 * server so the page's data in the HTML holds 8 slides and 3 covers, not every product.
 */
export interface HomeData {
  /** The 'Explore All' card's count: every product. */
  count: number;
  /** The carousel's slides: the first 8 luggage products. */
  slides: Product[];
  /** Each category's first product, to picture its card. */
  covers: Partial<Record<Category, Product>>;
  /** 'Limited stock' only while a trolley really is down to its last few. */
  limited: boolean;
  /** The list could not be read: the carousel shows nothing (docs/spec.md §2). */
  failed: boolean;
  /** The delivery claims, generated from the shipping settings (issue 40). */
  shipping: ShippingWording;
}

/**
 * The wording for the settings; while they cannot be read, only what is always true: standard
 * shipping is free, and no express claim.
 */
export function homeShipping(express: ExpressPolicy | null): ShippingWording {
  if (!express)
    return {
      freeTitle: 'Free standard shipping',
      freeText: 'Free standard shipping on all orders, no minimum.',
      expressTitle: null,
      expressText: null,
    };
  return shippingWording(express);
}

export function homeData(products: Product[] | null, express: ExpressPolicy | null = null): HomeData {
  const shipping = homeShipping(express);
  if (!products) return { count: 0, slides: [], covers: {}, limited: false, failed: true, shipping };
  const luggage = products.filter((p) => p.category === 'luggage');
  const covers: Partial<Record<Category, Product>> = {};
  for (const c of CATEGORIES) {
    const cover = products.find((p) => p.category === c);
    if (cover) covers[c] = cover;
  }
  return {
    count: products.length,
    slides: luggage.slice(0, CAROUSEL_PRODUCTS),
    covers,
    limited: luggage.some((p) => p.stock > 0 && p.stock <= LOW_STOCK_THRESHOLD),
    failed: false,
    shipping,
  };
}
