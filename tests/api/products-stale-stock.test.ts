// Admin product edits change stock safely (issue 10): a new stock names the version of the
// product it was based on (expectedUpdatedAt); orders taken since make it stale → 409.
import { beforeAll, describe, expect, it } from 'vitest';
import { api, createTestUser, type TestUser } from '../support/api';
import {
  createProduct,
  placeOrder,
  productForm,
  shopperWithAddress,
  storedProduct,
  type Envelope,
  type ProductJson,
} from '../support/commerce';

let adminUser: TestUser;

beforeAll(async () => {
  adminUser = await createTestUser({ role: 'admin' });
});

const patch = (id: string, fields: Record<string, string | number>) =>
  api<Envelope<ProductJson>>(`products/${id}`, { method: 'PATCH', token: adminUser.idToken, rawBody: productForm(fields) });

describe('PATCH /api/products/:id with a stock change', () => {
  it('based on stock an order has changed since: 409 "This product changed since you opened it", nothing written', async () => {
    const opened = await createProduct(adminUser, { stock: 10 }); // the admin opens the form: stock 10
    const shopper = await shopperWithAddress();
    expect(
      (await placeOrder(shopper, { paymentMethod: 'COD', addressId: shopper.addressId, productId: opened._id, quantity: 3 })).status,
    ).toBe(201);
    const afterOrder = await storedProduct(opened._id);
    expect(afterOrder?.stock).toBe(7);

    // An hour later the admin saves stock 12 and a new name from the form opened before the order.
    const stale = await patch(opened._id, { stock: 12, name: 'Renamed bag', expectedUpdatedAt: opened.updatedAt });
    expect(stale.status).toBe(409);
    expect(stale.body).toEqual({ success: false, message: 'This product changed since you opened it' });
    expect(await storedProduct(opened._id)).toEqual(afterOrder); // not even the name

    // Reopened (the current updatedAt): the change goes through.
    const current = (await api<Envelope<ProductJson>>(`products/${opened._id}?fresh=${Date.now()}`)).body.data;
    const fresh = await patch(opened._id, { stock: 12, expectedUpdatedAt: current.updatedAt });
    expect(fresh.status).toBe(200);
    expect(fresh.body.data.stock).toBe(12);
    expect((await storedProduct(opened._id))?.stock).toBe(12);
  });

  it('a typo fix from an old form (no stock sent) does not touch the stock', async () => {
    const opened = await createProduct(adminUser, { stock: 10 });
    const shopper = await shopperWithAddress();
    expect(
      (await placeOrder(shopper, { paymentMethod: 'COD', addressId: shopper.addressId, productId: opened._id, quantity: 2 })).status,
    ).toBe(201);
    const res = await patch(opened._id, { description: 'Fixed a typo', expectedUpdatedAt: opened.updatedAt });
    expect(res.status).toBe(200);
    expect(await storedProduct(opened._id)).toMatchObject({ stock: 8, description: 'Fixed a typo' });
  });

  it('a stock change without expectedUpdatedAt is refused (400) and writes nothing', async () => {
    const p = await createProduct(adminUser, { stock: 5 });
    const before = await storedProduct(p._id);
    const res = await patch(p._id, { stock: 50 });
    expect(res.status).toBe(400);
    expect(res.body.message).toMatch(/expectedUpdatedAt/);
    expect(await storedProduct(p._id)).toEqual(before);
    expect((await patch(p._id, { stock: 50, expectedUpdatedAt: 'not a date' })).status).toBe(400);
  });
});
