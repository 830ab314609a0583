// EMI and pay later through Razorpay (issue 43), against the emulators and the local Razorpay
// test checkout (scripts/razorpay-local). As in payments-razorpay.test.ts, the test run's function
// takes new online orders with Stripe (PAYMENT_PROVIDER's default); these orders are recorded as
// Razorpay's, and every later step follows the order's `payment.provider`.
import { emiInstalmentPaise, type Order } from '@bagshop/domain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { admin, api, createTestUser, type TestUser } from '../support/api';
import {
  createProduct,
  type Envelope,
  type OrderJson,
  placeOrder,
  shopperWithAddress,
  startPayment,
  storedOrder,
} from '../support/commerce';
import { startTestRazorpay, type RazorpayLocal } from '../support/razorpay';
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

/** A ₹7,999 trolley ordered ONLINE, recorded as Razorpay's, with its Payment Link. */
async function linkedOrder() {
  const shopper = await shopperWithAddress();
  const product = await createProduct(adminUser, { price: 8999, discount: 1000, stock: 5 });
  const placed = await placeOrder(shopper, { paymentMethod: 'ONLINE', addressId: shopper.addressId, productId: product._id, quantity: 1 });
  expect(placed.status).toBe(201);
  const order: OrderJson = placed.body.data;
  await admin().db.doc(`orders/${order._id}`).update({ 'payment.provider': 'razorpay' });
  const pay = await startPayment(shopper, order._id);
  expect(pay.status).toBe(200);
  const link = checkout.links.get(pay.body.data.sessionId);
  if (!link) throw new Error('no link at the stand-in');
  return { shopper, order, link };
}

/** Submits the test page's form as a shopper would: the method and its bank / tenure / provider. */
async function pay(linkId: string, fields: Record<string, string>, action: 'pay' | 'fail' = 'pay') {
  const res = await fetch(`${checkout.url}/pl/${linkId}/${action}`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams(fields).toString(),
    redirect: 'manual',
  });
  await res.text();
  return res.status;
}

function capturedPayload(orderId: string): Record<string, unknown> {
  const d = checkout.deliveries.find((x) => x.event === 'payment.captured' && x.payload.includes(orderId));
  if (!d) throw new Error('no payment.captured was sent');
  expect(d.status).toBe(200);
  return (JSON.parse(d.payload) as { payload: { payment: { entity: Record<string, unknown> } } }).payload.payment.entity;
}

describe('the test page', () => {
  it('offers Card EMI (every bank and tenure the amount meets, with rate and total), Cardless EMI and Pay Later; ?method=emi opens on Card EMI', async () => {
    const { link } = await linkedOrder();
    expect(link.amount).toBe(799_900);
    const html = await (await fetch(`${link.short_url}?method=emi`)).text();
    expect(html).toContain('<input type="radio" name="method" value="emi" checked>');
    expect(html).toContain('value="cardless_emi"');
    expect(html).toContain('value="paylater"');
    const hdfc6 = emiInstalmentPaise(799_900, 15, 6);
    expect(html).toContain(
      `HDFC Bank, 6 months: ₹${(hdfc6 / 100).toLocaleString('en-IN', { minimumFractionDigits: 2 })}/month at 15 % a year`,
    );
    expect(html).toContain('FlexiPay by HDFC Bank');
    expect(html).toContain('axio');
    const plain = await (await fetch(link.short_url)).text();
    expect(plain).toContain('<input type="radio" name="method" value="upi" checked>');
  });
});

describe('an EMI order through the stand-in', () => {
  it('Card EMI (HDFC, 6 months): payment.captured says method emi and the plan; the order is paid and keeps the method and plan', async () => {
    const { shopper, order, link } = await linkedOrder();
    expect(await pay(link.id, { method: 'emi', emi_plan: 'HDFC:6' })).toBe(303);
    const entity = capturedPayload(order._id);
    expect(entity).toMatchObject({ method: 'emi', bank: 'HDFC', emi: { issuer: 'HDFC', rate: 1500, duration: 6 }, amount: 799_900 });
    const s = await storedOrder(order._id);
    expect(s.status).toBe('confirmed');
    expect(s.payment).toMatchObject({ status: 'paid', provider: 'razorpay' });
    const instalment = emiInstalmentPaise(799_900, 15, 6);
    expect(s.payment.plan).toEqual({
      method: 'emi',
      issuer: 'HDFC',
      issuerName: 'HDFC Bank',
      tenureMonths: 6,
      annualRatePercent: 15,
      instalmentPaise: instalment,
      totalPayablePaise: instalment * 6,
    });
    expect((await numberedOrder(order._id)).invoice.number).toBeTruthy();
    // The shopper's order answer carries it (the order page says "Paid by Card EMI: HDFC Bank, 6 months …").
    const mine = await api<Envelope<Order>>(`order/${order._id}`, { token: shopper.idToken });
    expect(mine.status).toBe(200);
    expect(mine.body.data.payment.plan).toMatchObject({ method: 'emi', tenureMonths: 6, annualRatePercent: 15 });
  });

  it('Cardless EMI and Pay Later: payment.captured with method cardless_emi / paylater and the provider; the order keeps them', async () => {
    const cardless = await linkedOrder();
    expect(await pay(cardless.link.id, { method: 'cardless_emi', cardless_provider: 'walnut369' })).toBe(303);
    expect(capturedPayload(cardless.order._id)).toMatchObject({ method: 'cardless_emi', provider: 'walnut369' });
    const a = await storedOrder(cardless.order._id);
    expect(a.status).toBe('confirmed');
    expect(a.payment.plan).toMatchObject({ method: 'cardless_emi', issuer: 'walnut369', issuerName: 'axio', tenureMonths: null });

    const later = await linkedOrder();
    expect(await pay(later.link.id, { method: 'paylater', paylater_provider: 'getsimpl' })).toBe(303);
    expect(capturedPayload(later.order._id)).toMatchObject({ method: 'paylater', provider: 'getsimpl' });
    const b = await storedOrder(later.order._id);
    expect(b.status).toBe('confirmed');
    expect(b.payment.plan).toMatchObject({ method: 'paylater', issuer: 'getsimpl', issuerName: 'Simpl' });
  });

  it('Payment fails on Card EMI: payment.failed, the order stays pending with no plan', async () => {
    const { order, link } = await linkedOrder();
    expect(await pay(link.id, { method: 'emi', emi_plan: 'ICIC:3' }, 'fail')).toBe(200);
    const s = await storedOrder(order._id);
    expect(s.status).toBe('pending');
    expect(s.payment.plan ?? null).toBeNull();
  });
});

describe('refunds of EMI orders', () => {
  it('an admin cancelling a paid Card EMI order refunds it through Razorpay as a card order: refunded on refund.processed, credit note', async () => {
    const { order, link } = await linkedOrder();
    expect(await pay(link.id, { method: 'emi', emi_plan: 'UTIB:12' })).toBe(303);
    expect((await storedOrder(order._id)).status).toBe('confirmed');
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
    expect(refunded.payment.refund).toMatchObject({ status: 'succeeded', amountPaise: 799_900 });
    expect(refunded.payment.plan).toMatchObject({ method: 'emi', issuer: 'UTIB', tenureMonths: 12 });
    const atStandIn = [...checkout.refunds.values()].filter((r) => r.payment_id === refunded.payment.paymentIntentId);
    expect(atStandIn.map((r) => r.amount)).toEqual([799_900]);
    expect((await numberedOrder(order._id, { creditNote: true })).creditNote.number).toBeTruthy();
  });
});
