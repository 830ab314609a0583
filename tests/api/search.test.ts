// GET /api/products/search against the seeded catalog (docs/search-and-seo.md): relevance
// (typos and words written apart included), limits and input checks, CDN caching, the
// per-address limit, and an index that follows catalog changes.
import { randomInt } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { api, createTestUser } from '../support/api';
import { createProduct, type Envelope, type ProductJson } from '../support/commerce';
import { functionUrl } from '../support/emulators';
import { DEMO_PRODUCTS } from '../../scripts/seed/catalog';

const search = (q: string, extra = '') => api<Envelope<ProductJson[]>>(`products/search?q=${encodeURIComponent(q)}${extra}`);

// The query a shopper types → the demo product that must come first.
const RELEVANCE: [string, string][] = [
  ['trolly', 'monsoon-polypropylene-cabin-trolley-55-cm'],
  ['back pack', 'trailblazer-40l-hiking-backpack'],
  ['voyager cabin', 'voyager-hardshell-cabin-trolley-55-cm'],
  ['voyger check in', 'voyager-hardshell-check-in-trolley-68-cm'],
  ['lether holdall', 'heritage-leather-holdall'],
  ['holdal', 'heritage-leather-holdall'],
  ['weekender duffel', 'weekender-canvas-duffle'],
  ['gym bag', 'roadster-60l-gym-duffle'],
  ['trekking rucksak', 'summit-65l-trekking-rucksack'],
  ['schol bag', 'campus-classic-30l-school-backpack'],
  ['laptop', 'commuter-25l-laptop-backpack'],
  ['anti theft', 'nomad-anti-theft-travel-backpack-35l'],
  ['waterproof', 'expedition-90l-waterproof-duffle'],
  ['hydration', 'cyclist-15l-hydration-daypack'],
  ['aluminum trolley', 'heritage-aluminium-frame-trolley-75-cm'],
  ['overnight', 'cabin-pro-business-overnighter-50-cm'],
  ['wheeled duffle', 'voyager-wheeled-duffle-75-cm'],
  ['65l', 'summit-65l-trekking-rucksack'],
  ['shoe compartment', 'sports-pro-shoe-compartment-duffle-40l'],
  ['roll top', 'canvas-roll-top-daypack-22l'],
  ['polycarb', 'metro-polycarbonate-large-trolley-78-cm'],
];

