// Pictures for the screen (docs/decisions/0030-pictures-for-the-screen.md): every stored picture
// answers at /api/images/{sha256}/{width} in each kept width, AVIF to a browser that accepts it
// where AVIF is smaller, else WebP, cached forever with `Vary: Accept`; the demo pictures have
// their widths; `npm run migrate:images` gives them to pictures stored before.
import { createHash } from 'node:crypto';
import { PICTURE_WIDTHS } from '@bagshop/domain';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { migrateImages } from '../../scripts/lib/migrate-images';
import { admin, api, createTestUser, type TestUser } from '../support/api';
import { productForm, uniqueName, type Envelope, type ProductJson } from '../support/commerce';
import { hostingUrl } from '../support/emulators';

/** What Chromium sends for a picture, and a browser without AVIF. */
const CHROMIUM = 'image/avif,image/webp,image/apng,image/svg+xml,image/*,*/*;q=0.8';
const NO_AVIF = 'image/webp,*/*';
const IMMUTABLE = 'public, max-age=31536000, immutable';

/** A photo-like picture: smooth light and shade with some detail, wider than the largest width. */
async function photo(seed: number, width = 1600, height = 1200): Promise<Buffer> {
  const circles = Array.from({ length: 24 }, (_, i) => {
    const x = (i * 137 + seed * 31) % width;
    const y = (i * 89 + seed * 17) % height;
    return `<circle cx="${x}" cy="${y}" r="${40 + ((i * 23) % 120)}" fill="hsl(${(i * 47 + seed) % 360} 60% 50%)" opacity="0.6"/>`;
  }).join('');
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}"><defs><linearGradient id="g" x1="0" y1="0" x2="1" y2="1"><stop offset="0" stop-color="#2a4d8f"/><stop offset="1" stop-color="#f2c14e"/></linearGradient></defs><rect width="100%" height="100%" fill="url(#g)"/>${circles}</svg>`;
  return sharp(Buffer.from(svg)).png().toBuffer();
}

async function get(path: string, accept: string, headers: Record<string, string> = {}) {
  const res = await fetch(`${await hostingUrl()}${path}`, { headers: { Accept: accept, ...headers } });
  const bytes = Buffer.from(await res.arrayBuffer());
  return { res, bytes };
}

