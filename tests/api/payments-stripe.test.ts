import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import Stripe from 'stripe';
import { admin, api, createTestUser, type TestUser } from '../support/api';
import {
  cartOf,
  createProduct,
  type Envelope,
  type OrderJson,
  placeOrder,
  type ProductJson,
  setCart,
  shopperWithAddress,
  stockOf,
  storedOrder,
} from '../support/commerce';
import { LOCAL_SECRET_KEY, LOCAL_WEBHOOK_SECRET, startTestCheckout, type StripeLocal } from '../support/stripe';
import { numberedOrder } from '../support/tax-documents';

const WEBHOOK_SECRET = LOCAL_WEBHOOK_SECRET;
const stripe = new Stripe('sk_test_for_signing_only');

let standin: StripeLocal;
let adminUser: TestUser;

beforeAll(async () => {
  standin = await startTestCheckout();
  adminUser = await createTestUser({ role: 'admin' });
});

afterAll(async () => {
  await standin.close();
});

let eventCounter = 0;
/** A Checkout Session event as Stripe sends it; amount, currency and customer default to the order's. */
function event(
  type: string,
  session: {
    id: string;
    orderId: string;
    payment_status?: string;
    amount_total?: number;
    currency?: string;
    client_reference_id?: string | null;
  },
  id?: string,
) {
  eventCounter += 1;
  return {
    id: id ?? `evt_test_${Date.now().toString(36)}_${eventCounter}`,
    object: 'event',
    api_version: '2025-01-01',
    created: Math.floor(Date.now() / 1000),
    type,
    data: {
      object: {
        id: session.id,
        object: 'checkout.session',
        metadata: { orderId: session.orderId },
        payment_status: session.payment_status ?? 'paid',
        status: type === 'checkout.session.expired' ? 'expired' : 'complete',
        amount_total: session.amount_total ?? standin.sessions.get(session.id)?.amount_total ?? null,
        currency: session.currency ?? 'inr',
        client_reference_id:
          session.client_reference_id === undefined
            ? (standin.sessions.get(session.id)?.client_reference_id ?? null)
            : session.client_reference_id,
        payment_intent: null,
      },
    },
  };
}

function sendWebhook(payload: string, signature: string | null) {
  return api<Envelope<{ received: boolean; duplicate: boolean }>>('payment/webhook', {
    method: 'POST',
    rawBody: payload,
    headers: { 'Content-Type': 'application/json', ...(signature === null ? {} : { 'Stripe-Signature': signature }) },
  });
}

function signed(body: object, options: { secret?: string; timestamp?: number } = {}) {
  const payload = JSON.stringify(body);
  const header = stripe.webhooks.generateTestHeaderString({
    payload,
    secret: options.secret ?? WEBHOOK_SECRET,
    ...(options.timestamp ? { timestamp: options.timestamp } : {}),
  });
  return sendWebhook(payload, header);
}

/** An ONLINE cart order with a Checkout Session. */
async function onlineOrder(stock = 10, quantity = 2) {
  const shopper = await shopperWithAddress();
  const product = await createProduct(adminUser, { price: 2499, discount: 400, stock });
  const keep = await createProduct(adminUser, { stock: 3 });
  await setCart(shopper.uid, { [product._id]: quantity });
  const placed = await placeOrder(shopper, { paymentMethod: 'ONLINE', addressId: shopper.addressId });
  expect(placed.status).toBe(201);
  await setCart(shopper.uid, { [keep._id]: 1 }); // added after ordering: must survive payment
  const order = placed.body.data;
  const pay = await api<Envelope<{ url: string; sessionId: string }>>('payment', {
    method: 'POST',
    token: shopper.idToken,
    body: { orderId: order._id, items: [{ name: 'x', price: 1, quantity: 1 }] },
  });
  expect(pay.status).toBe(200);
  const sessionId = pay.body.data.sessionId;
  return { shopper, product, keep, order, pay, sessionId };
}