describe('GET /api/products/search', () => {
  // Other API test files add products to the same catalogue while this one runs (a product named
  // like a backpack can rank first for a moment), so the order is checked among the demo products;
  // functions/src/catalog/search-index.test.ts ranks among 40 added "Test bag" products.
  const demoIds = new Set(DEMO_PRODUCTS.map((p) => p.slug));
  it.each(RELEVANCE)('%s → %s first', async (q, first) => {
    const res = await search(q);
    expect(res.status).toBe(200);
    expect(res.body.data.filter((p) => demoIds.has(p._id))[0]?._id).toBe(first);
  });

  it('"trolly" finds every trolley first, "back pack" every backpack before other categories', async () => {
    const trolleys = (await search('trolly')).body.data;
    const named = trolleys.filter((p) => /trolley/i.test(p.name)).length;
    expect(named).toBeGreaterThanOrEqual(7);
    expect(trolleys.slice(0, named).every((p) => /trolley/i.test(p.name))).toBe(true);
    // Daypacks and rucksacks are backpacks too; every bag named Backpack ranks above every bag of another category.
    const packs = (await search('back pack')).body.data;
    const lastBackpack = packs.map((p) => /backpack/i.test(p.name)).lastIndexOf(true);
    const firstOther = packs.findIndex((p) => p.category !== 'backpacks');
    expect(packs.filter((p) => /backpack/i.test(p.name))).toHaveLength(5);
    expect(lastBackpack).toBeLessThan(firstOther === -1 ? Infinity : firstOther);
  });

  it('answers full products, at most 50, cacheable by the CDN', async () => {
    const res = await search('cabin trolley backpack duffle holdall daypack');
    expect(res.status).toBe(200);
    expect(res.headers.get('cache-control')).toBe('public, max-age=60, s-maxage=300, stale-while-revalidate=600');
    expect(res.body.data.length).toBeGreaterThan(10);
    expect(res.body.data.length).toBeLessThanOrEqual(50);
    expect(res.body.data[0]).toMatchObject({
      _id: expect.any(String),
      name: expect.any(String),
      price: expect.any(Number),
      image: { url: expect.stringMatching(/^\/api\/images\//) },
    });
    expect((await search('zzqqxx')).body).toEqual({ success: true, data: [], facets: { colour: [], size: [], origin: [] } });
  });

  it('takes the list filters and sorts', async () => {
    const res = await search('trolley', '&inStock=true&sort=price_asc&maxPrice=6000');
    expect(res.status).toBe(200);
    const sale = res.body.data.map((p) => p.price - p.discount);
    expect(sale.length).toBeGreaterThan(2);
    expect(sale).toEqual([...sale].sort((a, b) => a - b));
    expect(sale.every((s) => s <= 6000)).toBe(true);
    expect(res.body.data.every((p) => p.stock > 0)).toBe(true);
    expect((await search('trolley', '&sort=best')).status).toBe(400);
  });

  it.each([
    ['', 'Type what you are looking for'],
    ['   ', 'Type what you are looking for'],
    ['x'.repeat(101), 'Search text must be at most 100 characters'],
  ])('400 for q=%j', async (q, message) => {
    const res = await search(q);
    expect(res.status).toBe(400);
    expect(res.body).toMatchObject({ success: false, message });
  });

  it('400 without q, or with q twice', async () => {
    expect((await api('products/search')).status).toBe(400);
    expect((await api('products/search?q=cabin&q=duffle')).status).toBe(400);
    expect((await search('x'.repeat(100))).status).toBe(200);
  });

  it('a product added, renamed or deleted is found accordingly (the index follows the catalog)', async () => {
    const adminUser = await createTestUser({ role: 'admin' });
    // Letters only: the index splits words at digits ('abc9x' → 'abc', '9', 'x'), and a lone digit matches many products.
    const word = `zephyrine${Date.now()
      .toString(36)
      .replace(/\d/g, (d) => 'abcdefghij'.charAt(Number(d)))}`;
    const made = await createProduct(adminUser, { name: `Quokka ${word} Sling`, category: 'backpacks' }, false);
    expect((await search(word)).body.data.map((p) => p._id)).toEqual([made._id]);
    const form = new FormData();
    form.append('name', 'Quokka Marmoset Sling');
    expect((await api(`products/${made._id}`, { method: 'PATCH', token: adminUser.idToken, rawBody: form })).status).toBe(200);
    expect((await search(word)).body.data).toEqual([]);
    expect((await search('marmoset')).body.data[0]?._id).toBe(made._id);
    expect((await api(`products/${made._id}`, { method: 'DELETE', token: adminUser.idToken })).status).toBe(200);
    expect((await search('marmoset')).body.data).toEqual([]);
  });

  it('allows 120 searches a minute from one address, then answers 429 with Retry-After', async () => {
    // Straight to the function, with a forwarded address of our own (the test machine's
    // address is shared by every test): TRUST_PROXY_HOPS=2 takes the second from the right.
    const ip = `10.${randomInt(256)}.${randomInt(256)}.${randomInt(1, 255)}`;
    const url = `${await functionUrl()}/api/products/search?q=cabin`;
    const headers = { 'X-Forwarded-For': `${ip}, 10.255.255.1`, 'Cache-Control': 'no-cache' };
    for (let i = 1; i <= 120; i += 1) {
      const res = await fetch(url, { headers });
      await res.arrayBuffer();
      expect(res.status, `search ${i}`).toBe(200);
    }
    // The limit is per function instance; the emulator may hand a request to another worker
    // process (another instance, with its own count), so the 429 may take a few more requests.
    let limited = await fetch(url, { headers });
    for (let i = 0; i < 360 && limited.status === 200; i += 1) {
      await limited.arrayBuffer();
      limited = await fetch(url, { headers });
    }
    expect(limited.status).toBe(429);
    expect(await limited.json()).toMatchObject({ success: false, message: 'Too many requests, please try again in a little while' });
    expect(Number(limited.headers.get('retry-after'))).toBeGreaterThan(0);
    // Another address is not affected.
    const other = await fetch(url, { headers: { ...headers, 'X-Forwarded-For': `10.254.${randomInt(256)}.9, 10.255.255.1` } });
    expect(other.status).toBe(200);
  });
});
