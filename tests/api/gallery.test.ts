// Product galleries through the admin API (docs/search-and-seo.md): several pictures as the
// repeated multipart field `images`, ordered and removed with `imageOrder`, at most six,
// `image` always the first; and the JPEG variant link previews use.
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { api, createTestUser, type TestUser } from '../support/api';
import { LISTED_FIELDS, randomPng, storedProduct, uniqueName, type Envelope, type ProductJson } from '../support/commerce';
import { hostingUrl } from '../support/emulators';

type Gallery = ProductJson & { images: { url: string; hash: string }[] };

function form(fields: Record<string, string | number>, files: { field?: 'images' | 'image'; bytes: Buffer }[] = []): FormData {
  const body = new FormData();
  for (const [k, v] of Object.entries({ ...LISTED_FIELDS, ...fields })) body.append(k, String(v));
  files.forEach((f, i) => body.append(f.field ?? 'images', new Blob([new Uint8Array(f.bytes)], { type: 'image/png' }), `view-${i}.png`));
  return body;
}

/** Pictures told apart by their size once stored (the API keeps the proportions). */
const sized = (size: number) => randomPng(size);
async function widthOf(url: string): Promise<number> {
  const res = await fetch(`${await hostingUrl()}${url}`);
  expect(res.headers.get('content-type')).toBe('image/webp');
  return (await sharp(Buffer.from(await res.arrayBuffer())).metadata()).width ?? 0;
}
const widths = (p: Gallery) => Promise.all(p.images.map((i) => widthOf(i.url)));

