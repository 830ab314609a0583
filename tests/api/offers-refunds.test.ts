// Offers and money going back (issue 28, docs/offers.md) against the real emulators: partial
// returns of a discounted line refund and credit its discounted amounts, to the paisa; a return
// that refunds everything gives the code's use back, as does a delivered prepaid order refunded
// in full from the provider's dashboard; Buy Now takes the automatic offers and no code.
import { DEMO_SELLER, type CartPricing, type Invoice, type Offer, type ReturnJson } from '@bagshop/domain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { admin, api, createTestUser, type TestUser } from '../support/api';
import {
  createProduct,
  placeOrder,
  setCart,
  shopperWithAddress,
  startPayment,
  storedOrder,
  type Envelope,
  type OrderJson,
} from '../support/commerce';
import { eventually, payOnPage, startTestCheckout, stripeClient, type StripeLocal } from '../support/stripe';

type Shopper = TestUser & { addressId: string };
type PlacedOrder = OrderJson & {
  offerDiscountPaise?: number;
  items: (OrderJson['items'][number] & { offerDiscountPaise?: number; variantId: string })[];
  invoice: Invoice | null;
};

let adminUser: TestUser;
let checkout: StripeLocal;
let codeN = 0;
const newCode = (prefix: string) => `${prefix}${Date.now().toString(36).toUpperCase()}${(codeN += 1)}`.slice(0, 20);
const inDays = (days: number) => new Date(Date.now() + days * 86_400_000).toISOString();

beforeAll(async () => {
  checkout = await startTestCheckout();
  adminUser = await createTestUser({ role: 'admin' });
  const seller = admin().db.doc('settings/seller');
  if (!(await seller.get()).exists) await seller.set({ ...DEMO_SELLER, updatedAt: new Date() });
  await seller.set({ returnWindowDays: 7 }, { merge: true });
});

afterAll(async () => {
  await checkout.close();
});

async function createOffer(body: Record<string, unknown>): Promise<Offer> {
  const res = await api<Envelope<Offer>>('admin/offers', {
    method: 'POST',
    token: adminUser.idToken,
    body: { title: 'Test offer', kind: 'percent', value: 10, startsAt: inDays(-1), endsAt: inDays(30), combinable: true, ...body },
  });
  if (res.status !== 201) throw new Error(`POST admin/offers answered ${res.status}: ${JSON.stringify(res.body)}`);
  return res.body.data;
}

const applyCode = (user: TestUser, code: string) =>
  api<{ message: string; pricing: CartPricing }>('cart/coupon', { method: 'POST', token: user.idToken, body: { code } });

async function adminPatch<T>(path: string, body: unknown): Promise<T> {
  const res = await api<Envelope<T>>(path, { method: 'PATCH', token: adminUser.idToken, body });
  if (res.status !== 200) throw new Error(`PATCH ${path} answered ${res.status}: ${JSON.stringify(res.body)}`);
  return res.body.data;
}

/** Confirmed (if still pending), shipped by hand and delivered. */
async function deliver(orderId: string): Promise<PlacedOrder> {
  if ((await storedOrder(orderId)).status === 'pending') await adminPatch(`order/${orderId}/status`, { status: 'confirmed' });
  const shipped = await api(`order/${orderId}/shipments`, {
    method: 'POST',
    token: adminUser.idToken,
    body: { courier: 'Delhivery', awb: `DL${Date.now()}${Math.floor(Math.random() * 1000)}` },
  });
  expect(shipped.status).toBe(201);
  return adminPatch<PlacedOrder>(`order/${orderId}/status`, { status: 'completed' });
}

