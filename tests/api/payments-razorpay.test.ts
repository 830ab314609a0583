// Razorpay beside Stripe (issue 24), against the emulators and the local Razorpay test checkout
// (scripts/razorpay-local), which the function's real `razorpay` client talks to. The test run's
// function takes new online orders with Stripe (PAYMENT_PROVIDER's default) and has both
// providers configured; these orders are recorded as Razorpay's (as with
// PAYMENT_PROVIDER=razorpay, which `npm start` and the browser journey use), and every later
// step — checkout, webhook, lookup, refund — follows the order's `payment.provider`.
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
import {
  LOCAL_RAZORPAY_WEBHOOK_SECRET,
  razorpayApi,
  razorpaySignature,
  startTestRazorpay,
  submitPage,
  type RazorpayLocal,
} from '../support/razorpay';
import { eventually } from '../support/stripe';
import { numberedOrder } from '../support/tax-documents';

let checkout: RazorpayLocal;
let adminUser: TestUser;

beforeAll(async () => {
  checkout = await startTestRazorpay();
  adminUser = await createTestUser({ role: 'admin' });
});

afterAll(async () => {
  await checkout.close();
});

/** A pending ONLINE order recorded as Razorpay's, before its payment is started. */
async function razorpayOrder(options: { stock?: number; quantity?: number } = {}) {
  const shopper = await shopperWithAddress();
  const product = await createProduct(adminUser, { price: 2499, discount: 400, stock: options.stock ?? 10 });
  const placed = await placeOrder(shopper, {
    paymentMethod: 'ONLINE',
    addressId: shopper.addressId,
    productId: product._id,
    quantity: options.quantity ?? 2,
  });
  expect(placed.status).toBe(201);
  const order: OrderJson = placed.body.data;
  expect((await storedOrder(order._id)).payment.provider).toBe('stripe'); // PAYMENT_PROVIDER of the test run
  await admin().db.doc(`orders/${order._id}`).update({ 'payment.provider': 'razorpay' });
  return { shopper, product, order };
}

/** …and its Payment Link. */
async function linkedOrder(options: { stock?: number; quantity?: number } = {}) {
  const placed = await razorpayOrder(options);
  const pay = await startPayment(placed.shopper, placed.order._id);
  expect(pay.status).toBe(200);
  const link = checkout.links.get(pay.body.data.sessionId);
  if (!link) throw new Error('no link at the stand-in');
  return { ...placed, link, url: pay.body.url };
}

function webhook(payload: string, headers: Record<string, string> = {}) {
  return api<Envelope<{ duplicate: boolean }>>('payment/razorpay/webhook', {
    method: 'POST',
    rawBody: payload,
    headers: {
      'Content-Type': 'application/json',
      'X-Razorpay-Signature': razorpaySignature(payload, LOCAL_RAZORPAY_WEBHOOK_SECRET),
      ...headers,
    },
  });
}

/** A payment.captured event for the order, as Razorpay would send it. */
function capturedEvent(
  orderId: string,
  amount: number,
  currency = 'INR',
  paymentId = `pay_t${Date.now()}${Math.random().toString(36).slice(2, 8)}`,
) {
  return JSON.stringify({
    entity: 'event',
    event: 'payment.captured',
    contains: ['payment'],
    payload: { payment: { entity: { id: paymentId, amount, currency, status: 'captured', notes: { orderId } } } },
    created_at: Math.floor(Date.now() / 1000),
  });
}

async function sweepUntil(orderId: string, status: string) {
  return eventually(
    async () => {
      const o = await storedOrder(orderId);
      return o.status === status ? o : null;
    },
    30_000,
    `the order to be ${status}`,
  );
}

describe('the Payment Link', () => {
  it('is made once for the order: paise, INR, the order in its notes and reference; 10 concurrent requests, one link', async () => {
    const { shopper, order } = await razorpayOrder();
    await warmFunctionWorkers(Array.from({ length: 10 }, () => shopper));
    const results = await Promise.all(Array.from({ length: 10 }, () => startPayment(shopper, order._id)));
    expect(results.map((r) => r.status)).toEqual(Array(10).fill(200));
    expect(new Set(results.map((r) => r.body.url)).size).toBe(1);
    const links = [...checkout.links.values()].filter((l) => l.notes.orderId === order._id);
    expect(links).toHaveLength(1);
    const link = links[0];
    expect(link).toMatchObject({
      amount: Math.round(order.totalAmount * 100),
      currency: 'INR',
      accept_partial: false,
      reference_id: `${order._id}-0`,
    });
    expect(link?.callback_url).toMatch(new RegExp(`/payment-success\\?session_id=${order._id}-0$`));
    expect(results[0]?.body).toMatchObject({ success: true, url: link?.short_url });
    const s = await storedOrder(order._id);
    expect(s.payment).toMatchObject({ provider: 'razorpay', sessionId: link?.id, reference: `${order._id}-0` });
  }, 90_000);
});