describe('POST /api/payment: a Checkout Session from the order in Firestore', () => {
  it('sends amounts in paise, inr, metadata and the return URLs; answers { success, url }', async () => {
    const before = standin.requests.length;
    const { shopper, product, keep, order, pay, sessionId } = await onlineOrder();
    expect(pay.body.success).toBe(true);
    expect(pay.body.url).toBe(`${standin.url}/c/pay/${sessionId}`);

    const created = standin.requests.slice(before).filter((r) => r.method === 'POST' && r.path === '/v1/checkout/sessions');
    expect(created).toHaveLength(1);
    const params = created[0]?.params ?? {};
    expect(created[0]?.authorization).toBe(`Bearer ${LOCAL_SECRET_KEY}`);
    // One payable session per order: Stripe's idempotency key names the order.
    expect(created[0]?.idempotencyKey).toBe(`checkout-${order._id}-0`);
    expect(params.mode).toBe('payment');
    expect(params['line_items[0][price_data][currency]']).toBe('inr');
    // Sale price 2499 − 400 = ₹2099 → 209900 paise; the client's "price: 1" was ignored.
    expect(params['line_items[0][price_data][unit_amount]']).toBe('209900');
    expect(params['line_items[0][quantity]']).toBe('2');
    expect(params['line_items[0][price_data][product_data][name]']).toBe(product.name);
    expect(params['line_items[1][quantity]']).toBeUndefined();
    expect(params['metadata[orderId]']).toBe(order._id);
    expect(params.client_reference_id).toBe(shopper.uid);
    // The session ends when the order's stock hold does (PAYMENT_HOLD_SECONDS, 1800 by default).
    const holdUntil = (await storedOrder(order._id)).payment.holdUntil.toMillis() / 1000;
    expect(Number(params.expires_at)).toBe(holdUntil);
    const expiresIn = holdUntil - new Date(order.createdAt).getTime() / 1000;
    expect(expiresIn).toBeGreaterThanOrEqual(1800);
    expect(expiresIn).toBeLessThanOrEqual(1801);
    expect(params.success_url).toMatch(/^http:\/\/127\.0\.0\.1:\d+\/payment-success\?session_id=\{CHECKOUT_SESSION_ID\}$/);
    expect(params.cancel_url).toMatch(new RegExp(`/payment-cancel\\?order_id=${order._id}$`));
    expect(standin.sessions.get(sessionId)?.amount_total).toBe(order.totalAmount * 100);

    expect((await storedOrder(order._id)).payment).toMatchObject({ sessionId, status: 'unpaid' });
    // Stock is held while the shopper pays; the ordered line left the cart when the order was
    // placed (docs/fulfilment.md: the same cart cannot be ordered twice), the other line stays.
    expect(await stockOf(product._id)).toBe(8);
    expect(await cartOf(shopper.uid)).toEqual({ [keep._id]: 1 });

    // Asking again hands out the same open session, never a second payable one.
    const again = await api<Envelope<{ sessionId: string }>>('payment', {
      method: 'POST',
      token: shopper.idToken,
      body: { orderId: order._id },
    });
    expect(again.status).toBe(200);
    expect(again.body.data.sessionId).toBe(sessionId);

    const status = await api<Envelope<{ orderId: string; status: string; paymentStatus: string }>>(`payment/session/${sessionId}`, {
      token: shopper.idToken,
    });
    expect(status.status).toBe(200);
    expect(status.body.data).toEqual({ orderId: order._id, status: 'pending', paymentStatus: 'unpaid' });
  });

  it('who may start a payment, and for which orders', async () => {
    const shopper = await shopperWithAddress();
    const stranger = await createTestUser();
    const p = await createProduct(adminUser, { stock: 10 });
    const online = (await placeOrder(shopper, { paymentMethod: 'ONLINE', addressId: shopper.addressId, productId: p._id })).body.data;
    const cod = (await placeOrder(shopper, { paymentMethod: 'COD', addressId: shopper.addressId, productId: p._id })).body.data;
    const pay = (token: string | undefined, orderId: unknown) =>
      api('payment', { method: 'POST', ...(token ? { token } : {}), body: { orderId } });

    expect((await pay(undefined, online._id)).status).toBe(401);
    expect((await pay(stranger.idToken, online._id)).status).toBe(404);
    expect((await pay(adminUser.idToken, online._id)).status).toBe(404); // admins do not pay for shoppers
    expect((await pay(shopper.idToken, 'no-such-order')).status).toBe(404);
    const codRes = await pay(shopper.idToken, cod._id);
    expect(codRes.status).toBe(400);
    expect((await pay(shopper.idToken, { $gt: '' })).status).toBe(400);
    expect((await pay(shopper.idToken, 'a'.repeat(100_000))).status).toBe(400);
    expect(
      (
        await api('payment', {
          method: 'POST',
          token: shopper.idToken,
          rawBody: `orderId=${online._id}`,
          headers: { 'Content-Type': 'application/x-www-form-urlencoded' },
        })
      ).status,
    ).toBe(415);
    expect((await api('payment', { method: 'POST', token: shopper.idToken })).status).toBe(400);

    // A cancelled order is not payable; its session lookups are the owner's only.
    expect((await api(`order/${online._id}/cancel`, { method: 'POST', token: shopper.idToken })).status).toBe(200);
    const cancelled = await pay(shopper.idToken, online._id);
    expect(cancelled.status).toBe(409);
    expect((await api('payment/session/cs_test_unknown', { token: shopper.idToken })).status).toBe(404);
    expect((await api('payment/session/not-a-session', { token: shopper.idToken })).status).toBe(404);
    expect((await api('payment/session/cs_test_x')).status).toBe(401);
  });

  it('the session status is the owner’s only', async () => {
    const { sessionId } = await onlineOrder();
    const stranger = await createTestUser();
    expect((await api(`payment/session/${sessionId}`, { token: stranger.idToken })).status).toBe(404);
  });
});

