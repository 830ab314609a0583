/**
 * Colour and size filters and their facet counts (docs/variants.md, "Search and filters"):
 * `colour=` and `size=` on GET /api/products, the category and search lists, case-insensitive,
 * comma-separated for several. A product matches when one of its variants has one of the
 * colours and one of the sizes asked for; price filters and sorts then use the cheapest
 * matching variant. Plain functions without zod, like catalog-query.ts.
 */
import { applyListQuery, originFacet, type ListedProduct, type ProductListQuery } from './catalog-query.js';
import { salePrice } from './money.js';
import { COLOUR_OPTION, SIZE_OPTION, variantValue, type ProductVariant } from './variants.js';

export const OPTION_FILTERS = ['colour', 'size'] as const;
export type OptionFilter = (typeof OPTION_FILTERS)[number];
const OPTION_NAME: Record<OptionFilter, string> = { colour: COLOUR_OPTION, size: SIZE_OPTION };

/** The values asked for, lower case; absent when not filtered. */
export type OptionFilters = Partial<Record<OptionFilter, string[]>>;

export interface FacetCount {
  value: string;
  count: number;
}
/** Colour and size from the variants; origin, the products' countries of origin (docs/legal-metrology.md). */
export type Facets = Record<OptionFilter | 'origin', FacetCount[]>;

export const OPTION_FILTER_MESSAGE = (name: OptionFilter) => `${name} must be one or more values separated by commas`;

/** Reads `colour` and `size`: 'Navy,graphite' → ['navy', 'graphite']; a repeated or over-long parameter is refused. */
export function parseOptionFilters(
  params: Record<string, unknown>,
): { ok: true; filters: OptionFilters } | { ok: false; field: OptionFilter; message: string } {
  const filters: OptionFilters = {};
  for (const name of OPTION_FILTERS) {
    const raw = params[name];
    if (raw === undefined || raw === null) continue;
    if (typeof raw !== 'string' || raw.length > 400) return { ok: false, field: name, message: OPTION_FILTER_MESSAGE(name) };
    const values = raw
      .split(',')
      .map((v) => v.trim().toLowerCase())
      .filter((v) => v !== '');
    if (values.length > 0) filters[name] = [...new Set(values)];
  }
  return { ok: true, filters };
}

type WithVariants = ListedProduct & { variants?: Pick<ProductVariant, 'options' | 'price' | 'discount' | 'stock'>[] };

function matches(v: Pick<ProductVariant, 'options'>, filters: OptionFilters, skip?: OptionFilter): boolean {
  for (const name of OPTION_FILTERS) {
    const wanted = filters[name];
    if (!wanted || name === skip) continue;
    const value = variantValue(v, OPTION_NAME[name])?.toLowerCase();
    if (value === undefined || !wanted.includes(value)) return false;
  }
  return true;
}

const filtering = (filters: OptionFilters) => OPTION_FILTERS.some((n) => filters[n]?.length);

/**
 * The products with a variant that matches, each seen through its cheapest matching variant
 * (price, discount; stock of the matching ones), then `applyListQuery`'s filters and sort.
 * Without colour or size filters, `applyListQuery` alone.
 */
export function applyOptionFilters<T extends WithVariants>(
  products: readonly T[],
  query: ProductListQuery,
  filters: OptionFilters,
  options?: { soldOutLast?: boolean },
): T[] {
  if (!filtering(filters)) return applyListQuery(products, query, options);
  const seen: T[] = [];
  for (const p of products) {
    const hits = (p.variants ?? []).filter((v) => matches(v, filters));
    if (hits.length === 0) continue;
    const best = hits.reduce((a, b) => (salePrice(b.price, b.discount) < salePrice(a.price, a.discount) ? b : a));
    seen.push({ ...p, price: best.price, discount: best.discount, stock: hits.reduce((s, v) => s + Math.max(0, v.stock), 0) });
  }
  return applyListQuery(seen, query, options);
}

/**
 * The colours and sizes of a list with how many products have each, counted after every other
 * filter (a facet does not narrow its own counts), values in the order first met.
 */
export function optionFacets<T extends WithVariants>(products: readonly T[], query: ProductListQuery, filters: OptionFilters): Facets {
  const facets: Facets = { colour: [], size: [], origin: [] };
  for (const name of OPTION_FILTERS) {
    const listed = applyOptionFilters(products, { ...query, sort: 'featured' }, { ...filters, [name]: undefined });
    const counts = new Map<string, { value: string; count: number }>();
    for (const p of listed) {
      const values = new Set<string>();
      for (const v of p.variants ?? []) {
        if (!matches(v, filters, name)) continue;
        const value = variantValue(v, OPTION_NAME[name]);
        if (value !== undefined) values.add(value);
      }
      for (const value of values) {
        const key = value.toLowerCase();
        const entry = counts.get(key) ?? { value, count: 0 };
        entry.count += 1;
        counts.set(key, entry);
      }
    }
    facets[name] = [...counts.values()];
  }
  // Origin: after the colour and size filters (and the others), not its own.
  facets.origin = originFacet(applyOptionFilters(products, { ...query, origin: undefined, sort: 'featured' }, filters), query);
  return facets;
}
