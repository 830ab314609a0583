// Card payments as a real shop needs them (issue 10), against the emulators and the local
// test checkout (scripts/stripe-local), which pays, expires and refunds as Stripe does and
// sends signed webhooks through Hosting: one session per order under concurrency, holds
// released by the sweep, refunds when a paid order is cancelled, webhook cross-checks,
// extra payments refunded, no shipping before payment.
import { Timestamp } from 'firebase-admin/firestore';
import Stripe from 'stripe';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { admin, api, createTestUser, type TestUser } from '../support/api';
import { functionUrl, hostingUrl } from '../support/emulators';
import {
  createProduct,
  type Envelope,
  type OrderJson,
  placeOrder,
  shopperWithAddress,
  startPayment,
  stockOf,
  storedOrder,
  warmFunctionWorkers,
} from '../support/commerce';
import { eventually, LOCAL_WEBHOOK_SECRET, payOnPage, startTestCheckout, stripeClient, type StripeLocal } from '../support/stripe';

let checkout: StripeLocal;
let adminUser: TestUser;
const signer = new Stripe('sk_test_for_signing_only');

beforeAll(async () => {
  checkout = await startTestCheckout();
  adminUser = await createTestUser({ role: 'admin' });
});

afterAll(async () => {
  await checkout.close();
});

/** The emulator-only twin of the scheduled sweep (functions/src/index.ts). */
const sweepUrl = async () => (await functionUrl()).replace(/\/api$/, '/sweepHoldsEmulator');

type Shopper = Awaited<ReturnType<typeof shopperWithAddress>>;

/** A pending ONLINE Buy Now order of `quantity` from a product with `stock`, and its Checkout Session. */
async function onlineOrder(options: { stock?: number; quantity?: number; shopper?: Shopper } = {}) {
  const shopper = options.shopper ?? (await shopperWithAddress());
  const product = await createProduct(adminUser, { price: 2499, discount: 400, stock: options.stock ?? 10 });
  const placed = await placeOrder(shopper, {
    paymentMethod: 'ONLINE',
    addressId: shopper.addressId,
    productId: product._id,
    quantity: options.quantity ?? 2,
  });
  expect(placed.status).toBe(201);
  const order: OrderJson = placed.body.data;
  const pay = await startPayment(shopper, order._id);
  expect(pay.status).toBe(200);
  return { shopper, product, order, sessionId: pay.body.data.sessionId };
}

/** Another Checkout Session for the same order, made directly at "Stripe" (an old tab, a bug, a second payment). */
async function otherSession(order: OrderJson, uid: string) {
  const session = await stripeClient(checkout).checkout.sessions.create({
    mode: 'payment',
    currency: 'inr',
    line_items: [
      { quantity: 1, price_data: { currency: 'inr', unit_amount: order.totalAmount * 100, product_data: { name: 'Same order again' } } },
    ],
    client_reference_id: uid,
    metadata: { orderId: order._id },
    payment_intent_data: { metadata: { orderId: order._id } },
    success_url: 'http://127.0.0.1/ok',
    cancel_url: 'http://127.0.0.1/no',
  });
  return session.id;
}

function signedWebhook(payload: string) {
  return api<Envelope<{ duplicate: boolean }>>('payment/webhook', {
    method: 'POST',
    rawBody: payload,
    headers: {
      'Content-Type': 'application/json',
      'Stripe-Signature': signer.webhooks.generateTestHeaderString({ payload, secret: LOCAL_WEBHOOK_SECRET }),
    },
  });
}

describe('one Checkout Session per order', () => {
  it('10 concurrent POST /api/payment for one order answer the same session url', async () => {
    const shopper = await shopperWithAddress();
    const product = await createProduct(adminUser, { stock: 10 });
    const order = (await placeOrder(shopper, { paymentMethod: 'ONLINE', addressId: shopper.addressId, productId: product._id })).body.data;
    await warmFunctionWorkers(Array.from({ length: 10 }, () => shopper));
    const before = checkout.requests.length;

    const results = await Promise.all(
      Array.from({ length: 10 }, async () => {
        let res = await startPayment(shopper, order._id);
        for (let i = 0; i < 2 && res.status === 504; i += 1) res = await startPayment(shopper, order._id); // never reached the function
        return res;
      }),
    );
    expect(results.map((r) => r.status)).toEqual(Array(10).fill(200));
    const urls = new Set(results.map((r) => r.body.url));
    expect(urls.size).toBe(1);
    const sessions = [...checkout.sessions.values()].filter((s) => s.metadata.orderId === order._id);
    expect(sessions).toHaveLength(1);
    expect([...urls][0]).toBe(sessions[0]?.url);
    expect((await storedOrder(order._id)).payment.sessionId).toBe(sessions[0]?.id);
    // However many asked Stripe, they all used the order's one idempotency key.
    const creates = checkout.requests.slice(before).filter((r) => r.method === 'POST' && r.path === '/v1/checkout/sessions');
    expect(creates.length).toBeGreaterThanOrEqual(1);
    for (const c of creates) expect(c.idempotencyKey).toBe(`checkout-${order._id}-0`);
  }, 90_000);
});

