import { describe, expect, it } from 'vitest';
import { api, createTestUser } from '../support/api';
import {
  cartOf,
  createProduct,
  ordersOf,
  placeOrderDelivered,
  setCart,
  shopperWithAddress,
  stockOf,
  warmFunctionWorkers,
} from '../support/commerce';

// docs/decisions/0016-demo-data-and-tests-on-emulators.md: the Firestore emulator may abort heavily contended transactions; the
// service answers those with 409 too. What must never happen: overselling, negative stock.
// (See warmFunctionWorkers on the emulator's worker start-up limit.)
describe('20 shoppers racing for 5 units', () => {
  it('never oversells; stock never negative; losers get 409 and keep their cart', async () => {
    const adminUser = await createTestUser({ role: 'admin' });
    const product = await createProduct(adminUser, { price: 2000, discount: 0, stock: 5 });
    const shoppers = await Promise.all(Array.from({ length: 20 }, () => shopperWithAddress()));
    await Promise.all(shoppers.map((s) => setCart(s.uid, { [product._id]: 1 })));
    await warmFunctionWorkers(shoppers);

    const results = await Promise.all(shoppers.map((s) => placeOrderDelivered(s, { paymentMethod: 'COD', addressId: s.addressId })));
    const statuses = results.map((r) => r.status);
    const winners = shoppers.filter((_, i) => statuses[i] === 201);
    const losers = shoppers.filter((_, i) => statuses[i] !== 201);

    expect(
      statuses.every((s) => s === 201 || s === 409),
      JSON.stringify(results.map((r) => [r.status, r.body.message])),
    ).toBe(true);
    expect(winners.length).toBeGreaterThanOrEqual(1);
    expect(winners.length).toBeLessThanOrEqual(5);
    const stock = await stockOf(product._id);
    expect(stock).toBeGreaterThanOrEqual(0);
    expect(stock).toBe(5 - winners.length);

    for (const r of results.filter((x) => x.status === 409)) {
      expect(r.body.success).toBe(false);
      expect(r.body.message).toMatch(/out of stock|Only \d+ left|Too many people are ordering this right now/);
    }
    const orderCounts = await Promise.all(shoppers.map((s) => ordersOf(s.uid).then((o) => o.length)));
    expect(orderCounts.reduce((a, b) => a + b, 0)).toBe(winners.length);
    for (const w of winners) expect(await cartOf(w.uid)).toEqual({});
    for (const l of losers) expect(await cartOf(l.uid)).toEqual({ [product._id]: 1 });

    // The stock that is left can still be bought: nothing is stuck.
    if (stock > 0) {
      const late = await shopperWithAddress();
      const res = await placeOrderDelivered(late, {
        paymentMethod: 'COD',
        addressId: late.addressId,
        productId: product._id,
        quantity: stock,
      });
      expect(res.status).toBe(201);
      expect(await stockOf(product._id)).toBe(0);
    }
    console.log(
      `race: ${winners.length} won, ${losers.length} got 409 (${results.filter((r) => /Too many/.test(r.body.message ?? '')).length} of them contention)`,
    );
  }, 120_000);
});

describe('order creation is rate limited', () => {
  it('answers 429 with Retry-After after the per-user limit', async () => {
    const shopper = await shopperWithAddress();
    const limit = Number(process.env.RATE_LIMIT_ORDER ?? 20);
    let last = await api('order', { method: 'POST', token: shopper.idToken, body: { paymentMethod: 'COD', addressId: shopper.addressId } });
    for (let i = 1; i <= limit && last.status !== 429; i += 1) {
      last = await api('order', { method: 'POST', token: shopper.idToken, body: { paymentMethod: 'COD', addressId: shopper.addressId } });
    }
    expect(last.status).toBe(429);
    expect(Number(last.headers.get('retry-after'))).toBeGreaterThan(0);
    expect(last.body).toMatchObject({ success: false });
    // Another shopper is not affected.
    const other = await shopperWithAddress();
    const res = await api('order', { method: 'POST', token: other.idToken, body: { paymentMethod: 'COD', addressId: other.addressId } });
    expect(res.status).toBe(400); // empty cart, but not limited
  }, 60_000);
});