/** A return of these units, taken by hand to received (check passed), then refunded. */
async function refundedReturn(shopper: Shopper, orderId: string, lines: { lineId: string; quantity: number }[]): Promise<ReturnJson> {
  const asked = await api<Envelope<{ return: ReturnJson }>>(`order/${orderId}/returns`, {
    method: 'POST',
    token: shopper.idToken,
    body: { lines, reason: 'changed_mind', resolution: 'refund', refundTo: { upiId: 'priya.s@okicici' } },
  });
  expect(asked.status, JSON.stringify(asked.body)).toBe(201);
  const n = asked.body.data.return._id;
  await adminPatch(`admin/returns/${n}`, { status: 'approved' });
  await adminPatch(`admin/returns/${n}`, { status: 'pickup_scheduled', courier: 'Delhivery', awb: `RP${Date.now()}` });
  await adminPatch(`admin/returns/${n}`, { status: 'picked_up' });
  await adminPatch(`admin/returns/${n}`, { status: 'received', qualityCheck: 'passed' });
  return adminPatch<ReturnJson>(`admin/returns/${n}`, { status: 'refunded' });
}

/** The offer as the admin's list answers it: `usedCount` and `discountGivenPaise` counted from its uses (docs/offers.md). */
async function listedOffer(id: string): Promise<Offer | undefined> {
  const list = await api<Envelope<Offer[]>>('admin/offers', { token: adminUser.idToken });
  return list.body.data.find((o) => o._id === id);
}
/** The documents in `offers/{id}/uses`: one per order holding a use. */
const usesOf = async (offerId: string) => (await admin().db.collection(`offers/${offerId}/uses`).get()).size;
const useCount = async (offerId: string, uid: string) =>
  Number((await admin().db.doc(`offerUses/${offerId}_${uid}`).get()).get('count') ?? 0);

