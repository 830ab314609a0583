import { beforeAll, describe, expect, it } from 'vitest';
import { admin, api, createTestUser, type TestUser } from '../support/api';
import {
  cartOf,
  createProduct,
  ordersOf,
  placeOrder,
  setCart,
  shopperWithAddress,
  stockOf,
  type Envelope,
  type OrderJson,
  type ProductJson,
} from '../support/commerce';

let adminUser: TestUser;

beforeAll(async () => {
  adminUser = await createTestUser({ role: 'admin' });
});

describe('placing orders', () => {
  it('a COD cart order: prices from Firestore, stock taken, ordered lines cleared, history recorded', async () => {
    const shopper = await shopperWithAddress();
    const a = await createProduct(adminUser, { price: 2000, discount: 500, stock: 10 });
    const b = await createProduct(adminUser, { price: 999, discount: 0, stock: 3 });
    await setCart(shopper.uid, { [a._id]: 2, [b._id]: 3 });

    // Everything the client says about money, owner or status is ignored.
    const res = await placeOrder(shopper, {
      paymentMethod: 'COD',
      addressId: shopper.addressId,
      totalAmount: 1,
      subtotal: 1,
      userId: 'someone-else',
      status: 'completed',
      items: [{ _id: a._id, price: 1, discount: 1999, quantity: 2 }],
      payment: { status: 'paid' },
    });
    expect(res.status).toBe(201);
    expect(res.body.message).toBe('Order placed successfully with COD');
    const order = res.body.data;
    expect(order.userId).toBe(shopper.uid);
    expect(order.user).toMatchObject({ _id: shopper.uid, email: shopper.email, fullname: { firstname: 'Shopper', lastname: 'User' } });
    expect(order.items).toHaveLength(2);
    expect(order.items.find((i) => i._id === a._id)).toMatchObject({
      name: a.name,
      price: 2000,
      discount: 500,
      quantity: 2,
      product: { _id: a._id, image: a.image },
    });
    expect(order.items.find((i) => i._id === b._id)).toMatchObject({ price: 999, discount: 0, quantity: 3 });
    expect(order.subtotal).toBe(2000 * 2 + 999 * 3);
    expect(order.totalAmount).toBe(1500 * 2 + 999 * 3);
    expect(order).toMatchObject({ status: 'pending', paymentMethod: 'COD', payment: { status: 'unpaid', sessionId: null, paidAt: null } });
    expect(order.shippingAddress).toMatchObject({ street: '12 MG Road', city: 'Pune', postalCode: '411001', country: 'India' });
    expect(order.statusHistory).toEqual([{ status: 'pending', at: order.createdAt, by: shopper.uid }]);

    expect(await stockOf(a._id)).toBe(8);
    expect(await stockOf(b._id)).toBe(0);
    expect(await cartOf(shopper.uid)).toEqual({});
    const stored = (await admin().db.doc(`orders/${order._id}`).get()).data();
    expect(stored).toMatchObject({ userId: shopper.uid, totalAmount: 1500 * 2 + 999 * 3, status: 'pending' });
  });

  it('Buy Now orders one product (quantity defaults to 1) and leaves the rest of the cart alone', async () => {
    const shopper = await shopperWithAddress();
    const a = await createProduct(adminUser, { price: 1200, discount: 200, stock: 5 });
    const other = await createProduct(adminUser, { stock: 5 });
    await setCart(shopper.uid, { [a._id]: 3, [other._id]: 1 });

    const res = await placeOrder(shopper, { paymentMethod: 'COD', addressId: shopper.addressId, productId: a._id });
    expect(res.status).toBe(201);
    expect(res.body.data.items).toEqual([expect.objectContaining({ _id: a._id, quantity: 1, price: 1200, discount: 200 })]);
    expect(res.body.data.totalAmount).toBe(1000);
    expect(await stockOf(a._id)).toBe(4);
    expect(await stockOf(other._id)).toBe(5);
    // Only what was bought leaves the cart: the Buy Now line drops by 1, the other line stays.
    expect(await cartOf(shopper.uid)).toEqual({ [a._id]: 2, [other._id]: 1 });

    const two = await placeOrder(shopper, { paymentMethod: 'COD', addressId: shopper.addressId, productId: other._id, quantity: 2 });
    expect(two.status).toBe(201);
    expect(two.body.data.items[0]?.quantity).toBe(2);
    expect(await cartOf(shopper.uid)).toEqual({ [a._id]: 2 });
  });

  it('an empty cart is 400 Your cart is empty', async () => {
    const shopper = await shopperWithAddress();
    const res = await placeOrder(shopper, { paymentMethod: 'COD', addressId: shopper.addressId });
    expect(res.status).toBe(400);
    expect(res.body).toEqual({ success: false, message: 'Your cart is empty' });
  });

  it('someone else’s address is 404 and nothing is written', async () => {
    const shopper = await shopperWithAddress();
    const other = await shopperWithAddress();
    const p = await createProduct(adminUser, { stock: 4 });
    await setCart(shopper.uid, { [p._id]: 1 });
    const res = await placeOrder(shopper, { paymentMethod: 'COD', addressId: other.addressId });
    expect(res.status).toBe(404);
    expect(res.body).toEqual({ success: false, message: 'Address not found' });
    expect(await stockOf(p._id)).toBe(4);
    expect(await ordersOf(shopper.uid)).toHaveLength(0);
  });

  it('more than the stock is 409 naming the product and what is left; nothing is written', async () => {
    const shopper = await shopperWithAddress();
    const plenty = await createProduct(adminUser, { stock: 10 });
    const few = await createProduct(adminUser, { stock: 2 });
    await setCart(shopper.uid, { [plenty._id]: 1, [few._id]: 3 });
    const res = await placeOrder(shopper, { paymentMethod: 'COD', addressId: shopper.addressId });
    expect(res.status).toBe(409);
    expect(res.body).toEqual({ success: false, message: `Only 2 left of '${few.name}'` });
    expect(await stockOf(plenty._id)).toBe(10);
    expect(await stockOf(few._id)).toBe(2);
    expect(await cartOf(shopper.uid)).toEqual({ [plenty._id]: 1, [few._id]: 3 });
    expect(await ordersOf(shopper.uid)).toHaveLength(0);

    const none = await createProduct(adminUser, { stock: 0 });
    const out = await placeOrder(shopper, { paymentMethod: 'COD', addressId: shopper.addressId, productId: none._id });
    expect(out.status).toBe(409);
    expect(out.body.message).toBe(`'${none.name}' is out of stock`);
  });

  it('an unknown Buy Now product is 404; a deleted product in the cart is 409', async () => {
    const shopper = await shopperWithAddress();
    const res = await placeOrder(shopper, { paymentMethod: 'COD', addressId: shopper.addressId, productId: 'no-such-product' });
    expect(res.status).toBe(404);
    const gone = await createProduct(adminUser);
    await setCart(shopper.uid, { [gone._id]: 1 });
    await api(`products/${gone._id}`, { method: 'DELETE', token: adminUser.idToken });
    const stale = await placeOrder(shopper, { paymentMethod: 'COD', addressId: shopper.addressId });
    expect(stale.status).toBe(409);
    expect(await ordersOf(shopper.uid)).toHaveLength(0);
  });

  it('deleting a product leaves existing orders whole', async () => {
    const shopper = await shopperWithAddress();
    const p = await createProduct(adminUser, { price: 700, discount: 100, stock: 3 });
    const placed = await placeOrder(shopper, { paymentMethod: 'COD', addressId: shopper.addressId, productId: p._id, quantity: 2 });
    expect(placed.status).toBe(201);
    expect((await api(`products/${p._id}`, { method: 'DELETE', token: adminUser.idToken })).status).toBe(200);
    const read = await api<Envelope<OrderJson>>(`order/${placed.body.data._id}`, { token: shopper.idToken });
    expect(read.status).toBe(200);
    expect(read.body.data.items[0]).toMatchObject({
      _id: p._id,
      name: p.name,
      price: 700,
      discount: 100,
      quantity: 2,
      product: { image: p.image },
    });
    expect(read.body.data.totalAmount).toBe(1200);
    // Cancelling it still works; there is no product to return the stock to.
    const cancelled = await api<Envelope<OrderJson>>(`order/${placed.body.data._id}/cancel`, { method: 'POST', token: shopper.idToken });
    expect(cancelled.status).toBe(200);
    expect(cancelled.body.data.status).toBe('cancelled');
  });
});