describe('pictures for the screen', () => {
  let adminUser: TestUser;
  let product: ProductJson;

  beforeAll(async () => {
    adminUser = await createTestUser({ role: 'admin' });
    const form = productForm(
      { name: uniqueName('Widths bag'), description: 'A bag in every width', price: 2500, discount: 0, category: 'duffles', stock: 3 },
      { bytes: await photo(Date.now() % 1000) },
    );
    const res = await api<Envelope<ProductJson>>('products/createProducts', { method: 'POST', token: adminUser.idToken, rawBody: form });
    expect(res.status).toBe(201);
    product = res.body.data;
  });

  // The search and category tests count the demo catalogue: leave it as it was.
  afterAll(async () => {
    if (product) await api(`products/${product._id}`, { method: 'DELETE', token: adminUser.idToken });
  });

  it('an upload answers in each width as WebP to a browser without AVIF, cached forever', async () => {
    const sizes: number[] = [];
    for (const width of PICTURE_WIDTHS) {
      const { res, bytes } = await get(`${product.image.url}/${width}`, NO_AVIF);
      expect(res.status).toBe(200);
      expect(res.headers.get('content-type')).toBe('image/webp');
      expect(res.headers.get('cache-control')).toBe(IMMUTABLE);
      expect(res.headers.get('vary')).toMatch(/accept/i);
      expect(res.headers.get('etag')).toBe(`"${product.image.hash}-${width}-webp"`);
      const meta = await sharp(bytes).metadata();
      expect([meta.format, meta.width]).toEqual(['webp', width]);
      sizes.push(bytes.byteLength);
    }
    // Narrower is smaller, and the 1200 width is the stored original itself.
    expect(sizes).toEqual([...sizes].sort((a, b) => a - b));
    const original = await get(product.image.url, NO_AVIF);
    expect(createHash('sha256').update(original.bytes).digest('hex')).toBe(product.image.hash);
    expect(sizes[3]).toBe(original.bytes.byteLength);
    expect(sizes[0]).toBeLessThan(original.bytes.byteLength / 10);
  });

  it('answers AVIF to a browser that accepts it where AVIF is smaller, else the same WebP', async () => {
    let avifs = 0;
    for (const width of PICTURE_WIDTHS) {
      const webp = await get(`${product.image.url}/${width}`, NO_AVIF);
      const { res, bytes } = await get(`${product.image.url}/${width}`, CHROMIUM);
      expect(res.status).toBe(200);
      expect(res.headers.get('cache-control')).toBe(IMMUTABLE);
      expect(res.headers.get('vary')).toMatch(/accept/i);
      if (res.headers.get('content-type') === 'image/avif') {
        avifs += 1;
        expect(bytes.byteLength).toBeLessThan(webp.bytes.byteLength);
        const meta = await sharp(bytes).metadata();
        expect([meta.format, meta.width]).toEqual(['heif', width]);
        expect(res.headers.get('etag')).toBe(`"${product.image.hash}-${width}-avif"`);
      } else {
        expect(res.headers.get('content-type')).toBe('image/webp');
        expect(bytes.equals(webp.bytes)).toBe(true);
      }
    }
    expect(avifs).toBeGreaterThan(0);
  });

  it('answers 304 to a browser that has the width already', async () => {
    const first = await get(`${product.image.url}/160`, CHROMIUM);
    const etag = first.res.headers.get('etag') ?? '';
    const again = await get(`${product.image.url}/160`, CHROMIUM, { 'If-None-Match': etag });
    expect(again.res.status).toBe(304);
    expect(again.res.headers.get('cache-control')).toBe(IMMUTABLE);
  });

  it('refuses a width it does not keep, or a name that is not a picture, and 404s an unknown one', async () => {
    const odd = await api(`images/${product.image.hash}/300`);
    expect(odd.status).toBe(400);
    expect(odd.body).toMatchObject({ success: false, message: 'Image width must be one of 160, 400, 800, 1200' });
    expect((await api(`images/${product.image.hash}/4OO`)).status).toBe(400);
    expect((await api('images/not-a-hash/400')).status).toBe(400);
    expect((await get(`/api/images/${'0'.repeat(64)}/400`, CHROMIUM)).res.status).toBe(404);
  });

  it('the demo pictures have their widths', async () => {
    // A demo product by its id: other suites add products with 24 px pictures, too small for 160.
    const demo = await api<Envelope<ProductJson>>('products/voyager-hardshell-cabin-trolley-55-cm');
    const url = demo.body.data.image.url;
    expect(url).toMatch(/^\/api\/images\/[0-9a-f]{64}$/);
    const { res, bytes } = await get(`${url}/160`, NO_AVIF);
    expect(res.headers.get('cache-control')).toBe(IMMUTABLE);
    expect((await sharp(bytes).metadata()).width).toBe(160);
  });

  it('a picture stored before widths answers with the original, not cached for long, until migrate:images makes them', async () => {
    const { db } = admin();
    const stored = await sharp(await photo(7, 900, 600))
      .webp({ quality: 80 })
      .toBuffer();
    const hash = createHash('sha256').update(stored).digest('hex');
    const ref = db.doc(`productImages/${hash}`);
    await ref.set({ bytes: stored, contentType: 'image/webp', width: 900, height: 600 });
    const before = await get(`/api/images/${hash}/400`, NO_AVIF);
    expect(before.res.status).toBe(200);
    expect(before.res.headers.get('cache-control')).toBe('public, max-age=300');
    expect(before.bytes.equals(stored)).toBe(true);

    const first = await migrateImages(db);
    expect(first.made).toContain(hash);
    expect((await ref.get()).get('widths')).toEqual([...PICTURE_WIDTHS]);
    const after = await get(`/api/images/${hash}/400`, NO_AVIF);
    expect(after.res.headers.get('cache-control')).toBe(IMMUTABLE);
    expect((await sharp(after.bytes).metadata()).width).toBe(400);
    // Wider than the picture: the original.
    expect((await get(`/api/images/${hash}/1200`, NO_AVIF)).bytes.equals(stored)).toBe(true);

    const again = await migrateImages(db);
    expect(again.made).not.toContain(hash);
    expect(again.alreadyDone).toBeGreaterThan(0);
  });
});
