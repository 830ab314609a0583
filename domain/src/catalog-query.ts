/**
 * Filters and sort of a product list (docs/search-and-seo.md): the query parameters of
 * GET /api/products, /api/products/category/{category} and /api/products/search, and the
 * URL query of the category and search pages. Plain functions without zod, so the pages
 * that use them do not pay for it.
 */
import { discountPercent, salePrice } from './money.js';

/**
 * LIMITS.priceMax of schemas/common.ts (catalog-query.test.ts checks they agree), written out
 * so the list pages do not load that module, and zod with it (~24 KB gz).
 */
export const LIST_PRICE_MAX = 1_000_000;

export const PRODUCT_SORTS = ['featured', 'price_asc', 'price_desc', 'discount', 'newest', 'rating', 'origin'] as const;
export type ProductSort = (typeof PRODUCT_SORTS)[number];

export const SORT_LABELS: Record<ProductSort, string> = {
  featured: 'Featured',
  price_asc: 'Price: low to high',
  price_desc: 'Price: high to low',
  discount: 'Biggest discount',
  newest: 'Newest',
  rating: 'Top rated',
  origin: 'Country of origin: A–Z',
};

export interface ProductListQuery {
  /** Lowest sale price, whole rupees. */
  minPrice?: number;
  /** Highest sale price, whole rupees. */
  maxPrice?: number;
  /** Smallest discount, whole percent of the price. */
  minDiscountPercent?: number;
  inStock: boolean;
  /** Countries of origin asked for, lower case (`origin=China,India`; docs/legal-metrology.md). */
  origin?: string[];
  sort: ProductSort;
}

export const DEFAULT_LIST_QUERY: ProductListQuery = { inStock: false, sort: 'featured' };

/** The URL/query parameter names, in the order they are written into a URL. */
export const LIST_QUERY_PARAMS = ['minPrice', 'maxPrice', 'minDiscountPercent', 'inStock', 'origin', 'sort'] as const;
export type ListQueryParam = (typeof LIST_QUERY_PARAMS)[number];

export const LIST_QUERY_MESSAGES = {
  minPrice: 'minPrice must be a whole number of rupees from 0 to 10,00,000',
  maxPrice: 'maxPrice must be a whole number of rupees from 0 to 10,00,000',
  minDiscountPercent: 'minDiscountPercent must be a whole number from 0 to 100',
  inStock: 'inStock must be true or false',
  origin: 'origin must be one or more countries separated by commas',
  sort: `sort must be one of ${PRODUCT_SORTS.join(', ')}`,
  range: 'minPrice cannot be more than maxPrice',
  repeated: 'Each filter may be given once',
} as const;

export type ListQueryResult = { ok: true; query: ProductListQuery } | { ok: false; field: ListQueryParam; message: string };

/** A raw query value: express gives strings, repeated parameters as arrays. */
type Raw = unknown;

function wholeNumber(raw: string, max: number): number | null {
  const text = raw.trim();
  if (!/^\d{1,7}$/.test(text)) return null;
  const n = Number(text);
  return n <= max ? n : null;
}

/**
 * Reads the filter and sort parameters. Absent or blank parameters take their defaults;
 * anything else that is not a valid value is refused with a message naming the parameter.
 * Other parameters are ignored.
 */