describe('returns of a discounted order', () => {
  it('partial returns refund and credit the discounted amounts to the paisa; the return that refunds everything gives the use back', async () => {
    // 3 × (₹1,999 less ₹333) at 18 % and 1 × ₹649 at 5 %, WELCOME-style 10 %: ₹5,647 → ₹564 off.
    const [holdall, pouch] = await Promise.all([
      createProduct(adminUser, { price: 1999, discount: 333, stock: 10, category: 'luggage', gstRatePercent: 18 }, false),
      createProduct(adminUser, { price: 649, discount: 0, stock: 10, category: 'duffles', gstRatePercent: 5 }, false),
    ]);
    const offer = await createOffer({ code: newCode('RET') });
    const shopper = await shopperWithAddress(); // Pune: CGST + SGST
    await setCart(shopper.uid, { [holdall._id]: 3, [pouch._id]: 1 });
    expect((await applyCode(shopper, offer.code as string)).body.pricing).toMatchObject({ subtotalPaise: 564700, totalPaise: 508300 });
    const placed = await placeOrder(shopper, { paymentMethod: 'COD', addressId: shopper.addressId });
    expect(placed.status).toBe(201);
    const order = await deliver(placed.body.data._id);
    const line = (id: string) => order.items.find((i) => i._id === id) as PlacedOrder['items'][number];
    // ₹564 spread by value, largest remainder first: 49,918.04… and 6,481.95… → the paisa left to the pouch.
    expect([line(holdall._id).offerDiscountPaise, line(pouch._id).offerDiscountPaise]).toEqual([49918, 6482]);
    expect(await listedOffer(offer._id)).toMatchObject({ usedCount: 1, discountGivenPaise: 56400 });
    const invoice = order.invoice as Invoice;
    const invHoldall = invoice.lines.find((l) => l.name.startsWith(holdall.name)) as Invoice['lines'][number];
    // The holdall line was paid 3 × ₹1,666 − ₹499.18 = ₹4,498.82 (not the ₹4,998 before the code).
    expect(invHoldall.grossPaise).toBe(449882);

    // One holdall back: ₹4,498.82 / 3 = 1,499.60…, the first unit takes the odd paisa.
    const holdallId = line(holdall._id).variantId;
    const first = await refundedReturn(shopper, order._id, [{ lineId: holdallId, quantity: 1 }]);
    expect(first.refundPaise).toBe(149961);
    expect(first.lines.map((l) => l.refundPaise)).toEqual([149961]);
    const note1 = first.creditNote?.lines[0];
    expect(note1).toMatchObject({ quantity: 1, grossPaise: 149961, discountPaise: 199900 - 149961 });
    expect(first.creditNote?.totals.grossPaise).toBe(149961);
    // A partial return leaves the code used.
    expect(await listedOffer(offer._id)).toMatchObject({ usedCount: 1, discountGivenPaise: 56400 });
    expect(await useCount(offer._id, shopper.uid)).toBe(1);

    // The rest: two holdalls (₹2,999.21) and the pouch (₹649 − ₹64.82 = ₹584.18). Everything is refunded now.
    const second = await refundedReturn(shopper, order._id, [
      { lineId: holdallId, quantity: 2 },
      { lineId: line(pouch._id).variantId, quantity: 1 },
    ]);
    expect(second.lines.map((l) => l.refundPaise)).toEqual([299921, 58418]);
    expect(second.refundPaise).toBe(358339);
    expect(first.refundPaise + second.refundPaise).toBe(508300);
    const after = await storedOrder(order._id);
    expect(after.payment.refundedPaise).toBe(508300);

    // The credit notes carry the discounted amounts: per line they add up to the invoice line, tax and all.
    const noteHoldall = second.creditNote?.lines.find((l) => l.name.startsWith(holdall.name));
    const notePouch = second.creditNote?.lines.find((l) => l.name.startsWith(pouch.name));
    const invPouch = invoice.lines.find((l) => l.name.startsWith(pouch.name)) as Invoice['lines'][number];
    for (const k of ['grossPaise', 'taxablePaise', 'cgstPaise', 'sgstPaise'] as const) {
      expect((note1?.[k] ?? 0) + (noteHoldall?.[k] ?? 0), k).toBe(invHoldall[k]);
      expect(notePouch?.[k], k).toBe(invPouch[k]);
    }
    expect(notePouch).toMatchObject({ grossPaise: 58418, discountPaise: 6482 });
    expect((first.creditNote?.totals.grossPaise ?? 0) + (second.creditNote?.totals.grossPaise ?? 0)).toBe(invoice.totals.grossPaise);

    // Fully refunded: the use (and the discount given) back, once; the code works for them again.
    expect(after.offerUsesReleasedAt).toBeTruthy();
    expect(await listedOffer(offer._id)).toMatchObject({ usedCount: 0, discountGivenPaise: 0 });
    expect(await usesOf(offer._id)).toBe(0);
    expect(await useCount(offer._id, shopper.uid)).toBe(0);
    await setCart(shopper.uid, { [pouch._id]: 1 });
    expect((await applyCode(shopper, offer.code as string)).status).toBe(200);
  }, 180_000);
});

describe('a delivered prepaid order refunded in full from the provider’s dashboard', () => {
  it('gives the code’s use back (usedCount, discount given, the shopper’s use)', async () => {
    const product = await createProduct(adminUser, { price: 2500, discount: 0, stock: 10, category: 'backpacks' }, false);
    const offer = await createOffer({ code: newCode('DASH'), kind: 'flat', value: 250, usageLimit: 1 });
    const shopper = await shopperWithAddress();
    await setCart(shopper.uid, { [product._id]: 1 });
    expect((await applyCode(shopper, offer.code as string)).status).toBe(200);
    const placed = await placeOrder(shopper, { paymentMethod: 'ONLINE', addressId: shopper.addressId });
    expect(placed.status).toBe(201);
    const orderId = placed.body.data._id;
    expect(placed.body.data.totalAmount).toBe(2250);
    const pay = await startPayment(shopper, orderId);
    expect(pay.status).toBe(200);
    await payOnPage(checkout, pay.body.data.sessionId);
    const paid = await eventually(async () => {
      const o = await storedOrder(orderId);
      return o.status === 'confirmed' ? o : null;
    });
    await deliver(orderId);
    expect(await listedOffer(offer._id)).toMatchObject({ usedCount: 1, discountGivenPaise: 25000 });

    // The admin refunds the whole payment in Stripe's dashboard (no orderId on it).
    await stripeClient(checkout).refunds.create({ payment_intent: paid.payment.paymentIntentId });
    const refunded = await eventually(
      async () => {
        const o = await storedOrder(orderId);
        return o.payment.status === 'refunded' ? o : null;
      },
      20_000,
      'the dashboard refund',
    );
    expect(refunded.status).toBe('completed');
    expect(refunded.offerUsesReleasedAt).toBeTruthy();
    expect(await listedOffer(offer._id)).toMatchObject({ usedCount: 0, discountGivenPaise: 0 });
    expect(await usesOf(offer._id)).toBe(0);
    expect(await useCount(offer._id, shopper.uid)).toBe(0);
    // The code's one use is free again: another shopper can take it.
    const other = await shopperWithAddress();
    await setCart(other.uid, { [product._id]: 1 });
    expect((await applyCode(other, offer.code as string)).status).toBe(200);
  }, 120_000);
});