describe('stock holds', () => {
  it('a hold of a few seconds is released by the sweep, without anyone asking: cancelled, stock back exactly once, session expired', async () => {
    const { order, sessionId, product, shopper } = await onlineOrder({ stock: 10, quantity: 3 });
    expect(await stockOf(product._id)).toBe(7);
    // The order was placed with the default 30-minute hold; make it a hold of 2 seconds.
    await admin()
      .db.doc(`orders/${order._id}`)
      .update({ 'payment.holdUntil': Timestamp.fromMillis(Date.now() + 2000) });

    // The emulator stack runs the sweep on a timer (scripts/test-emulated.ts), as npm start does.
    const cancelled = await eventually(
      async () => {
        const o = await storedOrder(order._id);
        return o.status === 'cancelled' ? o : null;
      },
      30_000,
      'the sweep to cancel the order',
    );
    expect(cancelled.payment.status).toBe('failed');
    expect(cancelled.statusHistory.at(-1)).toMatchObject({ status: 'cancelled', by: 'system' });
    expect(cancelled.stockReleasedAt).toBeTruthy();
    expect(await stockOf(product._id)).toBe(10);
    // The session is expired right after the sweep's transaction commits.
    await eventually(async () => checkout.sessions.get(sessionId)?.status === 'expired', 10_000, 'the session to be expired');

    // Sweeping again, twice at once, gives nothing back a second time; the order is no longer payable.
    const sweep = async () => (await fetch(await sweepUrl(), { method: 'POST' })).status;
    expect(await Promise.all([sweep(), sweep()])).toEqual([200, 200]);
    expect(await stockOf(product._id)).toBe(10);
    expect((await startPayment(shopper, order._id)).status).toBe(409);
  }, 60_000);

  it('the session ends with the hold, and a paid order is never swept', async () => {
    const { order, sessionId, product } = await onlineOrder({ quantity: 1 });
    const holdUntil = (await storedOrder(order._id)).payment.holdUntil as Timestamp;
    expect(checkout.sessions.get(sessionId)?.expires_at).toBe(holdUntil.seconds);
    await payOnPage(checkout, sessionId);
    await eventually(async () => (await storedOrder(order._id)).status === 'confirmed', 20_000, 'payment');
    await admin()
      .db.doc(`orders/${order._id}`)
      .update({ 'payment.holdUntil': Timestamp.fromMillis(Date.now() - 60_000) });
    expect((await fetch(await sweepUrl(), { method: 'POST' })).status).toBe(200);
    expect((await storedOrder(order._id)).status).toBe('confirmed');
    expect(await stockOf(product._id)).toBe(9);
  });
});