export function parseListQuery(params: Record<string, Raw>): ListQueryResult {
  const query: ProductListQuery = { ...DEFAULT_LIST_QUERY };
  for (const name of LIST_QUERY_PARAMS) {
    const raw = params[name];
    if (raw === undefined || raw === null) continue;
    if (typeof raw !== 'string')
      return { ok: false, field: name, message: Array.isArray(raw) ? LIST_QUERY_MESSAGES.repeated : LIST_QUERY_MESSAGES[name] };
    if (raw.trim() === '') continue;
    const fail = { ok: false as const, field: name, message: LIST_QUERY_MESSAGES[name] };
    switch (name) {
      case 'minPrice':
      case 'maxPrice': {
        const n = wholeNumber(raw, LIST_PRICE_MAX);
        if (n === null) return fail;
        query[name] = n;
        break;
      }
      case 'minDiscountPercent': {
        const n = wholeNumber(raw, 100);
        if (n === null) return fail;
        query.minDiscountPercent = n;
        break;
      }
      case 'inStock': {
        const v = raw.trim().toLowerCase();
        if (v === 'true' || v === '1') query.inStock = true;
        else if (v === 'false' || v === '0') query.inStock = false;
        else return fail;
        break;
      }
      case 'origin': {
        if (raw.length > 400) return fail;
        const values = [
          ...new Set(
            raw
              .split(',')
              .map((v) => v.trim().toLowerCase())
              .filter((v) => v !== ''),
          ),
        ];
        if (values.length > 0) query.origin = values;
        break;
      }
      case 'sort': {
        const v = raw.trim();
        if (!(PRODUCT_SORTS as readonly string[]).includes(v)) return fail;
        query.sort = v as ProductSort;
        break;
      }
    }
  }
  if (query.minPrice !== undefined && query.maxPrice !== undefined && query.minPrice > query.maxPrice) {
    return { ok: false, field: 'minPrice', message: LIST_QUERY_MESSAGES.range };
  }
  return { ok: true, query };
}

/**
 * The same parameters read leniently, for a page's URL: a bad value is dropped (the page
 * shows the unfiltered list) rather than refused; a reversed price range is swapped.
 */
export function readListQuery(params: { get(name: string): string | null }): ProductListQuery {
  const query: ProductListQuery = { ...DEFAULT_LIST_QUERY };
  for (const name of LIST_QUERY_PARAMS) {
    const value = params.get(name);
    if (value === null) continue;
    const one = parseListQuery({ [name]: value });
    if (one.ok) Object.assign(query, pick(one.query, name));
  }
  if (query.minPrice !== undefined && query.maxPrice !== undefined && query.minPrice > query.maxPrice) {
    [query.minPrice, query.maxPrice] = [query.maxPrice, query.minPrice];
  }
  return query;
}

function pick(query: ProductListQuery, name: ListQueryParam): Partial<ProductListQuery> {
  return { [name]: query[name] };
}

/** The parameters that differ from the defaults, for a URL (`featured` and `inStock=false` are left out). */
export function listQueryParams(query: ProductListQuery): [ListQueryParam, string][] {
  const out: [ListQueryParam, string][] = [];
  if (query.minPrice !== undefined) out.push(['minPrice', String(query.minPrice)]);
  if (query.maxPrice !== undefined) out.push(['maxPrice', String(query.maxPrice)]);
  if (query.minDiscountPercent !== undefined && query.minDiscountPercent > 0)
    out.push(['minDiscountPercent', String(query.minDiscountPercent)]);
  if (query.inStock) out.push(['inStock', 'true']);
  if (query.origin?.length) out.push(['origin', query.origin.join(',')]);
  if (query.sort !== 'featured') out.push(['sort', query.sort]);
  return out;
}

/** True when any filter narrows the list (the sort alone is not a filter). */
export function hasFilters(query: ProductListQuery): boolean {
  return (
    query.minPrice !== undefined ||
    query.maxPrice !== undefined ||
    (query.minDiscountPercent ?? 0) > 0 ||
    query.inStock ||
    (query.origin?.length ?? 0) > 0
  );
}

/** What a list needs of a product to be filtered and sorted. */
export interface ListedProduct {
  price: number;
  discount: number;
  stock: number;
  createdAt: string;
  /** Published reviews (docs/reviews.md); none when absent. */
  rating?: { average: number; count: number };
  /** Where it was made (the origin filter and sort; docs/legal-metrology.md). */
  countryOfOrigin?: string;
}

const createdMs = (p: ListedProduct) => {
  const t = Date.parse(p.createdAt);
  return Number.isNaN(t) ? 0 : t;
};

/** Discount as an exact fraction, so 33.4 % sorts above 33.2 % (both show as 33 %). */
const discountFraction = (p: ListedProduct) => (p.price > 0 ? p.discount / p.price : 0);