describe('paying on the test page', () => {
  it('Pay (UPI) sends signed payment.captured, order.paid and payment_link.paid: confirmed once, with its invoice; back to the success page', async () => {
    const { shopper, order, link, product } = await linkedOrder({ stock: 10, quantity: 2 });
    const page = await fetch(link.short_url);
    const html = await page.text();
    expect(html).toContain('Test payment — no money moves');
    expect(html).toContain('upi://pay?');
    expect(html).toContain('data:image/png;base64,');
    const paid = await submitPage(checkout, link.id, 'pay', 'upi');
    expect(paid.status).toBe(303);
    expect(paid.location).toContain(`/payment-success?session_id=${order._id}-0`);
    const ours = checkout.deliveries.filter((d) => d.payload.includes(order._id));
    expect(ours.map((d) => [d.event, d.status])).toEqual([
      ['payment.captured', 200],
      ['order.paid', 200],
      ['payment_link.paid', 200],
    ]);
    const s = await storedOrder(order._id);
    expect(s.status).toBe('confirmed');
    expect(s.payment).toMatchObject({ status: 'paid', provider: 'razorpay', amountPaise: link.amount });
    expect(s.payment.paymentIntentId).toMatch(/^pay_/);
    expect((await numberedOrder(order._id)).invoice.number).toBeTruthy();
    expect(s.statusHistory.at(-1)).toMatchObject({ status: 'confirmed', by: 'razorpay' });
    expect(await stockOf(product._id)).toBe(8);
    const status = await api<Envelope<{ orderId: string; paymentStatus: string }>>(`payment/session/${order._id}-0`, {
      token: shopper.idToken,
    });
    expect(status.body.data).toMatchObject({ orderId: order._id, paymentStatus: 'paid', status: 'confirmed' });
  });

  it('Payment fails sends payment.failed: the order stays pending and payable', async () => {
    const { shopper, order, link } = await linkedOrder();
    const failed = await submitPage(checkout, link.id, 'fail');
    expect(failed.status).toBe(200);
    expect(checkout.deliveries.filter((d) => d.payload.includes(order._id)).map((d) => [d.event, d.status])).toEqual([
      ['payment.failed', 200],
    ]);
    expect((await storedOrder(order._id)).status).toBe('pending');
    expect((await startPayment(shopper, order._id)).body.url).toBe(link.short_url);
  });

  it('Cancel returns to /payment-cancel?order_id=… and changes nothing', async () => {
    const { order, link } = await linkedOrder();
    const cancelled = await submitPage(checkout, link.id, 'cancel');
    expect(cancelled.status).toBe(303);
    expect(cancelled.location).toMatch(new RegExp(`/payment-cancel\\?order_id=${order._id}$`));
    expect((await storedOrder(order._id)).status).toBe('pending');
  });
});

describe('the webhook', () => {
  it('a wrong, missing or tampered signature is 400 and changes nothing', async () => {
    const { order } = await linkedOrder();
    const payload = capturedEvent(order._id, Math.round(order.totalAmount * 100));
    const forged = await webhook(payload, { 'X-Razorpay-Signature': razorpaySignature(payload, 'not-the-secret') });
    expect(forged.status).toBe(400);
    expect(forged.body).toMatchObject({ success: false, message: 'Invalid Razorpay signature' });
    const tampered = await webhook(payload.replace('"captured"', '"captured" '), {
      'X-Razorpay-Signature': razorpaySignature(payload, LOCAL_RAZORPAY_WEBHOOK_SECRET),
    });
    expect(tampered.status).toBe(400);
    const unsigned = await api('payment/razorpay/webhook', {
      method: 'POST',
      rawBody: payload,
      headers: { 'Content-Type': 'application/json' },
    });
    expect(unsigned.status).toBe(400);
    expect((await storedOrder(order._id)).status).toBe('pending');
  });

  it('the same event id twice has one effect', async () => {
    const { order } = await linkedOrder();
    const payload = capturedEvent(order._id, Math.round(order.totalAmount * 100));
    const first = await webhook(payload, { 'X-Razorpay-Event-Id': `evt_once_${order._id}` });
    expect(first.body.data).toEqual({ received: true, duplicate: false });
    const again = await webhook(payload, { 'X-Razorpay-Event-Id': `evt_once_${order._id}` });
    expect(again.body.data).toEqual({ received: true, duplicate: true });
    const s = await storedOrder(order._id);
    expect(s.status).toBe('confirmed');
    expect(s.statusHistory.filter((h: { status: string }) => h.status === 'confirmed')).toHaveLength(1);
  });

  it('an amount or currency that does not match is flagged and refunded, never confirmed', async () => {
    const { order } = await linkedOrder();
    const right = Math.round(order.totalAmount * 100);
    expect((await webhook(capturedEvent(order._id, right - 100))).status).toBe(200);
    expect((await webhook(capturedEvent(order._id, right, 'USD'))).status).toBe(200);
    const s = await storedOrder(order._id);
    expect(s.status).toBe('pending');
    expect(s.payment.status).toBe('unpaid');
    expect(s.attention.map((a: { code: string }) => a.code)).toContain('payment_mismatch');
    expect(s.attention.map((a: { message: string }) => a.message).join(' ')).toMatch(/amount .* paise, expected/);
    expect(s.attention.map((a: { message: string }) => a.message).join(' ')).toMatch(/currency USD, expected INR/);
    expect(s.payment.extraPayments).toHaveLength(2);
  });
});

