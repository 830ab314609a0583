// Cash-on-delivery orders the shopper confirms, and stock nobody can hold hostage (issue 25,
// docs/fulfilment.md). The test runs keep COD_CONFIRMATION=required and the default caps
// (MAX_HELD_UNITS 20, MAX_CART_LINES 20, MAX_UNPAID_CANCELS_PER_DAY 3); expiry is tried by
// moving an order's `cod.confirmBy` into the past, then waiting for the sweep.
import { Timestamp } from 'firebase-admin/firestore';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { admin, api, createTestUser, type TestUser } from '../support/api';
import {
  cartOf,
  createProduct,
  type Envelope,
  type OrderJson,
  placeUnconfirmedOrder,
  setCart,
  shopperWithAddress,
  stockOf,
  storedOrder,
} from '../support/commerce';
import { eventually, startTestCheckout, type StripeLocal } from '../support/stripe';

let adminUser: TestUser;
let checkout: StripeLocal;

beforeAll(async () => {
  adminUser = await createTestUser({ role: 'admin' });
  checkout = await startTestCheckout();
});

afterAll(async () => {
  await checkout.close();
});

type CodOrder = OrderJson & {
  cod: { required: boolean; confirmBy: string | null; confirmedAt: string | null; confirmedBy: string | null; via: string | null } | null;
  payment: OrderJson['payment'] & { holdUntil: string | null };
};

async function codOrder(options: { quantity?: number; stock?: number } = {}) {
  const shopper = await shopperWithAddress();
  const product = await createProduct(adminUser, { price: 1200, discount: 0, stock: options.stock ?? 10 });
  const placed = await placeUnconfirmedOrder(shopper, {
    paymentMethod: 'COD',
    addressId: shopper.addressId,
    productId: product._id,
    quantity: options.quantity ?? 2,
  });
  expect(placed.status).toBe(201);
  return { shopper, product, order: placed.body.data as CodOrder };
}

const confirmCod = (orderId: string, body: Record<string, unknown> = {}, token?: string) =>
  api<Envelope<CodOrder>>(`order/${orderId}/confirm-cod`, { method: 'POST', body, ...(token ? { token } : {}) });

const setStatus = (orderId: string, status: string) =>
  api<Envelope<CodOrder>>(`order/${orderId}/status`, { method: 'PATCH', token: adminUser.idToken, body: { status } });

