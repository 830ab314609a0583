// Issue 24's defects, each kept shut by a test (Stripe through its local test checkout; the
// Razorpay side is in payments-razorpay.test.ts): a late webhook never gets a paid order
// cancelled, POST /api/payment is rate limited, POST /api/order is idempotent, and a refund
// made in the provider's dashboard is matched by its payment.
import { Timestamp } from 'firebase-admin/firestore';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { admin, api, createTestUser, type TestUser } from '../support/api';
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
import { eventually, payOnPage, startTestCheckout, stripeClient, type StripeLocal } from '../support/stripe';
import { numberedOrder } from '../support/tax-documents';

let checkout: StripeLocal;
let adminUser: TestUser;

beforeAll(async () => {
  checkout = await startTestCheckout();
  adminUser = await createTestUser({ role: 'admin' });
});

afterAll(async () => {
  await checkout.close();
});

async function stripeOrder(quantity = 1) {
  const shopper = await shopperWithAddress();
  const product = await createProduct(adminUser, { price: 1999, stock: 10 });
  const placed = await placeOrder(shopper, { paymentMethod: 'ONLINE', addressId: shopper.addressId, productId: product._id, quantity });
  expect(placed.status).toBe(201);
  const order: OrderJson = placed.body.data;
  const pay = await startPayment(shopper, order._id);
  expect(pay.status).toBe(200);
  return { shopper, product, order, sessionId: pay.body.data.sessionId };
}

describe('a late webhook (defect 1)', () => {
  it('paid, webhook lost, hold ended: the sweep asks Stripe and confirms the order with its invoice instead of cancelling it', async () => {
    const { order, sessionId, product } = await stripeOrder(2);
    checkout.dropWebhooks = true;
    try {
      await payOnPage(checkout, sessionId);
    } finally {
      checkout.dropWebhooks = false;
    }
    expect((await storedOrder(order._id)).status).toBe('pending');
    await admin()
      .db.doc(`orders/${order._id}`)
      .update({ 'payment.holdUntil': Timestamp.fromMillis(Date.now() - 1000) });
    const confirmed = await eventually(
      async () => {
        const o = await storedOrder(order._id);
        return o.status !== 'pending' ? o : null;
      },
      30_000,
      'the sweep to settle the order',
    );
    expect(confirmed.status).toBe('confirmed');
    expect(confirmed.payment.status).toBe('paid');
    expect(confirmed.payment.paymentIntentId).toMatch(/^pi_/);
    expect((await numberedOrder(order._id)).invoice.number).toBeTruthy();
    expect(await stockOf(product._id)).toBe(8);
  });

  it('the success page’s status asks Stripe once the webhook is 10 s late: "paid" without any webhook', async () => {
    const { shopper, order, sessionId } = await stripeOrder();
    checkout.dropWebhooks = true;
    try {
      await payOnPage(checkout, sessionId);
    } finally {
      checkout.dropWebhooks = false;
    }
    const first = await api<Envelope<{ paymentStatus: string }>>(`payment/session/${sessionId}`, { token: shopper.idToken });
    expect(first.body.data.paymentStatus).toBe('unpaid');
    const paid = await eventually(
      async () => {
        const r = await api<Envelope<{ paymentStatus: string; status: string }>>(`payment/session/${sessionId}`, {
          token: shopper.idToken,
        });
        return r.body.data.paymentStatus === 'paid' ? r.body.data : null;
      },
      25_000,
      'the status to ask Stripe',
      1000, // the success page's own pace is 2.5 s; 20 a minute per shopper is the limit
    );
    expect(paid.status).toBe('confirmed');
    expect((await storedOrder(order._id)).status).toBe('confirmed');
  }, 40_000);

  it('polls at once share one call to Stripe per order per 10 s (issue 37)', async () => {
    const { shopper, sessionId } = await stripeOrder();
    checkout.dropWebhooks = true;
    try {
      await payOnPage(checkout, sessionId);
    } finally {
      checkout.dropWebhooks = false;
    }
    const lookups = () => checkout.requests.filter((r) => r.method === 'GET' && r.path === `/v1/checkout/sessions/${sessionId}`).length;
    const before = lookups();
    const poll = () => api<Envelope<{ paymentStatus: string } | undefined>>(`payment/session/${sessionId}`, { token: shopper.idToken });
    // Two at a time, as two tabs of the success page would, until one of them sees the payment.
    await eventually(
      async () => {
        const answers = await Promise.all([poll(), poll()]);
        return answers.some((a) => a.body.data?.paymentStatus === 'paid');
      },
      30_000,
      'a poll to see the payment',
      1500,
    );
    expect(lookups() - before).toBe(1);
  }, 45_000);

  it('the 21st status poll in a minute answers 429 with a message (issue 37)', async () => {
    const { shopper, sessionId } = await stripeOrder();
    const answers: { status: number; message?: string }[] = [];
    for (let i = 0; i < 25; i += 1) {
      const res = await api<{ message?: string }>(`payment/session/${sessionId}`, { token: shopper.idToken });
      answers.push({ status: res.status, message: res.body.message });
    }
    expect(answers[0]?.status).toBe(200);
    expect(answers.find((a) => a.status === 429)?.message).toBe(
      'You are checking very often. Please wait a moment: your payment shows here as soon as it arrives.',
    );
  });
});

