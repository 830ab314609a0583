import { describe, expect, it } from 'vitest';
import { api, createTestUser } from '../support/api';
import { createProduct } from '../support/commerce';
import { functionUrl, hostingUrl } from '../support/emulators';

// The whole path browser → Hosting → function → Firestore, against the seeded catalog.
describe('catalog reads through Hosting', () => {
  it('GET /api/health answers ok', async () => {
    const res = await fetch(`${await hostingUrl()}/api/health`);
    expect(res.status).toBe(200);
    expect(await res.json()).toMatchObject({ success: true, data: { status: 'ok' } });
  });

  it('GET /api/products lists the seeded products, CDN-cacheable', async () => {
    const res = await fetch(`${await hostingUrl()}/api/products`);
    expect(res.status).toBe(200);
    expect(res.headers.get('cache-control')).toContain('s-maxage=300');
    const body = (await res.json()) as { success: boolean; data: { _id: string; category: string }[] };
    expect(body.success).toBe(true);
    expect(body.data.length).toBeGreaterThanOrEqual(24);
  });

  it('product lists carry an ETag: unchanged → 304 without a body; a catalog change → a new ETag', async () => {
    const url = `${await hostingUrl()}/api/products/category/backpacks`;
    const first = await fetch(url);
    const etag = first.headers.get('etag') ?? '';
    expect(etag).toMatch(/^W\/".+"$/);
    const body = await first.text();
    expect(JSON.parse(body)).toMatchObject({ success: true });

    const again = await fetch(url);
    expect(again.headers.get('etag')).toBe(etag);
    expect(await again.text()).toBe(body);

    // Hosting's emulator adds `Cache-Control: no-cache` to what it forwards (so the function
    // never answers it 304); the CDN revalidates itself. Ask the function directly, as a cache
    // revalidating does (fetch() would add `no-cache` to a hand-set If-None-Match otherwise).
    const direct = `${await functionUrl()}/api/products/category/backpacks`;
    const conditional = { 'If-None-Match': etag, 'Cache-Control': 'max-age=0' };
    const revalidated = await fetch(direct, { headers: conditional });
    expect(revalidated.status).toBe(304);
    expect(await revalidated.text()).toBe('');

    const adminUser = await createTestUser({ role: 'admin' });
    const added = await createProduct(adminUser, { category: 'backpacks' }, false);
    const changed = await fetch(direct, { headers: conditional });
    expect(changed.status).toBe(200);
    expect(changed.headers.get('etag')).not.toBe(etag);
    const list = (await changed.json()) as { data: { _id: string }[] };
    expect(list.data.map((p) => p._id)).toContain(added._id);
    expect((await api(`products/${added._id}`, { method: 'DELETE', token: adminUser.idToken })).status).toBe(200);
  });

  it.each(['luggage', 'backpacks', 'duffles'])('GET /api/products/category/%s lists only that category', async (category) => {
    const res = await fetch(`${await hostingUrl()}/api/products/category/${category}`);
    const body = (await res.json()) as { data: { category: string }[] };
    expect(res.status).toBe(200);
    expect(body.data.length).toBeGreaterThanOrEqual(8);
    expect(body.data.every((p) => p.category === category)).toBe(true);
  });

  it('an unknown category answers 400 with a message', async () => {
    const res = await fetch(`${await hostingUrl()}/api/products/category/suitcases`);
    expect(res.status).toBe(400);
    expect(await res.json()).toEqual({ success: false, message: 'Category must be one of luggage, backpacks, duffles' });
  });

  it('an unknown route answers 404 in the envelope', async () => {
    const res = await fetch(`${await hostingUrl()}/api/nothing-here`);
    expect(res.status).toBe(404);
    expect(await res.json()).toMatchObject({ success: false });
  });
});