// Each case makes ten or more calls through the emulators: room for a busy machine.
describe('COD confirmation', { timeout: 90_000 }, () => {
  it('a new COD order waits for the shopper; the admin cannot confirm it until then', async () => {
    const { shopper, order } = await codOrder();
    expect(order.cod).toMatchObject({ required: true, confirmedAt: null, via: null });
    const wait = Date.parse(order.cod?.confirmBy ?? '') - Date.parse(order.createdAt);
    expect(Math.round(wait / 1000)).toBe(86_400);
    const refused = await setStatus(order._id, 'confirmed');
    expect(refused.status).toBe(409);
    expect(refused.body.message).toBe(
      'The shopper has not confirmed this cash-on-delivery order: ask them to confirm it, or call them and record "confirmed by phone"',
    );

    // Anonymous without a token 401, another shopper 404, the owner 200 (and again: still 200).
    expect((await confirmCod(order._id)).status).toBe(401);
    const stranger = await shopperWithAddress();
    expect((await confirmCod(order._id, {}, stranger.idToken)).status).toBe(404);
    const ok = await confirmCod(order._id, {}, shopper.idToken);
    expect(ok.status).toBe(200);
    expect(ok.body.data.cod).toMatchObject({ confirmedBy: shopper.uid, via: 'shopper' });
    expect(ok.body.data.status).toBe('pending');
    expect((await confirmCod(order._id, {}, shopper.idToken)).status).toBe(200);
    expect((await setStatus(order._id, 'confirmed')).status).toBe(200);
  });

  it('the placed-order mail carries a signed "Confirm order" link that works without signing in', async () => {
    const { shopper, order } = await codOrder();
    const mails = await admin().db.collection('mail').where('orderId', '==', order._id).where('kind', '==', 'order_placed').get();
    const text = String(mails.docs[0]?.get('message.text') ?? '');
    const link = /Confirm order: (\S+)/.exec(text)?.[1] ?? '';
    expect(link).toContain(`/orders/${order._id}?confirm=`);
    const token = decodeURIComponent(new URL(link).searchParams.get('confirm') ?? '');
    expect((await confirmCod(order._id, { token: `${token}x` })).status).toBe(404);
    // A token is for its own order only.
    const other = await codOrder();
    expect((await confirmCod(other.order._id, { token })).status).toBe(404);
    const ok = await confirmCod(order._id, { token });
    expect(ok.status).toBe(200);
    expect(ok.body.data.cod).toMatchObject({ via: 'shopper', confirmedBy: shopper.uid });
  });

  it('the admin records "confirmed by phone" (who and when); a shopper cannot', async () => {
    const { shopper, order } = await codOrder();
    expect((await confirmCod(order._id, { confirmedByPhone: true }, shopper.idToken)).status).toBe(403);
    const res = await confirmCod(order._id, { confirmedByPhone: true }, adminUser.idToken);
    expect(res.status).toBe(200);
    expect(res.body.message).toBe('Recorded as confirmed by phone');
    expect(res.body.data.cod).toMatchObject({ via: 'phone', confirmedBy: adminUser.uid });
    expect(Date.parse(res.body.data.cod?.confirmedAt ?? '')).toBeGreaterThan(Date.now() - 60_000);
    expect((await setStatus(order._id, 'confirmed')).status).toBe(200);
  });

  it('an unconfirmed order past COD_CONFIRM_SECONDS is cancelled by the sweep: stock back, the shopper mailed', async () => {
    const { shopper, product, order } = await codOrder({ quantity: 3, stock: 10 });
    expect(await stockOf(product._id)).toBe(7);
    await admin()
      .db.doc(`orders/${order._id}`)
      .update({ 'cod.confirmBy': Timestamp.fromMillis(Date.now() - 1000) });
    await eventually(async () => (await storedOrder(order._id)).status === 'cancelled', 30_000, 'the sweep to cancel the order');
    expect(await stockOf(product._id)).toBe(10);
    const data = await storedOrder(order._id);
    expect((data.statusHistory as { status: string; by: string }[]).at(-1)).toMatchObject({ status: 'cancelled', by: 'system' });
    const mails = await admin().db.collection('mail').where('orderId', '==', order._id).where('kind', '==', 'order_cancelled').get();
    expect(mails.size).toBe(1);
    // Too late to confirm now.
    expect((await confirmCod(order._id, {}, shopper.idToken)).status).toBe(409);
  });

  it('"Pay online instead" turns the pending COD order into a card order with the same stock', async () => {
    const { shopper, product, order } = await codOrder({ quantity: 2, stock: 5 });
    const res = await api<Envelope<CodOrder>>(`order/${order._id}/pay-online`, { method: 'POST', token: shopper.idToken, body: {} });
    expect(res.status).toBe(200);
    expect(res.body.data).toMatchObject({ _id: order._id, paymentMethod: 'ONLINE', status: 'pending', cod: null });
    expect(await stockOf(product._id)).toBe(3);
    const hold = Date.parse(res.body.data.payment.holdUntil ?? '');
    expect(hold).toBeGreaterThan(Date.now());
    const pay = await api<Envelope<{ url: string }>>('payment', { method: 'POST', token: shopper.idToken, body: { orderId: order._id } });
    expect(pay.status).toBe(200);
    expect(pay.body.data.url).toContain(checkout.url);
    // The payment call does not stretch the hold.
    expect(((await storedOrder(order._id)).payment.holdUntil as Timestamp).toMillis()).toBe(hold);
    expect((await api(`order/${order._id}/pay-online`, { method: 'POST', token: shopper.idToken, body: {} })).status).toBe(409);
  });
});

