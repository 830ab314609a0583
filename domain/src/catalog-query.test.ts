import { describe, expect, it } from 'vitest';
import {
  applyListQuery,
  bagCountLabel,
  DEFAULT_LIST_QUERY,
  hasFilters,
  LIST_PRICE_MAX,
  LIST_QUERY_MESSAGES,
  listQueryParams,
  originFacet,
  parseListQuery,
  readListQuery,
  type ListedProduct,
} from './catalog-query.js';
import { LIMITS } from './schemas/common.js';

const p = (id: string, price: number, discount: number, stock: number, day: number) => ({
  id,
  price,
  discount,
  stock,
  createdAt: `2026-11-${String(day).padStart(2, '0')}T10:00:00.000Z`,
});
// Newest first, as the catalog lists arrive.
const LIST: (ListedProduct & { id: string })[] = [
  p('a', 5000, 1000, 4, 20), // sale 4000, 20 %
  p('b', 2000, 0, 0, 18), // sale 2000, 0 %, sold out
  p('c', 9000, 3600, 2, 15), // sale 5400, 40 %
  p('d', 1500, 450, 9, 12), // sale 1050, 30 %
  p('e', 3000, 1001, 1, 10), // sale 1999, 33.4 %
  p('f', 3000, 998, 5, 8), // sale 2002, 33.3 %
];
const ids = (list: { id: string }[]) => list.map((x) => x.id).join('');

it('the price bound is the product schema’s', () => {
  expect(LIST_PRICE_MAX).toBe(LIMITS.priceMax);
});

describe('parseListQuery', () => {
  it('gives the defaults for no parameters and ignores others', () => {
    expect(parseListQuery({ q: 'x', utm: 'y' })).toEqual({ ok: true, query: DEFAULT_LIST_QUERY });
  });

  it('reads every parameter', () => {
    expect(parseListQuery({ minPrice: '1000', maxPrice: ' 5000 ', minDiscountPercent: '30', inStock: 'true', sort: 'price_desc' })).toEqual(
      {
        ok: true,
        query: { minPrice: 1000, maxPrice: 5000, minDiscountPercent: 30, inStock: true, sort: 'price_desc' },
      },
    );
    expect(parseListQuery({ inStock: '0', minPrice: '' })).toEqual({ ok: true, query: { inStock: false, sort: 'featured' } });
  });

  it.each([
    ['minPrice', '-1', LIST_QUERY_MESSAGES.minPrice],
    ['minPrice', '1.5', LIST_QUERY_MESSAGES.minPrice],
    ['minPrice', 'abc', LIST_QUERY_MESSAGES.minPrice],
    ['maxPrice', '1000001', LIST_QUERY_MESSAGES.maxPrice],
    ['maxPrice', '1e5', LIST_QUERY_MESSAGES.maxPrice],
    ['minDiscountPercent', '101', LIST_QUERY_MESSAGES.minDiscountPercent],
    ['inStock', 'yes', LIST_QUERY_MESSAGES.inStock],
    ['sort', 'cheapest', LIST_QUERY_MESSAGES.sort],
    ['sort', 'PRICE_ASC', LIST_QUERY_MESSAGES.sort],
  ])('refuses %s=%s', (field, value, message) => {
    expect(parseListQuery({ [field]: value })).toEqual({ ok: false, field, message });
  });

  it('refuses a repeated parameter and a reversed range', () => {
    expect(parseListQuery({ sort: ['newest', 'discount'] })).toEqual({ ok: false, field: 'sort', message: LIST_QUERY_MESSAGES.repeated });
    expect(parseListQuery({ minPrice: '5000', maxPrice: '1000' })).toEqual({
      ok: false,
      field: 'minPrice',
      message: LIST_QUERY_MESSAGES.range,
    });
  });
});

/** A URL query as the page reads it (domain has no DOM types: a stand-in for URLSearchParams). */
function urlQuery(text: string) {
  const pairs = text.split('&').map((kv) => kv.split('=') as [string, string]);
  return { get: (name: string) => pairs.find(([k]) => k === name)?.[1] ?? null };
}

describe('readListQuery (a page URL)', () => {
  it('drops bad values and swaps a reversed range', () => {
    const query = readListQuery(urlQuery('sort=bogus&minPrice=9000&maxPrice=1000&inStock=true&minDiscountPercent=x'));
    expect(query).toEqual({ minPrice: 1000, maxPrice: 9000, inStock: true, sort: 'featured' });
  });

  it('round-trips through listQueryParams, leaving defaults out of the URL', () => {
    const query = { minPrice: 500, minDiscountPercent: 20, inStock: true, sort: 'newest' as const };
    const text = listQueryParams(query)
      .map(([k, v]) => `${k}=${v}`)
      .join('&');
    expect(text).toBe('minPrice=500&minDiscountPercent=20&inStock=true&sort=newest');
    expect(readListQuery(urlQuery(text))).toEqual(query);
    expect(listQueryParams(DEFAULT_LIST_QUERY)).toEqual([]);
    expect(hasFilters(DEFAULT_LIST_QUERY)).toBe(false);
    expect(hasFilters({ ...DEFAULT_LIST_QUERY, sort: 'discount' })).toBe(false);
    expect(hasFilters({ ...DEFAULT_LIST_QUERY, inStock: true })).toBe(true);
  });
});

