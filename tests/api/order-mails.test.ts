// Order messages in the mail queue (`mail`, the Trigger Email extension's shape): placed,
// confirmed, shipped, cancelled; for online orders confirmed and cancelled come from Stripe's
// webhook. ('refunded' is built by mail/mail.ts for the refund path; unit-tested there.)
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { admin, api, createTestUser, type TestUser } from '../support/api';
import { createProduct, placeOrder, shopperWithAddress, type Envelope, type OrderJson } from '../support/commerce';
import { eventually, payOnPage, startTestCheckout, stripeClient, type StripeLocal } from '../support/stripe';

let seller: TestUser;
let productId: string;
let checkout: StripeLocal;

beforeAll(async () => {
  checkout = await startTestCheckout();
  seller = await createTestUser({ role: 'admin' });
  productId = (await createProduct(seller, { stock: 50, price: 3000, discount: 500 }))._id;
});

afterAll(async () => {
  await checkout.close();
});

async function mailsFor(orderId: string) {
  const snap = await admin().db.collection('mail').where('orderId', '==', orderId).get();
  return snap.docs.map((d) => d.data()).sort((a, b) => a.createdAt.toMillis() - b.createdAt.toMillis());
}

async function codOrder() {
  const shopper = await shopperWithAddress();
  const res = await placeOrder(shopper, { paymentMethod: 'COD', addressId: shopper.addressId, productId, quantity: 2 });
  expect(res.status).toBe(201);
  return { shopper, order: res.body.data };
}

function setStatus(orderId: string, status: string) {
  return api<Envelope<OrderJson>>(`order/${orderId}/status`, { method: 'PATCH', token: seller.idToken, body: { status } });
}

describe('order mails', () => {
  it('placed → confirmed → shipped → delivered: one mail each, to the shopper, in the Trigger Email shape', async () => {
    const { shopper, order } = await codOrder();
    const placed = await mailsFor(order._id);
    expect(placed).toHaveLength(1);
    expect(placed[0]).toMatchObject({
      to: shopper.email,
      kind: 'order_placed',
      uid: shopper.uid,
      message: { subject: `We have your order #${order._id.slice(-6)}`, text: expect.any(String), html: expect.any(String) },
    });
    expect(placed[0]?.message.text).toContain('× 2  ₹5,000');
    expect(placed[0]?.message.text).toContain('You pay ₹5,000 in cash when it is delivered.');

    expect((await setStatus(order._id, 'confirmed')).status).toBe(200);
    expect((await setStatus(order._id, 'shipped')).status).toBe(200);
    expect((await setStatus(order._id, 'completed')).status).toBe(200);
    const all = await mailsFor(order._id);
    expect(all.map((m) => m.kind)).toEqual(['order_placed', 'order_confirmed', 'order_shipped', 'order_completed']);
    expect(all.every((m) => m.to === shopper.email)).toBe(true);
  });

  it('cancelled by the shopper, or by an admin: a cancellation mail', async () => {
    const mine = await codOrder();
    expect((await api(`order/${mine.order._id}/cancel`, { method: 'POST', token: mine.shopper.idToken })).status).toBe(200);
    expect((await mailsFor(mine.order._id)).map((m) => m.kind)).toEqual(['order_placed', 'order_cancelled']);

    const theirs = await codOrder();
    expect((await setStatus(theirs.order._id, 'confirmed')).status).toBe(200);
    expect((await api(`order/${theirs.order._id}/cancel`, { method: 'POST', token: seller.idToken })).status).toBe(200);
    const mails = await mailsFor(theirs.order._id);
    expect(mails.map((m) => m.kind)).toEqual(['order_placed', 'order_confirmed', 'order_cancelled']);
    expect(mails[2]?.message.subject).toBe(`Order #${theirs.order._id.slice(-6)} was cancelled`);
  });

  it('a refused change queues nothing', async () => {
    const { order } = await codOrder();
    expect((await setStatus(order._id, 'shipped')).status).toBe(409);
    expect((await mailsFor(order._id)).map((m) => m.kind)).toEqual(['order_placed']);
  });

  it('online: Stripe’s paid event confirms (mail), its expiry cancels (mail)', async () => {
    const shopper = await shopperWithAddress();
    const paid = await placeOrder(shopper, { paymentMethod: 'ONLINE', addressId: shopper.addressId, productId, quantity: 1 });
    const expired = await placeOrder(shopper, { paymentMethod: 'ONLINE', addressId: shopper.addressId, productId, quantity: 1 });
    expect([paid.status, expired.status]).toEqual([201, 201]);
    const session = async (orderId: string) =>
      (await api<Envelope<{ sessionId: string }>>('payment', { method: 'POST', token: shopper.idToken, body: { orderId } })).body.data
        .sessionId;
    // Paid on the test checkout page (Stripe's signed checkout.session.completed), expired through Stripe's API (checkout.session.expired).
    await payOnPage(checkout, await session(paid.body.data._id));
    await stripeClient(checkout).checkout.sessions.expire(await session(expired.body.data._id));
    await eventually(async () => (await mailsFor(paid.body.data._id)).length === 2, 20_000, 'the confirmed mail');
    await eventually(async () => (await mailsFor(expired.body.data._id)).length === 2, 20_000, 'the cancelled mail');

    const paidMails = await mailsFor(paid.body.data._id);
    expect(paidMails.map((m) => m.kind)).toEqual(['order_placed', 'order_confirmed']);
    expect(paidMails[0]?.message.text).toContain('It is confirmed as soon as your card payment goes through.');
    expect(paidMails[1]?.message.text).toContain('is confirmed and paid');
    const expiredMails = await mailsFor(expired.body.data._id);
    expect(expiredMails.map((m) => m.kind)).toEqual(['order_placed', 'order_cancelled']);
    expect(expiredMails[1]?.message.text).toContain('Nothing was charged for it.');
  });
});
