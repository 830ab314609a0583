import type { Product } from '@bagshop/domain';
import { beforeEach, describe, expect, it, vi } from 'vitest';

// searchProducts with the catalogue it reads replaced: each test says which version and
// products the instance's catalogue cache answers, and counts the index builds (issue 30:
// "search rebuilds only when searchable fields change").
const catalog = vi.hoisted(() => ({ version: 1, products: [] as Product[] }));
vi.mock('./catalog.js', () => ({ catalogList: () => Promise.resolve({ version: catalog.version, products: catalog.products }) }));

const { indexBuilds, searchProducts } = await import('./search.js');

function product(id: string, over: Partial<Product> = {}): Product {
  return {
    _id: id,
    name: `Voyager Cabin Trolley ${id}`,
    description: 'Hard shell spinner with four wheels.',
    price: 4999,
    discount: 0,
    category: 'luggage',
    stock: 10,
    countryOfOrigin: 'India',
    image: { url: '', hash: '' },
    images: [],
    options: [{ name: 'Colour', values: ['Navy', 'Graphite'] }],
    variants: [],
    createdAt: '2026-11-01T00:00:00.000Z',
    updatedAt: '2026-11-01T00:00:00.000Z',
    ...over,
  };
}

/** A new catalogue version with these products (an admin's save, a review, a migration). */
async function publish(products: Product[]): Promise<number> {
  catalog.version += 1;
  catalog.products = products;
  const before = indexBuilds();
  await searchProducts('trolley');
  return indexBuilds() - before;
}

describe('search index rebuilds', () => {
  beforeEach(async () => {
    await publish([product('a'), product('b', { name: 'Trailblazer Hiking Backpack', category: 'backpacks' })]);
  });

  it('does not rebuild for searches on the same version', async () => {
    const before = indexBuilds();
    for (const q of ['trolley', 'backpack', 'navy']) await searchProducts(q);
    expect(indexBuilds()).toBe(before);
  });

  it('does not rebuild when only price, discount, stock, pictures or dates change', async () => {
    const [a, b] = catalog.products as [Product, Product];
    const rebuilt = await publish([
      { ...a, price: 3999, discount: 500, stock: 0, updatedAt: '2026-11-27T00:00:00.000Z', image: { url: '/api/images/x', hash: 'x' } },
      { ...b, stock: 3 },
    ]);
    expect(rebuilt).toBe(0);
  });

  it('rebuilds when a name, a description (even of the same length), a category or an option value changes', async () => {
    const [a, b] = catalog.products as [Product, Product];
    const renamed = { ...a, name: 'Voyager Cabin Spinner a' };
    expect(await publish([renamed, b])).toBe(1);
    const described = { ...renamed, description: a.description.replace('four', 'FOUR').replace('Hard', 'Soft') };
    expect(described.description).toHaveLength(a.description.length);
    expect(await publish([described, b])).toBe(1);
    const moved = { ...b, category: 'duffles' as const };
    expect(await publish([described, moved])).toBe(1);
    expect(await publish([{ ...described, options: [{ name: 'Colour', values: ['Navy', 'Red'] }] }, moved])).toBe(1);
    expect((await searchProducts('red'))[0]?._id).toBe('a');
  });

  it('rebuilds when a product is added or removed, and finds it', async () => {
    const [a, b] = catalog.products as [Product, Product];
    expect(await publish([a, b, product('c', { name: 'Weekender Canvas Duffle', category: 'duffles' })])).toBe(1);
    expect((await searchProducts('weekender')).map((p) => p._id)).toEqual(['c']);
    expect(await publish([a, b])).toBe(1);
    expect(await searchProducts('weekender')).toEqual([]);
  });

  it('answers the new price without a rebuild (results come from the current list)', async () => {
    const [a, b] = catalog.products as [Product, Product];
    expect(await publish([{ ...a, price: 1234 }, b])).toBe(0);
    expect((await searchProducts('voyager'))[0]?.price).toBe(1234);
  });
});