describe('reading orders', () => {
  let shopper: TestUser & { addressId: string };
  let other: TestUser & { addressId: string };
  let p: ProductJson;
  const placed: string[] = [];

  beforeAll(async () => {
    [shopper, other] = await Promise.all([shopperWithAddress(), shopperWithAddress()]);
    p = await createProduct(adminUser, { stock: 100 });
    for (let i = 0; i < 3; i += 1) {
      const r = await placeOrder(shopper, { paymentMethod: 'COD', addressId: shopper.addressId, productId: p._id });
      placed.push(r.body.data._id);
    }
    await placeOrder(other, { paymentMethod: 'COD', addressId: other.addressId, productId: p._id });
  });

  it('my-order lists only my orders, newest first', async () => {
    const res = await api<Envelope<OrderJson[]>>('order/my-order', { token: shopper.idToken });
    expect(res.status).toBe(200);
    expect(res.body.data.map((o) => o._id)).toEqual([...placed].reverse());
    expect(res.headers.get('cache-control')).toContain('no-store');
  });

  it('all (admin) is newest first, filters by status and pages with a cursor', async () => {
    const all = await api<Envelope<OrderJson[]>>('order/all?limit=100', { token: adminUser.idToken });
    expect(all.status).toBe(200);
    const times = all.body.data.map((o) => Date.parse(o.createdAt));
    expect(times).toEqual([...times].sort((x, y) => y - x));
    for (const id of placed) expect(all.body.data.some((o) => o._id === id)).toBe(true);

    const first = await api<Envelope<OrderJson[]>>('order/all?limit=2', { token: adminUser.idToken });
    expect(first.body.data).toHaveLength(2);
    const cursor = first.headers.get('x-next-cursor');
    expect(cursor).toBe(first.body.data[1]?._id);
    const second = await api<Envelope<OrderJson[]>>(`order/all?limit=2&cursor=${cursor}`, { token: adminUser.idToken });
    expect(second.body.data).toHaveLength(2);
    expect(second.body.data[0]?._id).toBe(all.body.data[2]?._id);

    await api(`order/${placed[0]}/status`, { method: 'PATCH', token: adminUser.idToken, body: { status: 'confirmed' } });
    const confirmed = await api<Envelope<OrderJson[]>>('order/all?status=confirmed', { token: adminUser.idToken });
    expect(confirmed.body.data.length).toBeGreaterThanOrEqual(1);
    expect(confirmed.body.data.every((o) => o.status === 'confirmed')).toBe(true);
    expect(confirmed.body.data.some((o) => o._id === placed[0])).toBe(true);

    const bad = await api('order/all?status=lost', { token: adminUser.idToken });
    expect(bad.status).toBe(400);
    expect((await api('order/all?limit=0', { token: adminUser.idToken })).status).toBe(400);
    expect((await api('order/all?limit=abc', { token: adminUser.idToken })).status).toBe(400);
    expect((await api('order/all?cursor=no-such-order', { token: adminUser.idToken })).status).toBe(400);
  });

  it('one order: owner and admin see it, another shopper gets 404, anonymous 401', async () => {
    const id = placed[1] ?? '';
    expect((await api(`order/${id}`, { token: shopper.idToken })).status).toBe(200);
    expect((await api(`order/${id}`, { token: adminUser.idToken })).status).toBe(200);
    const theirs = await api(`order/${id}`, { token: other.idToken });
    expect(theirs.status).toBe(404);
    expect(theirs.body).toEqual({ success: false, message: 'Order not found' });
    expect((await api(`order/${id}`)).status).toBe(401);
    expect((await api('order/does-not-exist', { token: shopper.idToken })).status).toBe(404);
  });
});

