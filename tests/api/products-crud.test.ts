import { beforeAll, describe, expect, it } from 'vitest';
import { api, createTestUser, type TestUser } from '../support/api';
import { createProduct, productForm, randomPng, storedProduct, uniqueName, type Envelope, type ProductJson } from '../support/commerce';

const CACHE = 'public, max-age=60, s-maxage=300, stale-while-revalidate=600';

let adminUser: TestUser;
let shopper: TestUser;

beforeAll(async () => {
  [adminUser, shopper] = await Promise.all([createTestUser({ role: 'admin' }), createTestUser()]);
});

describe('product CRUD (admin, multipart)', () => {
  it('creates a product with an image, stored content-addressed and served immutable', async () => {
    const name = uniqueName('Trail Daypack');
    const png = await randomPng(64);
    const form = productForm(
      { name, description: 'Light and tough', price: '2499', discount: '500', category: 'backpacks', stock: '7' },
      { bytes: png },
    );
    const res = await api<Envelope<ProductJson>>('products/createProducts', { method: 'POST', token: adminUser.idToken, rawBody: form });
    expect(res.status).toBe(201);
    expect(res.body).toMatchObject({ success: true, message: 'Product created successfully' });
    const p = res.body.data;
    expect(p).toMatchObject({ name, description: 'Light and tough', price: 2499, discount: 500, category: 'backpacks', stock: 7 });
    expect(p.image.hash).toMatch(/^[0-9a-f]{64}$/);
    expect(p.image.url).toBe(`/api/images/${p.image.hash}`);

    const image = await api(`images/${p.image.hash}`);
    expect(image.status).toBe(200);
    expect(image.headers.get('content-type')).toBe('image/webp');
    expect(image.headers.get('cache-control')).toBe('public, max-age=31536000, immutable');

    const one = await api<Envelope<ProductJson>>(`products/${p._id}`);
    expect(one.status).toBe(200);
    expect(one.headers.get('cache-control')).toBe(CACHE);
    expect(one.body.data).toMatchObject({ _id: p._id, name, price: 2499 });
  });

  it('creates a product without an image (image is optional)', async () => {
    const p = await createProduct(adminUser, {}, false);
    expect(p.image).toEqual({ url: '', hash: '' });
  });

  it('GET /api/products/:id answers 404 for an unknown id, CDN headers on lists', async () => {
    const res = await api('products/no-such-product-id');
    expect(res.status).toBe(404);
    expect(res.body).toEqual({ success: false, message: 'Product not found' });
    const list = await api('products');
    expect(list.headers.get('cache-control')).toBe(CACHE);
  });

  it('PATCH changes only the fields sent and keeps the rest', async () => {
    const p = await createProduct(adminUser, { price: 3000, discount: 300, stock: 4 });
    const res = await api<Envelope<ProductJson>>(`products/${p._id}`, {
      method: 'PATCH',
      token: adminUser.idToken,
      rawBody: productForm({ stock: '9', description: 'Now waterproof', expectedUpdatedAt: p.updatedAt }),
    });
    expect(res.status).toBe(200);
    expect(res.body.message).toBe('Product updated successfully');
    expect(res.body.data).toMatchObject({
      name: p.name,
      price: 3000,
      discount: 300,
      stock: 9,
      description: 'Now waterproof',
      image: p.image,
    });
    expect(await storedProduct(p._id)).toMatchObject({ stock: 9, price: 3000 });
  });

  it('PATCH checks a lone discount against the stored price, and a lone price against the stored discount', async () => {
    const p = await createProduct(adminUser, { price: 1000, discount: 100 });
    const tooMuch = await api(`products/${p._id}`, {
      method: 'PATCH',
      token: adminUser.idToken,
      rawBody: productForm({ discount: '1001' }),
    });
    expect(tooMuch.status).toBe(400);
    expect(tooMuch.body).toMatchObject({ success: false, message: 'Discount cannot exceed price' });
    const priceBelow = await api(`products/${p._id}`, { method: 'PATCH', token: adminUser.idToken, rawBody: productForm({ price: '50' }) });
    expect(priceBelow.status).toBe(400);
    expect(await storedProduct(p._id)).toMatchObject({ price: 1000, discount: 100 });
  });

  it('PATCH replaces the image; the same image on ANOTHER product is 409 Duplicate image detected', async () => {
    const a = await createProduct(adminUser);
    const b = await createProduct(adminUser);
    const png = await randomPng(40);
    const first = await api<Envelope<ProductJson>>(`products/${a._id}`, {
      method: 'PATCH',
      token: adminUser.idToken,
      rawBody: productForm({}, { bytes: png }),
    });
    expect(first.status).toBe(200);
    expect(first.body.data.image.hash).not.toBe(a.image.hash);
    // Re-sending the product's own image is fine.
    const again = await api(`products/${a._id}`, { method: 'PATCH', token: adminUser.idToken, rawBody: productForm({}, { bytes: png }) });
    expect(again.status).toBe(200);
    const dup = await api(`products/${b._id}`, {
      method: 'PATCH',
      token: adminUser.idToken,
      rawBody: productForm({ name: 'Copycat' }, { bytes: png }),
    });
    expect(dup.status).toBe(409);
    expect(dup.body).toEqual({ success: false, message: 'Duplicate image detected' });
    const dupCreate = await api('products/createProducts', {
      method: 'POST',
      token: adminUser.idToken,
      rawBody: productForm({ name: uniqueName(), price: 100, category: 'luggage', stock: 1 }, { bytes: png }),
    });
    expect(dupCreate.status).toBe(409);
    expect(await storedProduct(b._id)).toMatchObject({ name: b.name, image: b.image });
  });

  it('DELETE removes the product (404 afterwards); a second delete is 404', async () => {
    const p = await createProduct(adminUser);
    const res = await api(`products/${p._id}`, { method: 'DELETE', token: adminUser.idToken });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ success: true, message: 'Product deleted' });
    expect((await api(`products/${p._id}`)).status).toBe(404);
    expect(await storedProduct(p._id)).toBeUndefined();
    // The image stays: past orders still show it.
    expect((await api(`images/${p.image.hash}`)).status).toBe(200);
    expect((await api(`products/${p._id}`, { method: 'DELETE', token: adminUser.idToken })).status).toBe(404);
  });
});