describe('refunds', () => {
  it('an admin cancelling a paid order refunds it (refund_pending → refunded); repeated webhooks change nothing', async () => {
    const { order, sessionId, product } = await onlineOrder({ stock: 10, quantity: 2 });
    const back = await payOnPage(checkout, sessionId);
    expect(back).toBe(`${await hostingUrl()}/payment-success?session_id=${sessionId}`);
    const paid = await storedOrder(order._id);
    expect(paid).toMatchObject({ status: 'confirmed', payment: { status: 'paid' } });
    const paymentIntent = checkout.sessions.get(sessionId)?.payment_intent;
    expect(paid.payment.paymentIntentId).toBe(paymentIntent);
    expect(paid.payment.amountPaise).toBe(order.totalAmount * 100);

    const cancel = await api<Envelope<OrderJson & { payment: { refund: { id: string; status: string } | null } }>>(
      `order/${order._id}/status`,
      {
        method: 'PATCH',
        token: adminUser.idToken,
        body: { status: 'cancelled' },
      },
    );
    expect(cancel.status).toBe(200);
    expect(cancel.body.data.status).toBe('cancelled');
    expect(['refund_pending', 'refunded']).toContain(cancel.body.data.payment.status);
    expect(cancel.body.data.payment.refund?.id).toMatch(/^re_test_/);
    expect(await stockOf(product._id)).toBe(10);

    const refundCalls = checkout.requests.filter(
      (r) => r.method === 'POST' && r.path === '/v1/refunds' && r.params.payment_intent === paymentIntent,
    );
    expect(refundCalls).toHaveLength(1);
    expect(refundCalls[0]?.idempotencyKey).toBe(`refund-${paymentIntent}`);
    expect(refundCalls[0]?.params['metadata[orderId]']).toBe(order._id);

    const refunded = await eventually(
      async () => {
        const o = await storedOrder(order._id);
        return o.payment.status === 'refunded' ? o : null;
      },
      20_000,
      'charge.refunded / refund.updated',
    );
    expect(refunded.payment.refund).toMatchObject({
      status: 'succeeded',
      amountPaise: order.totalAmount * 100,
      id: cancel.body.data.payment.refund?.id,
    });
    expect(refunded.payment.refund.refundedAt).toBeTruthy();

    // Stripe repeats a webhook (same event id), or sends the same news again (new id): no change.
    const chargeRefunded = await eventually(
      async () => checkout.deliveries.find((d) => d.type === 'charge.refunded' && d.payload.includes(paymentIntent ?? '-')),
      10_000,
      'the charge.refunded delivery',
    );
    const repeat = await signedWebhook(chargeRefunded.payload);
    expect(repeat.status).toBe(200);
    expect(repeat.body.data.duplicate).toBe(true);
    const again = await signedWebhook(chargeRefunded.payload.replace(chargeRefunded.id, `${chargeRefunded.id}_again`));
    expect(again.status).toBe(200);
    expect(again.body.data.duplicate).toBe(false);
    expect(await storedOrder(order._id)).toEqual(refunded);

    // Cancelling again is refused; no second refund, no stock twice.
    expect(
      (await api(`order/${order._id}/status`, { method: 'PATCH', token: adminUser.idToken, body: { status: 'cancelled' } })).status,
    ).toBe(409);
    expect(checkout.requests.filter((r) => r.path === '/v1/refunds' && r.params.payment_intent === paymentIntent)).toHaveLength(1);
    expect(await stockOf(product._id)).toBe(10);
  });

  it('cancelling a cash-on-delivery order refunds nothing', async () => {
    const shopper = await shopperWithAddress();
    const product = await createProduct(adminUser, { stock: 4 });
    const order = (await placeOrder(shopper, { paymentMethod: 'COD', addressId: shopper.addressId, productId: product._id })).body.data;
    const refundsBefore = checkout.requests.filter((r) => r.path === '/v1/refunds').length;
    const res = await api<Envelope<OrderJson>>(`order/${order._id}/status`, {
      method: 'PATCH',
      token: adminUser.idToken,
      body: { status: 'cancelled' },
    });
    expect(res.status).toBe(200);
    const payment = (await storedOrder(order._id)).payment;
    expect(payment.status).toBe('unpaid');
    expect(payment.refund).toBeUndefined();
    expect(checkout.requests.filter((r) => r.path === '/v1/refunds')).toHaveLength(refundsBefore);
    expect(await stockOf(product._id)).toBe(4);
  });

  it('a second payment for a paid order is refunded automatically and recorded on the order', async () => {
    const { order, sessionId, shopper } = await onlineOrder({ quantity: 1 });
    await payOnPage(checkout, sessionId);
    await eventually(async () => (await storedOrder(order._id)).payment.status === 'paid', 20_000, 'the first payment');

    const second = await otherSession(order, shopper.uid);
    await payOnPage(checkout, second);
    const secondIntent = checkout.sessions.get(second)?.payment_intent;
    const settled = await eventually(
      async () => {
        const o = await storedOrder(order._id);
        return o.payment.extraPayments?.[0]?.refund?.status === 'succeeded' ? o : null;
      },
      20_000,
      'the extra payment to be refunded',
    );
    expect(settled.status).toBe('confirmed');
    expect(settled.payment.status).toBe('paid');
    expect(settled.payment.paymentIntentId).toBe(checkout.sessions.get(sessionId)?.payment_intent);
    expect(settled.payment.extraPayments).toHaveLength(1);
    expect(settled.payment.extraPayments[0]).toMatchObject({
      sessionId: second,
      paymentIntentId: secondIntent,
      amountPaise: order.totalAmount * 100,
    });
    expect(settled.attention.map((a: { code: string }) => a.code)).toContain('payment_mismatch');
    const refundCalls = checkout.requests.filter((r) => r.path === '/v1/refunds' && r.params.payment_intent === secondIntent);
    expect(refundCalls).toHaveLength(1);
    expect(refundCalls[0]?.idempotencyKey).toBe(`refund-${secondIntent}`);
    // The admin sees it on the order.
    const forAdmin = await api<Envelope<OrderJson & { attention: { code: string; message: string }[] }>>(`order/${order._id}`, {
      token: adminUser.idToken,
    });
    expect(forAdmin.body.data.attention.some((a) => a.code === 'extra_payment_refunded')).toBe(true);
  });
});