describe('cancelling and the status lifecycle', () => {
  it('the owner cancels a pending order once: stock comes back exactly once', async () => {
    const shopper = await shopperWithAddress();
    const p = await createProduct(adminUser, { stock: 5 });
    const placed = await placeOrder(shopper, { paymentMethod: 'COD', addressId: shopper.addressId, productId: p._id, quantity: 3 });
    expect(await stockOf(p._id)).toBe(2);
    const id = placed.body.data._id;
    // Two cancels at once: one wins, the other finds it already cancelled.
    const [x, y] = await Promise.all([
      api<Envelope<OrderJson>>(`order/${id}/cancel`, { method: 'POST', token: shopper.idToken }),
      api<Envelope<OrderJson>>(`order/${id}/cancel`, { method: 'POST', token: shopper.idToken }),
    ]);
    expect([x.status, y.status].sort()).toEqual([200, 409]);
    expect(await stockOf(p._id)).toBe(5);
    const again = await api(`order/${id}/cancel`, { method: 'POST', token: shopper.idToken });
    expect(again.status).toBe(409);
    expect(await stockOf(p._id)).toBe(5);
    const order = (await api<Envelope<OrderJson>>(`order/${id}`, { token: shopper.idToken })).body.data;
    expect(order.status).toBe('cancelled');
    expect(order.statusHistory.map((h) => [h.status, h.by])).toEqual([
      ['pending', shopper.uid],
      ['cancelled', shopper.uid],
    ]);
  });

  it('a shopper cannot cancel a confirmed order, nor someone else’s; an admin can cancel a confirmed one', async () => {
    const shopper = await shopperWithAddress();
    const stranger = await createTestUser();
    const p = await createProduct(adminUser, { stock: 5 });
    const id = (await placeOrder(shopper, { paymentMethod: 'COD', addressId: shopper.addressId, productId: p._id, quantity: 2 })).body.data
      ._id;
    expect((await api(`order/${id}/cancel`, { method: 'POST', token: stranger.idToken })).status).toBe(404);
    expect((await api(`order/${id}/cancel`, { method: 'POST' })).status).toBe(401);
    expect((await api(`order/${id}/status`, { method: 'PATCH', token: adminUser.idToken, body: { status: 'confirmed' } })).status).toBe(
      200,
    );
    const mine = await api(`order/${id}/cancel`, { method: 'POST', token: shopper.idToken });
    expect(mine.status).toBe(409);
    expect(await stockOf(p._id)).toBe(3);
    const byAdmin = await api<Envelope<OrderJson>>(`order/${id}/cancel`, { method: 'POST', token: adminUser.idToken });
    expect(byAdmin.status).toBe(200);
    expect(byAdmin.body.data.status).toBe('cancelled');
    expect(await stockOf(p._id)).toBe(5);
  });

  it('admins move orders only along the lifecycle, each change recorded with who and when', async () => {
    const shopper = await shopperWithAddress();
    const p = await createProduct(adminUser, { stock: 5 });
    const id = (await placeOrder(shopper, { paymentMethod: 'COD', addressId: shopper.addressId, productId: p._id })).body.data._id;
    const move = (status: string, token = adminUser.idToken) =>
      api<Envelope<OrderJson>>(`order/${id}/status`, { method: 'PATCH', token, body: { status } });

    expect((await move('shipped')).status).toBe(409); // pending → shipped skips confirmed
    expect((await move('completed')).status).toBe(409);
    expect((await move('confirmed', shopper.idToken)).status).toBe(403);
    expect((await move('confirmed')).status).toBe(200);
    expect((await move('confirmed')).status).toBe(409);
    expect((await move('pending')).status).toBe(409); // never backwards
    expect((await move('shipped')).status).toBe(200);
    expect((await move('cancelled')).status).toBe(409); // shipped cannot be cancelled
    const done = await move('completed');
    expect(done.status).toBe(200);
    expect(done.body.data.statusHistory.map((h) => [h.status, h.by])).toEqual([
      ['pending', shopper.uid],
      ['confirmed', adminUser.uid],
      ['shipped', adminUser.uid],
      ['completed', adminUser.uid],
    ]);
    const times = done.body.data.statusHistory.map((h) => Date.parse(h.at));
    expect(times).toEqual([...times].sort((a, b) => a - b));
    expect((await move('cancelled')).status).toBe(409);
    expect(await stockOf(p._id)).toBe(4);
  });

  it('cancelling through the status route restores stock once', async () => {
    const shopper = await shopperWithAddress();
    const p = await createProduct(adminUser, { stock: 6 });
    const id = (await placeOrder(shopper, { paymentMethod: 'COD', addressId: shopper.addressId, productId: p._id, quantity: 4 })).body.data
      ._id;
    expect(await stockOf(p._id)).toBe(2);
    expect((await api(`order/${id}/status`, { method: 'PATCH', token: adminUser.idToken, body: { status: 'cancelled' } })).status).toBe(
      200,
    );
    expect((await api(`order/${id}/status`, { method: 'PATCH', token: adminUser.idToken, body: { status: 'cancelled' } })).status).toBe(
      409,
    );
    expect((await api(`order/${id}/cancel`, { method: 'POST', token: adminUser.idToken })).status).toBe(409);
    expect(await stockOf(p._id)).toBe(6);
  });
});