describe('Buy Now and offers', () => {
  it('takes the automatic offers (the prepaid one when paying online) and no code; its checkout is priced by the server', async () => {
    const product = await createProduct(adminUser, { price: 3000, discount: 0, stock: 10, category: 'luggage' }, false);
    const prepaid = await createOffer({
      code: null,
      title: 'Pay online: 5 % off',
      value: 5,
      paymentMethods: ['ONLINE'],
      appliesTo: { productIds: [product._id] },
    });
    const code = await createOffer({ code: newCode('BUY'), value: 10 });
    const shopper = await shopperWithAddress();
    // A code in the cart is the cart's: Buy Now neither uses nor removes it.
    await setCart(shopper.uid, { [product._id]: 1 });
    expect((await applyCode(shopper, code.code as string)).status).toBe(200);

    const priced = await api<{ pricing: CartPricing }>(`cart/buy-now-pricing?productId=${product._id}&quantity=2&paymentMethod=ONLINE`, {
      token: shopper.idToken,
    });
    expect(priced.status).toBe(200);
    expect(priced.body.pricing).toMatchObject({
      subtotalPaise: 600000,
      discounts: [{ offerId: prepaid._id, title: 'Pay online: 5 % off', amountPaise: 30000 }],
      totalPaise: 570000,
      codTotalPaise: 600000,
      onlineTotalPaise: 570000,
      coupon: null,
    });
    expect((await api(`cart/buy-now-pricing?productId=${product._id}`)).status).toBe(401);
    const bad = await api<{ message: string }>(`cart/buy-now-pricing?productId=${product._id}&quantity=0`, { token: shopper.idToken });
    expect(bad.status).toBe(400);
    expect((await api(`cart/buy-now-pricing?productId=nope`, { token: shopper.idToken })).status).toBe(404);

    const cod = await placeOrder(shopper, { paymentMethod: 'COD', addressId: shopper.addressId, productId: product._id, quantity: 2 });
    expect(cod.status).toBe(201);
    expect((cod.body.data as PlacedOrder).totalAmount).toBe(6000);
    expect((cod.body.data as PlacedOrder).offerDiscountPaise ?? 0).toBe(0);
    const online = await placeOrder(shopper, {
      paymentMethod: 'ONLINE',
      addressId: shopper.addressId,
      productId: product._id,
      quantity: 2,
    });
    expect(online.status).toBe(201);
    expect(online.body.data).toMatchObject({ totalAmount: 5700, offerDiscountPaise: 30000 });
    expect(await listedOffer(prepaid._id)).toMatchObject({ usedCount: 1, discountGivenPaise: 30000 });
    expect(await listedOffer(code._id)).toMatchObject({ usedCount: 0 });
    expect((await admin().db.doc(`cartCoupons/${shopper.uid}`).get()).get('code')).toBe(code.code);
  }, 120_000);
});