describe('webhook cross-checks', () => {
  let n = 0;
  function completed(session: Record<string, unknown>) {
    n += 1;
    return JSON.stringify({
      id: `evt_mismatch_${Date.now().toString(36)}_${n}`,
      object: 'event',
      type: 'checkout.session.completed',
      created: Math.floor(Date.now() / 1000),
      data: { object: { object: 'checkout.session', status: 'complete', payment_status: 'paid', payment_intent: null, ...session } },
    });
  }

  it.each([
    { what: 'amount', change: { amount_total: 100 }, problem: /amount 100 paise, expected/ },
    { what: 'currency', change: { currency: 'usd' }, problem: /currency usd, expected inr/ },
    { what: 'customer', change: { client_reference_id: 'someone-else' }, problem: /customer someone-else is not the order's/ },
  ])('a paid session whose $what does not match confirms nothing and flags the order', async ({ change, problem }) => {
    const { order, sessionId, shopper } = await onlineOrder({ quantity: 1 });
    const res = await signedWebhook(
      completed({
        id: sessionId,
        metadata: { orderId: order._id },
        amount_total: order.totalAmount * 100,
        currency: 'inr',
        client_reference_id: shopper.uid,
        ...change,
      }),
    );
    expect(res.status).toBe(200);
    const o = await storedOrder(order._id);
    expect(o.status).toBe('pending');
    expect(o.payment.status).toBe('unpaid');
    expect(o.statusHistory).toHaveLength(1);
    const flag = (o.attention as { code: string; message: string }[]).find((a) => a.code === 'payment_mismatch');
    expect(flag?.message).toMatch(problem);
  });

  it('a payment for a session that is not the order’s confirms nothing, is refunded, and the order can still be paid', async () => {
    const { order, sessionId, shopper, product } = await onlineOrder({ quantity: 1 });
    const stray = await otherSession(order, shopper.uid);
    await payOnPage(checkout, stray);
    const flagged = await eventually(
      async () => {
        const o = await storedOrder(order._id);
        return o.payment.extraPayments?.[0]?.refund?.status === 'succeeded' ? o : null;
      },
      20_000,
      'the stray payment to be refunded',
    );
    expect(flagged.status).toBe('pending');
    expect(flagged.payment.status).toBe('unpaid');
    expect(flagged.attention.find((a: { code: string }) => a.code === 'payment_mismatch').message).toMatch(
      new RegExp(`session ${stray} is not the order's`),
    );

    await payOnPage(checkout, sessionId);
    await eventually(async () => (await storedOrder(order._id)).status === 'confirmed', 20_000, 'the real payment');
    expect(await stockOf(product._id)).toBe(9);
  });
});

describe('no shipping before payment', () => {
  it('an unpaid card order cannot be confirmed or shipped (409); cash on delivery can', async () => {
    const { order } = await onlineOrder({ quantity: 1 });
    const move = (id: string, status: string) => api(`order/${id}/status`, { method: 'PATCH', token: adminUser.idToken, body: { status } });
    const confirm = await move(order._id, 'confirmed');
    expect(confirm.status).toBe(409);
    expect(confirm.body.message).toBe('This order is paid by card and its payment has not arrived: it cannot be confirmed or shipped yet');
    expect((await move(order._id, 'shipped')).status).toBe(409);
    expect((await storedOrder(order._id)).status).toBe('pending');

    const shopper = await shopperWithAddress();
    const product = await createProduct(adminUser, { stock: 3 });
    const cod = (await placeOrder(shopper, { paymentMethod: 'COD', addressId: shopper.addressId, productId: product._id })).body.data;
    expect((await move(cod._id, 'confirmed')).status).toBe(200);
    expect((await move(cod._id, 'shipped')).status).toBe(200);
  });
});