describe('product routes: who may do what', () => {
  let product: ProductJson;
  beforeAll(async () => {
    product = await createProduct(adminUser);
  });

  const form = () => productForm({ name: uniqueName(), price: 100, category: 'luggage', stock: 1 });
  const cases: { who: 'anonymous' | 'shopper' | 'admin'; method: string; path: () => string; body?: () => FormData; status: number }[] = [
    { who: 'anonymous', method: 'POST', path: () => 'products/createProducts', body: form, status: 401 },
    { who: 'shopper', method: 'POST', path: () => 'products/createProducts', body: form, status: 403 },
    { who: 'admin', method: 'POST', path: () => 'products/createProducts', body: form, status: 201 },
    {
      who: 'anonymous',
      method: 'PATCH',
      path: () => `products/${product._id}`,
      body: () => productForm({ stock: 3, expectedUpdatedAt: product.updatedAt }),
      status: 401,
    },
    {
      who: 'shopper',
      method: 'PATCH',
      path: () => `products/${product._id}`,
      body: () => productForm({ stock: 3, expectedUpdatedAt: product.updatedAt }),
      status: 403,
    },
    {
      who: 'admin',
      method: 'PATCH',
      path: () => `products/${product._id}`,
      body: () => productForm({ stock: 3, expectedUpdatedAt: product.updatedAt }),
      status: 200,
    },
    {
      who: 'admin',
      method: 'PATCH',
      path: () => 'products/unknown-product',
      body: () => productForm({ stock: 3, expectedUpdatedAt: product.updatedAt }),
      status: 404,
    },
    { who: 'anonymous', method: 'DELETE', path: () => `products/${product._id}`, status: 401 },
    { who: 'shopper', method: 'DELETE', path: () => `products/${product._id}`, status: 403 },
    { who: 'admin', method: 'DELETE', path: () => 'products/unknown-product', status: 404 },
    { who: 'anonymous', method: 'GET', path: () => `products/${product._id}`, status: 200 },
    { who: 'shopper', method: 'GET', path: () => `products/${product._id}`, status: 200 },
  ];

  it.each(cases)('$who $method $status', async ({ who, method, path, body, status }) => {
    const token = who === 'admin' ? adminUser.idToken : who === 'shopper' ? shopper.idToken : undefined;
    const res = await api(path(), { method, ...(token ? { token } : {}), ...(body ? { rawBody: body() } : {}) });
    expect(res.status).toBe(status);
    expect(res.body).toMatchObject({ success: status < 300 });
  });

  it('a forged token is 401 on admin routes', async () => {
    const res = await api('products/createProducts', { method: 'POST', token: 'not-a-token', rawBody: form() });
    expect(res.status).toBe(401);
  });
});