describe('stock nobody can hold hostage', { timeout: 90_000 }, () => {
  it('placing an order (any method) empties the ordered lines from the cart', async () => {
    const shopper = await shopperWithAddress();
    const a = await createProduct(adminUser, { stock: 5 });
    const b = await createProduct(adminUser, { stock: 5 });
    await setCart(shopper.uid, { [a._id]: 1, [b._id]: 2 });
    const placed = await placeUnconfirmedOrder(shopper, { paymentMethod: 'ONLINE', addressId: shopper.addressId });
    expect(placed.status).toBe(201);
    expect(await cartOf(shopper.uid)).toEqual({});
    // The same cart cannot be ordered again.
    const again = await placeUnconfirmedOrder(shopper, { paymentMethod: 'ONLINE', addressId: shopper.addressId });
    expect(again.status).toBe(400);
    expect(again.body.message).toBe('Your cart is empty');
  });

  it(`at most MAX_HELD_UNITS (20) units in unpaid or unconfirmed orders (409)`, async () => {
    const shopper = await shopperWithAddress();
    // Cheap enough that ten of them stay under the cash-on-delivery order limit.
    const product = await createProduct(adminUser, { price: 100, discount: 0, stock: 100 });
    const body = { paymentMethod: 'COD', addressId: shopper.addressId, productId: product._id, quantity: 10 };
    expect((await placeUnconfirmedOrder(shopper, body)).status).toBe(201);
    expect((await placeUnconfirmedOrder(shopper, body)).status).toBe(201);
    const third = await placeUnconfirmedOrder(shopper, { ...body, quantity: 1 });
    expect(third.status).toBe(409);
    expect(third.body.message).toBe(
      'You already hold 20 items in unpaid or unconfirmed orders, and at most 20 can be held at once: pay for, confirm or cancel an open order first',
    );
    expect(await stockOf(product._id)).toBe(80);
    // A confirmed COD order no longer counts.
    const first = (await admin().db.collection('orders').where('userId', '==', shopper.uid).limit(1).get()).docs[0];
    expect((await confirmCod(first?.id ?? '', {}, shopper.idToken)).status).toBe(200);
    expect((await placeUnconfirmedOrder(shopper, { ...body, quantity: 1 })).status).toBe(201);
  });

  it('at most MAX_CART_LINES (20) lines in a cart (400)', { timeout: 60_000 }, async () => {
    const shopper = await shopperWithAddress();
    const products = [await createProduct(adminUser, { stock: 3 }, false), await createProduct(adminUser, { stock: 3 }, false)];
    // 20 lines: one real product and 19 more (the cap counts the cart's lines, whatever they hold).
    const filler = Object.fromEntries(Array.from({ length: 19 }, (_, i) => [`cap-filler-${i}-${Date.now().toString(36)}`, 1]));
    await setCart(shopper.uid, { [products[0]?._id ?? '']: 1, ...filler });
    expect(Object.keys(await cartOf(shopper.uid))).toHaveLength(20);
    const extra = products[1]?._id ?? '';
    const res = await api(`cart/${extra}`, { method: 'POST', token: shopper.idToken, body: { quantity: 1 } });
    expect(res.status).toBe(400);
    expect(res.body.message).toBe('Your cart can hold at most 20 different items: remove one before adding another');
    // Changing a line already in the cart still works.
    expect((await api(`cart/${products[0]?._id ?? ''}`, { method: 'POST', token: shopper.idToken, body: { quantity: 1 } })).status).toBe(
      200,
    );
  });

  it('after MAX_UNPAID_CANCELS_PER_DAY (3) unpaid cancels in 24 h, no new card or COD order for 24 h (409 saying until when)', async () => {
    const shopper = await shopperWithAddress();
    const product = await createProduct(adminUser, { stock: 20 });
    const body = { paymentMethod: 'COD', addressId: shopper.addressId, productId: product._id, quantity: 1 };
    for (let i = 0; i < 3; i += 1) {
      const placed = await placeUnconfirmedOrder(shopper, body);
      expect(placed.status).toBe(201);
      expect((await api(`order/${placed.body.data._id}/cancel`, { method: 'POST', token: shopper.idToken })).status).toBe(200);
    }
    for (const paymentMethod of ['COD', 'ONLINE']) {
      const blocked = await placeUnconfirmedOrder(shopper, { ...body, paymentMethod });
      expect(blocked.status).toBe(409);
      expect(blocked.body.message).toMatch(
        /^Too many unpaid orders were cancelled on this account in the last 24 hours: you can place a new order from \d{1,2} [A-Z][a-z]{2},? \d{1,2}:\d{2} (am|pm) IST$/,
      );
    }
    expect(await stockOf(product._id)).toBe(20);
  });
});