describe('a paid order is never lost', () => {
  it('paid with the webhook lost, the hold ends: the sweep asks Razorpay and confirms the order (invoice issued), not cancels it', async () => {
    const { order, link, product } = await linkedOrder({ stock: 10, quantity: 1 });
    checkout.dropWebhooks = true;
    try {
      expect((await submitPage(checkout, link.id, 'pay', 'card')).status).toBe(303);
    } finally {
      checkout.dropWebhooks = false;
    }
    expect((await storedOrder(order._id)).status).toBe('pending');
    await admin()
      .db.doc(`orders/${order._id}`)
      .update({ 'payment.holdUntil': Timestamp.fromMillis(Date.now() - 1000) });
    const confirmed = await sweepUntil(order._id, 'confirmed');
    expect(confirmed.payment).toMatchObject({ status: 'paid', amountPaise: link.amount });
    expect((await numberedOrder(order._id)).invoice.number).toBeTruthy();
    expect(confirmed.stockReleasedAt).toBeUndefined();
    expect(await stockOf(product._id)).toBe(9);
  });

  it('not paid when the hold ends: the sweep cancels it and cancels its link', async () => {
    const { order, link, product } = await linkedOrder({ stock: 10, quantity: 1 });
    await admin()
      .db.doc(`orders/${order._id}`)
      .update({ 'payment.holdUntil': Timestamp.fromMillis(Date.now() - 1000) });
    const cancelled = await sweepUntil(order._id, 'cancelled');
    expect(cancelled.payment.status).toBe('failed');
    expect(await stockOf(product._id)).toBe(10);
    await eventually(async () => checkout.links.get(link.id)?.status === 'cancelled', 10_000, 'the link to be cancelled');
  });
});

describe('refunds', () => {
  it('an admin cancelling a paid order refunds it through Razorpay: refund_pending, then refunded on refund.processed', async () => {
    const { order, link } = await linkedOrder();
    await submitPage(checkout, link.id, 'pay', 'netbanking');
    const cancel = await api(`order/${order._id}/cancel`, { method: 'POST', token: adminUser.idToken, body: {} });
    expect(cancel.status).toBe(200);
    const refunded = await eventually(
      async () => {
        const o = await storedOrder(order._id);
        return o.payment.status === 'refunded' ? o : null;
      },
      20_000,
      'refunded',
    );
    expect(refunded.payment.refund).toMatchObject({ status: 'succeeded', amountPaise: link.amount });
    expect(refunded.payment.refund.id).toMatch(/^rfnd_/);
    expect((await numberedOrder(order._id, { creditNote: true })).creditNote.number).toBeTruthy();
  });

  it('a refund made in Razorpay’s dashboard (no orderId on it) is matched by the payment: refunded, stock back once, credit note', async () => {
    const { order, link, product } = await linkedOrder({ stock: 10, quantity: 2 });
    await submitPage(checkout, link.id, 'pay');
    const paid = await storedOrder(order._id);
    expect(paid.status).toBe('confirmed');
    expect(await stockOf(product._id)).toBe(8);
    const refund = await razorpayApi(checkout, 'POST', `/v1/payments/${paid.payment.paymentIntentId}/refund`, {});
    expect(refund.status).toBe(200);
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
    expect(done.attention.map((a: { code: string }) => a.code)).toContain('refunded_outside_shop');
    expect(await stockOf(product._id)).toBe(10);
    // The same event again changes nothing (stock not put back twice).
    const delivered = checkout.deliveries.find(
      (d) => d.event === 'refund.processed' && d.payload.includes(String(paid.payment.paymentIntentId)),
    );
    expect(delivered).toBeTruthy();
    const again = await webhook(delivered?.payload ?? '', { 'X-Razorpay-Event-Id': delivered?.id ?? '' });
    expect(again.body.data).toEqual({ received: true, duplicate: true });
    const replay = await webhook(delivered?.payload ?? '', { 'X-Razorpay-Event-Id': `${delivered?.id ?? ''}_other` });
    expect(replay.status).toBe(200);
    expect(await stockOf(product._id)).toBe(10);
  });
});
