import { describe, expect, it } from 'vitest';
import { admin, api, createTestUser } from '../support/api';
import { cartQuantity, createProduct, expectFailure } from '../support/accounts';

interface Line {
  product: { _id: string; name: string; price: number; stock: number };
  quantity: number;
}
type Ok<T> = { success: true; data: T; message?: string };

const lines = (res: { body: unknown }) => (res.body as Ok<Line[]>).data.map((l) => [l.product._id, l.quantity]);

describe('cart', () => {
  it('adds (default 1), adds onto the existing quantity, and answers the cart with full current products', async () => {
    const u = await createTestUser();
    const bag = await createProduct({ stock: 10, price: 3499 });
    const first = await api<Ok<Line[]>>(`cart/${bag.id}`, { method: 'POST', token: u.idToken });
    expect(first.status).toBe(200);
    expect(first.body.message).toBe('Product added successfully');
    expect(lines(first)).toEqual([[bag.id, 1]]);
    const more = await api<Ok<Line[]>>(`cart/${bag.id}`, { method: 'POST', token: u.idToken, body: { quantity: 3, price: 1 } });
    expect(lines(more)).toEqual([[bag.id, 4]]);
    expect(more.body.data[0]?.product).toMatchObject({ _id: bag.id, name: bag.name, price: 3499, stock: 10, category: 'backpacks' });

    const line = (await admin().db.doc(`users/${u.uid}/cart/${bag.id}`).get()).data();
    expect(Object.keys(line ?? {}).sort()).toEqual(['addedAt', 'quantity', 'updatedAt']);

    // The answer carries the product as it is now.
    await admin().db.doc(`products/${bag.id}`).update({ price: 2999 });
    const read = await api<Ok<Line[]>>('cart', { token: u.idToken });
    expect(read.body.data[0]?.product.price).toBe(2999);
  });

  it('never goes above stock: 409 naming the product and how many are left; out of stock → 409; unknown → 404', async () => {
    const u = await createTestUser();
    const bag = await createProduct({ stock: 3, name: `Trail Pack ${Date.now()}` });
    expect((await api(`cart/${bag.id}`, { method: 'POST', token: u.idToken, body: { quantity: 2 } })).status).toBe(200);
    const over = await api(`cart/${bag.id}`, { method: 'POST', token: u.idToken, body: { quantity: 2 } });
    expectFailure(over, 409);
    expect((over.body as { message: string }).message).toBe(`Only 3 left of '${bag.name}' (you already have 2 in your cart)`);
    expect(await cartQuantity(u.uid, bag.id)).toBe(2);

    const gone = await createProduct({ stock: 0, name: `Sold Out Duffle ${Date.now()}` });
    const sold = await api(`cart/${gone.id}`, { method: 'POST', token: u.idToken });
    expectFailure(sold, 409);
    expect((sold.body as { message: string }).message).toBe(`'${gone.name}' is out of stock`);
    expect(await cartQuantity(u.uid, gone.id)).toBe(0);

    const unknown = await api('cart/no-such-product-here', { method: 'POST', token: u.idToken });
    expectFailure(unknown, 404);
    expect(unknown.body).toMatchObject({ message: 'Product not found' });
  });

  it('increments up to stock, decrements, and decrement at 1 removes the line', async () => {
    const u = await createTestUser();
    const bag = await createProduct({ stock: 2 });
    await api(`cart/${bag.id}`, { method: 'POST', token: u.idToken });
    const up = await api(`cart/increment/${bag.id}`, { method: 'PATCH', token: u.idToken });
    expect(up.status).toBe(200);
    expect(lines(up)).toEqual([[bag.id, 2]]);
    expectFailure(await api(`cart/increment/${bag.id}`, { method: 'PATCH', token: u.idToken }), 409);
    expect(await cartQuantity(u.uid, bag.id)).toBe(2);

    const down = await api(`cart/decrement/${bag.id}`, { method: 'PATCH', token: u.idToken });
    expect(lines(down)).toEqual([[bag.id, 1]]);
    const removed = await api(`cart/decrement/${bag.id}`, { method: 'PATCH', token: u.idToken });
    expect(removed.status).toBe(200);
    expect(lines(removed)).toEqual([]);
    expect((await admin().db.doc(`users/${u.uid}/cart/${bag.id}`).get()).exists).toBe(false);
    expectFailure(await api(`cart/decrement/${bag.id}`, { method: 'PATCH', token: u.idToken }), 404);
    expectFailure(await api(`cart/increment/${bag.id}`, { method: 'PATCH', token: u.idToken }), 404);
  });

  it('removes one line, clears the cart, and drops lines whose product was deleted', async () => {
    const u = await createTestUser();
    const a = await createProduct();
    const b = await createProduct();
    const c = await createProduct();
    for (const p of [a, b, c]) await api(`cart/${p.id}`, { method: 'POST', token: u.idToken });

    await admin().db.doc(`products/${c.id}`).delete();
    const read = await api('cart', { token: u.idToken });
    expect(lines(read)).toEqual([
      [a.id, 1],
      [b.id, 1],
    ]);

    const removed = await api(`cart/${a.id}`, { method: 'DELETE', token: u.idToken });
    expect(lines(removed)).toEqual([[b.id, 1]]);
    expectFailure(await api(`cart/${a.id}`, { method: 'DELETE', token: u.idToken }), 404);

    const cleared = await api('cart/deleteCart', { method: 'DELETE', token: u.idToken });
    expect(cleared.status).toBe(200);
    expect(cleared.body).toEqual({ success: true, data: [], message: 'Cart cleared' });
    expect((await admin().db.collection(`users/${u.uid}/cart`).get()).size).toBe(0);
  });

  it('decrement still works when stock dropped below the line; increment then answers 409', async () => {
    const u = await createTestUser();
    const bag = await createProduct({ stock: 5 });
    await api(`cart/${bag.id}`, { method: 'POST', token: u.idToken, body: { quantity: 4 } });
    await admin().db.doc(`products/${bag.id}`).update({ stock: 1 });
    expectFailure(await api(`cart/increment/${bag.id}`, { method: 'PATCH', token: u.idToken }), 409);
    expect(lines(await api(`cart/decrement/${bag.id}`, { method: 'PATCH', token: u.idToken }))).toEqual([[bag.id, 3]]);
  });

  it('parallel adds from one shopper never take the line above stock (losers get 409, never 5xx)', async () => {
    // Modest parallelism: the Functions emulator starts a worker per concurrent request.
    const u = await createTestUser();
    const bag = await createProduct({ stock: 5 });
    const results = await Promise.all(
      Array.from({ length: 4 }, () => api(`cart/${bag.id}`, { method: 'POST', token: u.idToken, body: { quantity: 2 } })),
    );
    const statuses = results.map((r) => r.status);
    expect(
      statuses.every((s) => s === 200 || s === 409),
      statuses.join(','),
    ).toBe(true);
    const quantity = await cartQuantity(u.uid, bag.id);
    expect(quantity).toBeLessThanOrEqual(5);
    expect(quantity).toBe(2 * statuses.filter((s) => s === 200).length);
    expect(statuses.filter((s) => s === 200)).toHaveLength(2);
  });
});
