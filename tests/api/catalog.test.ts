import { describe, expect, it } from 'vitest';
import { hostingUrl } from '../support/emulators';

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
