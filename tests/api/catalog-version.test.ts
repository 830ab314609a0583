// Reads that follow changes, not time (issue 30, docs/decisions/0031-reads-follow-changes.md):
// the function instances keep the catalogue of one version of `meta/catalog`. An admin edit
// raises it, and the lists show the edit on the very next request; an order does not raise it
// (stock lives in `variantStock`), and the lists still show the new stock.
import { beforeAll, describe, expect, it } from 'vitest';
import { admin, api, createTestUser, type TestUser } from '../support/api';
import {
  createProduct,
  placeOrder,
  productForm,
  shopperWithAddress,
  uniqueName,
  type Envelope,
  type ProductJson,
} from '../support/commerce';

const version = async () => Number((await admin().db.doc('meta/catalog').get()).get('version') ?? 0);
const list = async (path: string) => {
  const res = await api<Envelope<ProductJson[]>>(path);
  expect(res.status).toBe(200);
  return res.body.data;
};

let adminUser: TestUser;

beforeAll(async () => {
  adminUser = await createTestUser({ role: 'admin' });
});

describe('the catalogue version', () => {
  it('an admin edit raises it, and the lists and search show the new name and price on the next request', async () => {
    const name = uniqueName('Versioned duffle');
    const product = await createProduct(adminUser, { name, category: 'duffles', price: 3000, discount: 0 }, false);
    // Created: in the category list and in search at once, without waiting for any timer.
    expect((await list('products/category/duffles')).map((p) => p._id)).toContain(product._id);

    const before = await version();
    const renamed = uniqueName('Renamed duffle');
    // The admin app's path for an edit, served by the admin's function (adminApi); shoppers are refused.
    const shopper = await createTestUser();
    const refused = await api(`admin/products/${product._id}`, {
      method: 'PATCH',
      token: shopper.idToken,
      rawBody: productForm({ name: renamed }),
    });
    expect(refused.status).toBe(403);
    const res = await api<Envelope<ProductJson>>(`admin/products/${product._id}`, {
      method: 'PATCH',
      token: adminUser.idToken,
      rawBody: productForm({ name: renamed, price: 3500 }),
    });
    expect(res.status).toBe(200);
    expect(await version()).toBe(before + 1);

    const listed = (await list('products/category/duffles')).find((p) => p._id === product._id);
    expect(listed).toMatchObject({ name: renamed, price: 3500 });
    expect((await list('products')).find((p) => p._id === product._id)).toMatchObject({ name: renamed, price: 3500 });
    const found = await list(`products/search?q=${encodeURIComponent(renamed)}`);
    expect(found[0]?._id).toBe(product._id);

    expect((await api(`products/${product._id}`, { method: 'DELETE', token: adminUser.idToken })).status).toBe(200);
    expect(await version()).toBe(before + 2);
    expect((await list('products/category/duffles')).map((p) => p._id)).not.toContain(product._id);
  });

  it('an order (a stock change) leaves it alone; the lists show the new stock all the same', async () => {
    const product = await createProduct(adminUser, { category: 'backpacks', stock: 9 }, false);
    expect((await list('products/category/backpacks')).find((p) => p._id === product._id)?.stock).toBe(9);
    const before = await version();

    const shopper = await shopperWithAddress();
    const order = await placeOrder(shopper, { paymentMethod: 'COD', addressId: shopper.addressId, productId: product._id, quantity: 2 });
    expect(order.status).toBe(201);
    expect(await version()).toBe(before);

    // The instances learn of stock from their listener on variantStock: a moment, not a timer.
    await expect.poll(async () => (await list('products/category/backpacks')).find((p) => p._id === product._id)?.stock).toBe(7);
    expect(await version()).toBe(before);
    expect((await api(`products/${product._id}`, { method: 'DELETE', token: adminUser.idToken })).status).toBe(200);
  });
});