describe('POST /api/payment/webhook', () => {
  it('checkout.session.completed (paid) confirms the order, records payment and clears only the ordered lines', async () => {
    const { shopper, product, keep, order, sessionId } = await onlineOrder();
    const res = await signed(event('checkout.session.completed', { id: sessionId, orderId: order._id }));
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ success: true, data: { duplicate: false } });
    const stored = await storedOrder(order._id);
    expect(stored.status).toBe('confirmed');
    expect(stored.payment.status).toBe('paid');
    expect(stored.payment.paidAt).toBeTruthy();
    expect(stored.statusHistory.map((h: { status: string; by: string }) => [h.status, h.by])).toEqual([
      ['pending', shopper.uid],
      ['confirmed', 'stripe'],
    ]);
    expect(await cartOf(shopper.uid)).toEqual({ [keep._id]: 1 });
    expect(await stockOf(product._id)).toBe(8);
    const status = await api<Envelope<{ status: string; paymentStatus: string }>>(`payment/session/${sessionId}`, {
      token: shopper.idToken,
    });
    expect(status.body.data).toMatchObject({ status: 'confirmed', paymentStatus: 'paid' });
  });

  it('a repeated event id does nothing the second time', async () => {
    const { order, sessionId } = await onlineOrder();
    const body = event('checkout.session.completed', { id: sessionId, orderId: order._id });
    expect((await signed(body)).status).toBe(200);
    // The invoice is numbered a moment after the webhook (docs/gst-invoices.md "Numbers"): compare once it has been.
    const after = await numberedOrder(order._id);
    const repeat = await signed(body);
    expect(repeat.status).toBe(200);
    expect(repeat.body.data.duplicate).toBe(true);
    expect(await storedOrder(order._id)).toEqual(after);
    expect((await admin().db.doc(`stripeEvents/${body.id}`).get()).data()).toMatchObject({ type: 'checkout.session.completed' });
  });

  it('forged, tampered, unsigned and stale (> 300 s) events are 400 and change nothing', async () => {
    const { order, sessionId, product } = await onlineOrder();
    const before = await storedOrder(order._id);
    const body = event('checkout.session.completed', { id: sessionId, orderId: order._id });

    const forged = await signed(body, { secret: 'whsec_attacker' });
    expect(forged.status).toBe(400);
    expect(forged.body).toMatchObject({ success: false, message: 'Invalid Stripe signature' });

    const payload = JSON.stringify(body);
    const header = stripe.webhooks.generateTestHeaderString({ payload, secret: WEBHOOK_SECRET });
    const tampered = await sendWebhook(payload.replace('"paid"', '"paid" '), header);
    expect(tampered.status).toBe(400);

    expect((await sendWebhook(payload, null)).status).toBe(400);
    expect((await sendWebhook(payload, 'garbage')).status).toBe(400);
    const stale = await signed(body, { timestamp: Math.floor(Date.now() / 1000) - 301 });
    expect(stale.status).toBe(400);

    expect(await storedOrder(order._id)).toEqual(before);
    expect(await stockOf(product._id)).toBe(8);
    expect((await admin().db.doc(`stripeEvents/${body.id}`).get()).exists).toBe(false);
  });

  it('expired cancels the order, marks payment failed and restores stock exactly once', async () => {
    const { order, sessionId, product, shopper } = await onlineOrder(10, 3);
    expect(await stockOf(product._id)).toBe(7);
    const first = await signed(event('checkout.session.expired', { id: sessionId, orderId: order._id, payment_status: 'unpaid' }));
    expect(first.status).toBe(200);
    const stored = await storedOrder(order._id);
    expect(stored.status).toBe('cancelled');
    expect(stored.payment.status).toBe('failed');
    expect(await stockOf(product._id)).toBe(10);
    // A second, different failure event for the same order does not return the stock again.
    const second = await signed(
      event('checkout.session.async_payment_failed', { id: sessionId, orderId: order._id, payment_status: 'unpaid' }),
    );
    expect(second.status).toBe(200);
    expect(await stockOf(product._id)).toBe(10);
    // And the shopper cannot cancel it again either.
    expect((await api(`order/${order._id}/cancel`, { method: 'POST', token: shopper.idToken })).status).toBe(409);
    expect(await stockOf(product._id)).toBe(10);
  });

  it('async_payment_failed on a pending order cancels it too', async () => {
    const { order, sessionId, product } = await onlineOrder(6, 1);
    expect(
      (await signed(event('checkout.session.async_payment_failed', { id: sessionId, orderId: order._id, payment_status: 'unpaid' })))
        .status,
    ).toBe(200);
    expect((await storedOrder(order._id)).status).toBe('cancelled');
    expect(await stockOf(product._id)).toBe(6);
  });

  it('out of order: a late expired after completed does nothing (status never moves backwards)', async () => {
    const { order, sessionId, product } = await onlineOrder(10, 2);
    expect((await signed(event('checkout.session.completed', { id: sessionId, orderId: order._id }))).status).toBe(200);
    const late = await signed(event('checkout.session.expired', { id: sessionId, orderId: order._id, payment_status: 'unpaid' }));
    expect(late.status).toBe(200);
    const stored = await storedOrder(order._id);
    expect(stored.status).toBe('confirmed');
    expect(stored.payment.status).toBe('paid');
    expect(await stockOf(product._id)).toBe(8);
  });

  it('completed with payment still processing waits; async_payment_succeeded then confirms', async () => {
    const { order, sessionId } = await onlineOrder();
    expect(
      (await signed(event('checkout.session.completed', { id: sessionId, orderId: order._id, payment_status: 'unpaid' }))).status,
    ).toBe(200);
    expect((await storedOrder(order._id)).status).toBe('pending');
    expect((await signed(event('checkout.session.async_payment_succeeded', { id: sessionId, orderId: order._id }))).status).toBe(200);
    const stored = await storedOrder(order._id);
    expect(stored.status).toBe('confirmed');
    expect(stored.payment.status).toBe('paid');
  });

  it('events for unknown orders or of other types are acknowledged and ignored', async () => {
    expect((await signed(event('checkout.session.completed', { id: 'cs_test_nobody', orderId: 'no-such-order' }))).status).toBe(200);
    const other = {
      id: `evt_other_${Date.now()}`,
      object: 'event',
      type: 'customer.created',
      data: { object: { id: 'cus_1', object: 'customer' } },
    };
    expect((await signed(other)).status).toBe(200);
  });

  it('cancelling an unpaid online order closes its Checkout Session', async () => {
    const { order, sessionId, shopper, product } = await onlineOrder(10, 1);
    expect((await api(`order/${order._id}/cancel`, { method: 'POST', token: shopper.idToken })).status).toBe(200);
    expect(standin.sessions.get(sessionId)?.status).toBe('expired');
    expect(await stockOf(product._id)).toBe(10);
  });
});

describe('the money in an ONLINE order comes from Firestore', () => {
  it('changing the price after ordering does not change what is charged', async () => {
    const shopper = await shopperWithAddress();
    const p: ProductJson = await createProduct(adminUser, { price: 1000, discount: 0, stock: 5 });
    const placed = await placeOrder(shopper, {
      paymentMethod: 'ONLINE',
      addressId: shopper.addressId,
      productId: p._id,
      quantity: 1,
      price: 1,
    });
    const order: OrderJson = placed.body.data;
    expect(order.totalAmount).toBe(1000);
    const form = new FormData();
    form.append('price', '5');
    await api(`products/${p._id}`, { method: 'PATCH', token: adminUser.idToken, rawBody: form });
    const before = standin.requests.length;
    expect((await api('payment', { method: 'POST', token: shopper.idToken, body: { orderId: order._id } })).status).toBe(200);
    const params = standin.requests.slice(before).find((r) => r.method === 'POST')?.params ?? {};
    expect(params['line_items[0][price_data][unit_amount]']).toBe('100000');
  });
});