/**
 * Filters and sorts `products`, which arrive in their own order: newest first for the
 * catalog lists, best match first for search. `featured` is that order, with sold-out bags
 * moved to the end of a catalog list (`soldOutLast`; search keeps its ranking). Ties in every
 * other sort keep the incoming order too (the sort is stable).
 */
export function applyListQuery<T extends ListedProduct>(
  products: readonly T[],
  query: ProductListQuery,
  { soldOutLast = true }: { soldOutLast?: boolean } = {},
): T[] {
  const kept = products.filter((p) => {
    const sale = salePrice(p.price, p.discount);
    if (query.minPrice !== undefined && sale < query.minPrice) return false;
    if (query.maxPrice !== undefined && sale > query.maxPrice) return false;
    if (query.minDiscountPercent !== undefined && discountPercent(p.price, p.discount) < query.minDiscountPercent) return false;
    if (query.inStock && p.stock <= 0) return false;
    if (query.origin?.length && !query.origin.includes((p.countryOfOrigin ?? '').trim().toLowerCase())) return false;
    return true;
  });
  const by = (key: (p: T) => number, direction: 1 | -1) => (a: T, b: T) => direction * (key(a) - key(b));
  switch (query.sort) {
    case 'featured':
      return soldOutLast ? kept.sort(by((p) => (p.stock > 0 ? 0 : 1), 1)) : kept;
    case 'price_asc':
      return kept.sort(by((p) => salePrice(p.price, p.discount), 1));
    case 'price_desc':
      return kept.sort(by((p) => salePrice(p.price, p.discount), -1));
    case 'discount':
      return kept.sort(by(discountFraction, -1));
    case 'newest':
      return kept.sort(by(createdMs, -1));
    case 'rating':
      // Top rated: the average, then how many reviews it rests on.
      return kept.sort((a, b) => (b.rating?.average ?? 0) - (a.rating?.average ?? 0) || (b.rating?.count ?? 0) - (a.rating?.count ?? 0));
    case 'origin':
      // A–Z by country; the incoming order within one country.
      return kept.sort((a, b) => originKey(a).localeCompare(originKey(b), 'en'));
  }
}

const originKey = (p: ListedProduct) => (p.countryOfOrigin ?? '').trim();

/**
 * The countries of origin of a list with how many products each, counted after every other
 * filter but the origin itself (like the colour and size facets), A–Z.
 */
export function originFacet(products: readonly ListedProduct[], query: ProductListQuery): { value: string; count: number }[] {
  const counts = new Map<string, { value: string; count: number }>();
  for (const p of applyListQuery(products, { ...query, origin: undefined, sort: 'featured' })) {
    const value = originKey(p);
    if (!value) continue;
    const entry = counts.get(value.toLowerCase()) ?? { value, count: 0 };
    entry.count += 1;
    counts.set(value.toLowerCase(), entry);
  }
  return [...counts.values()].sort((a, b) => a.value.localeCompare(b.value, 'en'));
}

/** '1 bag' / '12 bags'. */
export function bagCountLabel(n: number): string {
  return n === 1 ? '1 bag' : `${n} bags`;
}

/** 'China' / 'China, India': the countries asked for as the products spell them (for a title). */
export function originLabel(origins: readonly string[], products: readonly ListedProduct[]): string {
  const spelled = new Map(products.map((p) => [originKey(p).toLowerCase(), originKey(p)]));
  return origins.map((o) => spelled.get(o) ?? o.charAt(0).toUpperCase() + o.slice(1)).join(', ');
}

/** A list page's title with its origin filter: 'Luggage Bags · Made in China · Bagshop'. */
export function titleWithOrigin(title: string, origins: readonly string[] | undefined, products: readonly ListedProduct[]): string {
  if (!origins?.length) return title;
  const made = `Made in ${originLabel(origins, products)}`;
  return / · Bagshop$/.test(title) ? title.replace(/ · Bagshop$/, ` · ${made} · Bagshop`) : `${title} · ${made}`;
}
