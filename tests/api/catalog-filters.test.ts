// Filters and sort as query parameters of GET /api/products and /api/products/category/{c}
// (docs/search-and-seo.md), against the seeded catalog: the order of each sort, each filter,
// and a 400 with a message for every bad value.
import { describe, expect, it } from 'vitest';
import { api } from '../support/api';
import type { Envelope, ProductJson } from '../support/commerce';

const list = async (path: string) => {
  const res = await api<Envelope<ProductJson[]>>(path);
  expect(res.status, `${path}: ${JSON.stringify(res.body).slice(0, 200)}`).toBe(200);
  return res.body.data;
};
const sale = (p: ProductJson) => p.price - p.discount;
const percent = (p: ProductJson) => Math.round((p.discount / p.price) * 100);
const isSorted = (values: number[], direction: 1 | -1) =>
  values.every((v, i) => i === 0 || direction * (v - (values[i - 1] as number)) >= 0);

describe('product list filters and sort', () => {
  it('sort=price_asc / price_desc order by sale price', async () => {
    // Other test files may have added bags: the expectations come from the list itself.
    const all = await list('products/category/luggage');
    const up = await list('products/category/luggage?sort=price_asc');
    expect(up.length).toBe(all.length);
    expect(up.length).toBeGreaterThanOrEqual(9);
    expect(isSorted(up.map(sale), 1)).toBe(true);
    expect(new Set(up.map((p) => p._id))).toEqual(new Set(all.map((p) => p._id)));
    expect(up.map(sale)).not.toEqual(all.map(sale));
    const down = await list('products/category/luggage?sort=price_desc');
    expect(isSorted(down.map(sale), -1)).toBe(true);
    expect(down[0]?._id).toBe('heritage-aluminium-frame-trolley-75-cm');
  });

  it('sort=discount orders by discount percent, biggest first', async () => {
    const all = await list('products?sort=discount');
    expect(
      isSorted(
        all.map((p) => p.discount / p.price),
        -1,
      ),
    ).toBe(true);
    expect(all.at(-1)?.discount).toBe(0);
    // The demo's biggest discounts: 37.0 % (Voyager cabin) above 36.7 % (Metro large), both shown as 37 %.
    const demo = all.filter((p) => ['voyager-hardshell-cabin-trolley-55-cm', 'metro-polycarbonate-large-trolley-78-cm'].includes(p._id));
    expect(demo.map((p) => p._id)).toEqual(['voyager-hardshell-cabin-trolley-55-cm', 'metro-polycarbonate-large-trolley-78-cm']);
  });

  it('sort=newest orders by creation; featured (the default) puts sold-out bags last', async () => {
    const newest = await list('products/category/luggage?sort=newest');
    expect(
      isSorted(
        newest.map((p) => Date.parse(p.createdAt)),
        -1,
      ),
    ).toBe(true);
    const featured = await list('products/category/luggage');
    expect(await list('products/category/luggage?sort=featured')).toEqual(featured);
    const firstSoldOut = featured.findIndex((p) => p.stock === 0);
    expect(firstSoldOut).toBeGreaterThan(0);
    expect(featured.slice(firstSoldOut).every((p) => p.stock === 0)).toBe(true);
    expect(featured.filter((p) => p.stock > 0).map((p) => p._id)).toEqual(newest.filter((p) => p.stock > 0).map((p) => p._id));
  });

  it('minPrice / maxPrice bound the sale price (inclusive)', async () => {
    const some = await list('products?minPrice=2000&maxPrice=3149&sort=price_asc');
    expect(some.length).toBeGreaterThan(2);
    expect(some.every((p) => sale(p) >= 2000 && sale(p) <= 3149)).toBe(true);
    expect(some.some((p) => p._id === 'voyager-hardshell-cabin-trolley-55-cm')).toBe(true); // exactly ₹3,149: inclusive
    const all = await list('products');
    expect(some.length).toBe(all.filter((p) => sale(p) >= 2000 && sale(p) <= 3149).length);
  });

  it('minDiscountPercent and inStock filter', async () => {
    const deals = await list('products/category/luggage?minDiscountPercent=30');
    expect(deals.length).toBeGreaterThan(0);
    expect(deals.every((p) => percent(p) >= 30)).toBe(true);
    const inStock = await list('products/category/luggage?inStock=true');
    const all = await list('products/category/luggage');
    expect(inStock.every((p) => p.stock > 0)).toBe(true);
    expect(inStock.length).toBe(all.filter((p) => p.stock > 0).length);
    expect(inStock.length).toBeLessThan(all.length);
  });

  it('filters combine with ?category= on /api/products', async () => {
    const res = await list('products?category=duffles&maxPrice=2000&sort=price_desc');
    expect(res.every((p) => p.category === 'duffles' && sale(p) <= 2000)).toBe(true);
    expect(isSorted(res.map(sale), -1)).toBe(true);
  });

  it.each([
    ['sort=cheapest', 'sort must be one of featured, price_asc, price_desc, discount, newest, rating, origin'],
    ['minPrice=-5', 'minPrice must be a whole number of rupees from 0 to 10,00,000'],
    ['minPrice=12.5', 'minPrice must be a whole number of rupees from 0 to 10,00,000'],
    ['maxPrice=lots', 'maxPrice must be a whole number of rupees from 0 to 10,00,000'],
    ['maxPrice=2000000', 'maxPrice must be a whole number of rupees from 0 to 10,00,000'],
    ['minDiscountPercent=150', 'minDiscountPercent must be a whole number from 0 to 100'],
    ['inStock=maybe', 'inStock must be true or false'],
    ['minPrice=5000&maxPrice=100', 'minPrice cannot be more than maxPrice'],
    ['sort=newest&sort=discount', 'Each filter may be given once'],
  ])('400 for %s', async (query, message) => {
    for (const path of [`products?${query}`, `products/category/backpacks?${query}`]) {
      const res = await api(path);
      expect(res.status, path).toBe(400);
      expect(res.body).toMatchObject({ success: false, message });
    }
  });
});