describe('POST /api/payment rate limit (defect 3)', () => {
  it('the eleventh request in a minute from one shopper answers 429 with a message', async () => {
    const { shopper, order } = await stripeOrder();
    for (let i = 0; i < 9; i += 1) expect((await startPayment(shopper, order._id)).status).toBe(200);
    const limited = await startPayment(shopper, order._id);
    expect(limited.status).toBe(429);
    expect(limited.body).toMatchObject({ success: false, message: 'Too many requests, please try again in a little while' });
    expect(Number(limited.headers.get('retry-after'))).toBeGreaterThan(0);
  });
});

describe('idempotent POST /api/order (defect 4)', () => {
  it('20 concurrent identical requests with one Idempotency-Key: one order, stock taken once, every answer the same order', async () => {
    const shopper = await shopperWithAddress();
    const product = await createProduct(adminUser, { stock: 10 });
    const body = { paymentMethod: 'COD', addressId: shopper.addressId, productId: product._id, quantity: 2 };
    const key = `checkout-${shopper.uid}-1`;
    await warmFunctionWorkers(Array.from({ length: 20 }, () => shopper));
    const send = async () => {
      let res = await api<Envelope<OrderJson>>('order', {
        method: 'POST',
        token: shopper.idToken,
        body,
        headers: { 'Idempotency-Key': key },
      });
      for (let i = 0; i < 2 && res.status === 504; i += 1)
        res = await api<Envelope<OrderJson>>('order', {
          method: 'POST',
          token: shopper.idToken,
          body,
          headers: { 'Idempotency-Key': key },
        });
      return res;
    };
    const results = await Promise.all(Array.from({ length: 20 }, send));
    const statuses = results.map((r) => r.status);
    expect(statuses.filter((s) => s === 201)).toHaveLength(1);
    expect(statuses.every((s) => s === 201 || s === 200)).toBe(true);
    expect(new Set(results.map((r) => r.body.data._id)).size).toBe(1);
    const orders = await admin().db.collection('orders').where('userId', '==', shopper.uid).get();
    expect(orders.size).toBe(1);
    expect(await stockOf(product._id)).toBe(8);
    const first = results.find((r) => r.status === 201);
    const replay = await send();
    expect(replay.status).toBe(200);
    expect(replay.body).toEqual(first?.body);
  }, 120_000);

  it('another body under the same key answers 409; a malformed key 400; no key still places orders', async () => {
    const shopper = await shopperWithAddress();
    const product = await createProduct(adminUser, { stock: 10 });
    const body = { paymentMethod: 'COD', addressId: shopper.addressId, productId: product._id, quantity: 1 };
    const key = 'attempt-a';
    expect((await api('order', { method: 'POST', token: shopper.idToken, body, headers: { 'Idempotency-Key': key } })).status).toBe(201);
    const other = await api('order', {
      method: 'POST',
      token: shopper.idToken,
      body: { ...body, quantity: 2 },
      headers: { 'Idempotency-Key': key },
    });
    expect(other.status).toBe(409);
    expect(other.body).toMatchObject({ success: false, message: 'This Idempotency-Key was already used for a different order' });
    const tooLong = await api('order', { method: 'POST', token: shopper.idToken, body, headers: { 'Idempotency-Key': 'k'.repeat(101) } });
    expect(tooLong.status).toBe(400);
    // Another shopper's same key is theirs alone.
    const someone = await shopperWithAddress();
    const theirs = await api('order', {
      method: 'POST',
      token: someone.idToken,
      body: { ...body, addressId: someone.addressId },
      headers: { 'Idempotency-Key': key },
    });
    expect(theirs.status).toBe(201);
    expect((await placeOrder(shopper, body)).status).toBe(201);
    expect(await stockOf(product._id)).toBe(7);
  });
});

describe('a refund made in Stripe’s dashboard (defect 6)', () => {
  it('is matched by its payment: the order is refunded and cancelled, stock back once, credit note issued', async () => {
    const { order, sessionId, product } = await stripeOrder(2);
    await payOnPage(checkout, sessionId);
    const paid = await eventually(async () => {
      const o = await storedOrder(order._id);
      return o.status === 'confirmed' ? o : null;
    });
    expect((await numberedOrder(order._id)).invoice.number).toBeTruthy();
    expect(await stockOf(product._id)).toBe(8);
    // The dashboard's refund carries no orderId.
    await stripeClient(checkout).refunds.create({ payment_intent: paid.payment.paymentIntentId });
    const done = await eventually(
      async () => {
        const o = await storedOrder(order._id);
        return o.payment.status === 'refunded' ? o : null;
      },
      20_000,
      'the dashboard refund',
    );
    expect(done.status).toBe('cancelled');
    expect((await numberedOrder(order._id, { creditNote: true })).creditNote.number).toBeTruthy();
    expect(done.payment.refund).toMatchObject({ status: 'succeeded' });
    // Both of Stripe's refund events arrived; the stock went back once.
    await eventually(
      async () =>
        checkout.deliveries.filter((d) => d.type === 'refund.updated' && d.payload.includes(String(paid.payment.paymentIntentId))).length >
        0,
    );
    expect(await stockOf(product._id)).toBe(10);
  });
});