describe('applyListQuery', () => {
  const sorted = (sort: (typeof DEFAULT_LIST_QUERY)['sort'], options?: { soldOutLast?: boolean }) =>
    ids(applyListQuery(LIST, { inStock: false, sort }, options));

  it('featured keeps the incoming order with sold-out bags last (catalog), or as it is (search)', () => {
    expect(sorted('featured')).toBe('acdefb');
    expect(sorted('featured', { soldOutLast: false })).toBe('abcdef');
  });

  it('sorts by sale price, discount percent and newest', () => {
    expect(sorted('price_asc')).toBe('debfac');
    expect(sorted('price_desc')).toBe('cafbed');
    // 33.4 % above 33.3 % although both show as 33 %.
    expect(sorted('discount')).toBe('cefdab');
    expect(sorted('newest')).toBe('abcdef');
  });

  it('filters on sale price (inclusive), discount and stock', () => {
    expect(ids(applyListQuery(LIST, { minPrice: 2000, maxPrice: 4000, inStock: false, sort: 'price_asc' }))).toBe('bfa');
    expect(ids(applyListQuery(LIST, { minDiscountPercent: 33, inStock: false, sort: 'featured' }))).toBe('cef');
    expect(ids(applyListQuery(LIST, { inStock: true, sort: 'featured' }))).toBe('acdef');
  });

  it('does not change its input', () => {
    const copy = [...LIST];
    applyListQuery(LIST, { inStock: true, sort: 'price_asc' });
    expect(LIST).toEqual(copy);
  });

  it('sorts Top rated by the average, then the number of reviews; unreviewed bags last in their order', () => {
    const rated = [
      { ...p('a', 1, 0, 1, 1), rating: { average: 4.5, count: 2 } },
      { ...p('b', 1, 0, 1, 1) },
      { ...p('c', 1, 0, 1, 1), rating: { average: 4.5, count: 9 } },
      { ...p('d', 1, 0, 1, 1), rating: { average: 4.8, count: 1 } },
      { ...p('e', 1, 0, 1, 1), rating: { average: 0, count: 0 } },
    ];
    expect(ids(applyListQuery(rated, { inStock: false, sort: 'rating' }))).toBe('dcabe');
  });
});

it('bagCountLabel', () => {
  expect(bagCountLabel(1)).toBe('1 bag');
  expect(bagCountLabel(0)).toBe('0 bags');
  expect(bagCountLabel(12)).toBe('12 bags');
});

describe('origin filter and sort (docs/legal-metrology.md)', () => {
  const bags = [
    { price: 100, discount: 0, stock: 1, createdAt: '', countryOfOrigin: 'India', id: 'a' },
    { price: 100, discount: 0, stock: 1, createdAt: '', countryOfOrigin: 'China', id: 'b' },
    { price: 100, discount: 0, stock: 1, createdAt: '', countryOfOrigin: 'Vietnam', id: 'c' },
    { price: 100, discount: 0, stock: 1, createdAt: '', countryOfOrigin: 'China', id: 'd' },
  ];
  it('reads origin=China,india (case-insensitive, comma-separated) and filters by it', () => {
    const parsed = parseListQuery({ origin: ' China,india ' });
    expect(parsed).toEqual({ ok: true, query: { ...DEFAULT_LIST_QUERY, origin: ['china', 'india'] } });
    if (!parsed.ok) throw new Error('not parsed');
    expect(applyListQuery(bags, parsed.query).map((b) => b.id)).toEqual(['a', 'b', 'd']);
    expect(applyListQuery(bags, { ...DEFAULT_LIST_QUERY, origin: ['atlantis'] })).toEqual([]);
    expect(listQueryParams(parsed.query)).toEqual([['origin', 'china,india']]);
    expect(hasFilters(parsed.query)).toBe(true);
  });
  it('sort=origin orders A–Z by country, keeping the order within one', () => {
    expect(applyListQuery(bags, { ...DEFAULT_LIST_QUERY, sort: 'origin' }).map((b) => b.id)).toEqual(['b', 'd', 'a', 'c']);
  });
  it('the origin facet counts each country after the other filters, not its own', () => {
    expect(originFacet(bags, { ...DEFAULT_LIST_QUERY, origin: ['china'] })).toEqual([
      { value: 'China', count: 2 },
      { value: 'India', count: 1 },
      { value: 'Vietnam', count: 1 },
    ]);
  });
});