describe('product gallery', () => {
  let adminUser: TestUser;
  let product: Gallery;
  const base = () => ({
    name: uniqueName('Gallery bag'),
    description: 'Three views',
    price: 3000,
    discount: 300,
    category: 'duffles',
    stock: 5,
  });

  const made: string[] = [];
  const create = async (fields: Record<string, string | number>, files: { field?: 'images' | 'image'; bytes: Buffer }[]) => {
    const res = await api<Envelope<Gallery>>('products/createProducts', {
      method: 'POST',
      token: adminUser.idToken,
      rawBody: form(fields, files),
    });
    if (res.status === 201) made.push(res.body.data._id);
    return res;
  };
  const patch = (id: string, fields: Record<string, string | number>, files: { field?: 'images' | 'image'; bytes: Buffer }[] = []) =>
    api<Envelope<Gallery>>(`products/${id}`, { method: 'PATCH', token: adminUser.idToken, rawBody: form(fields, files) });

  beforeAll(async () => {
    adminUser = await createTestUser({ role: 'admin' });
  });

  // The search and category tests count the demo catalog: leave it as it was.
  afterAll(async () => {
    await Promise.all(made.map((id) => api(`products/${id}`, { method: 'DELETE', token: adminUser.idToken })));
  });

  it('creates a product with three pictures in the order sent; image is the first', async () => {
    const res = await create(base(), [{ bytes: await sized(20) }, { bytes: await sized(24) }, { bytes: await sized(28) }]);
    expect(res.status).toBe(201);
    product = res.body.data;
    expect(product.images).toHaveLength(3);
    expect(product.image).toEqual(product.images[0]);
    expect(new Set(product.images.map((i) => i.hash)).size).toBe(3);
    expect(await widths(product)).toEqual([20, 24, 28]);
    const stored = await storedProduct(product._id);
    expect(stored?.imageHashes).toEqual(product.images.map((i) => i.hash));
    expect((await api<Envelope<Gallery>>(`products/${product._id}`)).body.data.images).toEqual(product.images);
  });

  it('reorders, removes and inserts with imageOrder', async () => {
    const [a, b, c] = product.images.map((i) => i.hash);
    const reversed = await patch(product._id, { imageOrder: `${c},${b},${a}` });
    expect(reversed.status).toBe(200);
    expect(await widths(reversed.body.data)).toEqual([28, 24, 20]);
    expect(reversed.body.data.image.hash).toBe(c);

    const removed = await patch(product._id, { imageOrder: `${b},${a}` });
    expect(removed.body.data.images.map((i) => i.hash)).toEqual([b, a]);
    expect(removed.body.data.image.hash).toBe(b);

    const inserted = await patch(product._id, { imageOrder: `${b},new:0,${a}` }, [{ bytes: await sized(32) }]);
    expect(inserted.status).toBe(200);
    expect(await widths(inserted.body.data)).toEqual([24, 32, 20]);
    product = inserted.body.data;
    // Other fields alone leave the gallery as it is.
    const renamed = await patch(product._id, { stock: 6, expectedUpdatedAt: product.updatedAt });
    expect(renamed.body.data.images).toEqual(product.images);
  });

  it('a 7th picture is refused with 400: seven at once, or six on top of existing ones', async () => {
    const seven = await Promise.all([20, 21, 22, 23, 24, 25, 26].map(sized));
    const name = uniqueName('Seven');
    const res = await create(
      { ...base(), name },
      seven.map((bytes) => ({ bytes })),
    );
    expect(res.status).toBe(400);
    expect(res.body).toMatchObject({ success: false, message: 'A product can have at most 6 images' });
    expect((await api<Envelope<ProductJson[]>>('products/category/duffles')).body.data.some((p) => p.name === name)).toBe(false);

    const six = await create(
      base(),
      seven.slice(0, 6).map((bytes) => ({ bytes })),
    );
    expect(six.status).toBe(201);
    expect(six.body.data.images).toHaveLength(6);
    const more = await patch(six.body.data._id, {}, [{ bytes: await sized(30) }]);
    expect(more.status).toBe(400);
    expect(more.body).toMatchObject({ message: 'A product can have at most 6 images' });
    // product has 3: adding 4 more without an order makes 7.
    const four = await patch(product._id, {}, await Promise.all([40, 41, 42, 43].map(async (s) => ({ bytes: await sized(s) }))));
    expect(four.status).toBe(400);
    expect((await storedProduct(product._id))?.images).toHaveLength(3);
  });

  it.each([
    ['a hash the product does not have', () => ({ imageOrder: 'f'.repeat(64) }), 'imageOrder names an image this product does not have'],
    ['an upload that is not there', () => ({ imageOrder: 'new:0' }), 'imageOrder must place every uploaded image once'],
    [
      'a token that is neither',
      () => ({ imageOrder: 'first,second' }),
      "imageOrder must list the product's image hashes and new:0, new:1, … for the uploaded images, separated by commas",
    ],
  ])('400 for an imageOrder with %s', async (_what, fields, message) => {
    const res = await patch(product._id, fields());
    expect(res.status).toBe(400);
    expect(res.body).toMatchObject({ success: false, message });
  });

  it('409 for a picture another product shows (in its gallery, not only as its first)', async () => {
    // The same upload is re-encoded to the same bytes, so it lands on the same content address.
    const bytes = await sized(51);
    const other = await create(base(), [{ bytes: await sized(50) }, { bytes }]);
    expect(other.status).toBe(201);
    const res = await patch(product._id, {}, [{ bytes }]);
    expect(res.status).toBe(409);
    expect(res.body).toMatchObject({ success: false, message: 'Duplicate image detected' });
  });

  it('the single `image` field still works: it replaces the first picture', async () => {
    const before = product.images.map((i) => i.hash);
    const res = await patch(product._id, {}, [{ field: 'image', bytes: await sized(36) }]);
    expect(res.status).toBe(200);
    expect(res.body.data.images.slice(1).map((i) => i.hash)).toEqual(before.slice(1));
    expect(await widthOf(res.body.data.image.url)).toBe(36);
    const both = await patch(product._id, {}, [{ field: 'image', bytes: await sized(37) }, { bytes: await sized(38) }]);
    expect(both.status).toBe(400);
  });

  it('serves any stored picture as a JPEG at {hash}.jpg, cacheable forever', async () => {
    const res = await fetch(`${await hostingUrl()}${product.images[1]?.url}.jpg`);
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('image/jpeg');
    expect(res.headers.get('cache-control')).toBe('public, max-age=31536000, immutable');
    const bytes = Buffer.from(await res.arrayBuffer());
    expect([...bytes.subarray(0, 3)]).toEqual([0xff, 0xd8, 0xff]);
    expect((await fetch(`${await hostingUrl()}/api/images/${'0'.repeat(64)}.jpg`)).status).toBe(404);
    expect((await fetch(`${await hostingUrl()}/api/images/not-a-hash.jpg`)).status).toBe(400);
  });
});
