// After "shipped" (issue 25, docs/fulfilment.md): shipments booked through the local test
// courier (scripts/courier-local, which answers as Shiprocket's API does and posts its tracking
// webhook through Hosting), each event recorded once, out of order safe, failed deliveries the
// shopper answers, the 48-hour RTO request, and returns to origin (stock back once, credit note,
// refund of a prepaid order).
import { Timestamp } from 'firebase-admin/firestore';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { reattemptDates } from '@bagshop/domain';
import { admin, api, createTestUser, type TestUser } from '../support/api';
import {
  createProduct,
  type Envelope,
  type OrderJson,
  placeOrder,
  productForm,
  randomPng,
  shopperWithAddress,
  stockOf,
  storedOrder,
  uniqueName,
} from '../support/commerce';
import { startTestCourier, type CourierLocal } from '../support/courier';
import { hostingUrl } from '../support/emulators';
import { eventually, payOnPage, startTestCheckout, type StripeLocal } from '../support/stripe';
import { numberedOrder } from '../support/tax-documents';

let courier: CourierLocal;
let checkout: StripeLocal;
let adminUser: TestUser;

beforeAll(async () => {
  courier = await startTestCourier();
  checkout = await startTestCheckout();
  adminUser = await createTestUser({ role: 'admin' });
});

afterAll(async () => {
  await courier.close();
  await checkout.close();
});

interface ShipmentJson {
  _id: string;
  courier: string;
  awb: string;
  trackingUrl: string;
  labelUrl?: string;
  status: string;
  events: { key: string; status: string; at: string; location: string; note: string }[];
}
type FullOrder = OrderJson & {
  shipments: ShipmentJson[];
  ndr: { status: string; reason: string; respondBy: string; reattemptDate: string | null } | null;
  creditNote: { number: string } | null;
  invoice: { number: string } | null;
};

async function orderJson(id: string): Promise<FullOrder> {
  const res = await api<Envelope<FullOrder>>(`order/${id}`, { token: adminUser.idToken });
  return res.body.data;
}

/** A COD order the shopper confirmed and the admin confirmed (invoice issued), ready to ship. */
async function confirmedOrder(options: { quantity?: number; stock?: number } = {}) {
  const shopper = await shopperWithAddress();
  const product = await createProduct(adminUser, { price: 1999, discount: 0, stock: options.stock ?? 10 });
  const placed = await placeOrder(shopper, {
    paymentMethod: 'COD',
    addressId: shopper.addressId,
    productId: product._id,
    quantity: options.quantity ?? 2,
  });
  expect(placed.status).toBe(201);
  const confirmed = await api<Envelope<FullOrder>>(`order/${placed.body.data._id}/status`, {
    method: 'PATCH',
    token: adminUser.idToken,
    body: { status: 'confirmed' },
  });
  expect(confirmed.status).toBe(200);
  return { shopper, product, order: confirmed.body.data };
}

function ship(orderId: string, body: Record<string, unknown> = {}, token = adminUser.idToken) {
  return api<Envelope<{ shipment: ShipmentJson }>>(`order/${orderId}/shipments`, { method: 'POST', token, body });
}

async function shippedOrder(options: { quantity?: number; stock?: number } = {}) {
  const made = await confirmedOrder(options);
  const res = await ship(made.order._id);
  expect(res.status).toBe(201);
  return { ...made, shipment: res.body.data.shipment };
}

/** Sends one courier event and checks the app took it. */
async function event(awb: string, name: Parameters<CourierLocal['send']>[1], options: Parameters<CourierLocal['send']>[2] = {}) {
  expect(await courier.send(awb, name, options)).toBe(200);
}

// Each case makes ten or more calls through the emulators: room for a busy machine.
describe('POST /api/order/{id}/shipments', { timeout: 90_000 }, () => {
  it('401 anonymous, 403 shopper, 404 unknown order, 409 before confirmation, 400 bad input', async () => {
    const { shopper, order } = await confirmedOrder();
    expect((await api(`order/${order._id}/shipments`, { method: 'POST', body: {} })).status).toBe(401);
    expect((await ship(order._id, {}, shopper.idToken)).status).toBe(403);
    expect((await ship('no-such-order')).status).toBe(404);
    const bad = await ship(order._id, { awb: 'a b', weightGrams: 0 });
    expect(bad.status).toBe(400);
    expect(bad.body.errors?.map((e) => e.message)).toEqual([
      'AWB must be 4 to 40 letters, digits or dashes',
      'Weight must be a whole number of grams from 1 to 50,000',
    ]);
    const other = await shopperWithAddress();
    const product = await createProduct(adminUser, { stock: 5 });
    const pending = await placeOrder(other, { paymentMethod: 'COD', addressId: other.addressId, productId: product._id });
    const early = await ship(pending.body.data._id);
    expect(early.status).toBe(409);
    expect(early.body.message).toBe('Only a confirmed order can be shipped; this one is pending');
  });

  it('books through the courier: AWB, tracking link, label; the order is shipped with shipments[]', async () => {
    const { order } = await confirmedOrder({ quantity: 3 });
    const res = await ship(order._id);
    expect(res.status).toBe(201);
    const shipment = res.body.data.shipment;
    expect(shipment).toMatchObject({ courier: 'Bagshop Test Courier', status: 'booked', events: [] });
    expect(shipment.awb).toMatch(/^BST\d{10}$/);
    expect(shipment.trackingUrl).toBe(`https://shiprocket.co/tracking/${shipment.awb}`);
    expect(shipment.labelUrl).toBe(`/api/order/${order._id}/shipments/${shipment._id}/label`);
    // Booked as Shiprocket is: token, ad-hoc order (COD, weight from the lines), AWB, pickup.
    const paths = courier.requests.filter((r) => r.body.order_id === order._id || r.path !== '/v1/external/orders/create/adhoc');
    expect(paths.map((r) => r.path)).toEqual(
      expect.arrayContaining(['/v1/external/orders/create/adhoc', '/v1/external/courier/assign/awb']),
    );
    // The booking that went through carried the token (a token kept from an earlier courier
    // instance is refused once, then the adapter logs in again and resends).
    const adhoc = courier.requests.filter((r) => r.path === '/v1/external/orders/create/adhoc' && r.body.order_id === order._id).at(-1);
    expect(adhoc?.authorized).toBe(true);
    expect(adhoc?.body).toMatchObject({ payment_method: 'COD', sub_total: order.totalAmount, weight: 2.4, billing_pincode: '411001' });
    expect(courier.shipments.get(shipment.awb)?.pickupScheduled).toBe(true);

    const after = await orderJson(order._id);
    expect(after.status).toBe('shipped');
    expect(after.shipments.map((s) => s.awb)).toEqual([shipment.awb]);
    expect(after.statusHistory.map((h) => h.status)).toEqual(['pending', 'confirmed', 'shipped']);
    // A second shipment for the same order: refused.
    expect((await ship(order._id)).status).toBe(409);

    // The 4×6 inch label, with the AWB as text.
    const label = await fetch(`${await hostingUrl()}${shipment.labelUrl ?? ''}`, {
      headers: { Authorization: `Bearer ${adminUser.idToken}` },
    });
    expect(label.status).toBe(200);
    expect(label.headers.get('content-type')).toContain('application/pdf');
    const pdf = Buffer.from(await label.arrayBuffer()).toString('latin1');
    expect(pdf.startsWith('%PDF')).toBe(true);
    expect(pdf).toContain('/MediaBox [0 0 288 432]');
  });

  it('takes a manual courier and AWB from the admin', async () => {
    const { order } = await confirmedOrder();
    const res = await ship(order._id, {
      courier: 'Delhivery',
      awb: `DL${Date.now()}`,
      weightGrams: 900,
      dimensionsCm: { length: 40, breadth: 30, height: 15 },
    });
    expect(res.status).toBe(201);
    expect(res.body.data.shipment).toMatchObject({ courier: 'Delhivery', status: 'booked', trackingUrl: '' });
    const s = (await storedOrder(order._id)).shipments[0];
    expect(s).toMatchObject({ provider: 'manual', weightGrams: 900, dimensionsCm: { length: 40, breadth: 30, height: 15 } });
  });
});

describe('parcel weight and size from the variants', { timeout: 90_000 }, () => {
  it("defaults a shipment's weight and box to the ordered variant's weightGrams and dimensionsCm", async () => {
    const form = productForm({
      name: uniqueName('Parcel Trolley'),
      description: 'Hard shell',
      category: 'luggage',
      options: JSON.stringify([{ name: 'Size', values: ['Cabin', 'Large'] }]),
      variants: JSON.stringify([
        {
          options: { Size: 'Cabin' },
          price: 2999,
          discount: 0,
          stock: 5,
          weightGrams: 2600,
          dimensionsCm: { length: 38, width: 22, height: 55 },
        },
        {
          options: { Size: 'Large' },
          price: 4999,
          discount: 0,
          stock: 5,
          weightGrams: 4200,
          dimensionsCm: { length: 50, width: 30, height: 75 },
        },
      ]),
    });
    form.append('images', new Blob([new Uint8Array(await randomPng())], { type: 'image/png' }), 'p.png');
    const created = await api<Envelope<{ _id: string; variants: { _id: string; options: Record<string, string> }[] }>>(
      'products/createProducts',
      { method: 'POST', token: adminUser.idToken, rawBody: form },
    );
    expect(created.status).toBe(201);
    const cabin = created.body.data.variants.find((v) => v.options.Size === 'Cabin');
    const shopper = await shopperWithAddress();
    const placed = await placeOrder(shopper, {
      paymentMethod: 'COD',
      addressId: shopper.addressId,
      productId: created.body.data._id,
      variantId: cabin?._id,
      quantity: 2,
    });
    expect(placed.status).toBe(201);
    const confirmed = await api(`order/${placed.body.data._id}/status`, {
      method: 'PATCH',
      token: adminUser.idToken,
      body: { status: 'confirmed' },
    });
    expect(confirmed.status).toBe(200);
    const res = await ship(placed.body.data._id, { courier: 'Delhivery', awb: `DL${Date.now()}` });
    expect(res.status).toBe(201);
    // Two Cabin trolleys: 2 × 2.6 kg, the Cabin's footprint, stacked two high.
    expect((await storedOrder(placed.body.data._id)).shipments[0]).toMatchObject({
      weightGrams: 5200,
      dimensionsCm: { length: 38, breadth: 22, height: 110 },
    });
  });
});

describe('POST /api/shipping/webhook', { timeout: 90_000 }, () => {
  it('refuses a body without the courier token (401)', async () => {
    const { shipment } = await shippedOrder();
    const body = courier.webhookBody(shipment.awb, 'delivered');
    expect((await courier.sendRaw(body, 'wrong-token')).status).toBe(401);
    expect((await courier.sendRaw(body, '')).status).toBe(401);
  });

  it('walks the order to Delivered; each event once; a late in_transit changes nothing', async () => {
    const { order, shipment } = await shippedOrder();
    const t0 = Date.now() - 60 * 60_000;
    await event(shipment.awb, 'picked_up', { at: new Date(t0) });
    await event(shipment.awb, 'in_transit', { at: new Date(t0 + 60_000) });
    expect((await orderJson(order._id)).status).toBe('shipped');
    await event(shipment.awb, 'out_for_delivery', { at: new Date(t0 + 120_000) });
    const outForDelivery = await orderJson(order._id);
    expect(outForDelivery.status).toBe('out_for_delivery');
    expect(outForDelivery.payment.status).toBe('unpaid'); // cash on delivery: not yet collected

    // The same event again (a courier retry): recorded once.
    const again = await courier.sendRaw(courier.webhookBody(shipment.awb, 'out_for_delivery', { at: new Date(t0 + 120_000) }));
    expect(again.status).toBe(200);
    expect(again.answer).toMatchObject({ data: { duplicate: true, recorded: false } });

    await event(shipment.awb, 'delivered', { at: new Date(t0 + 180_000) });
    // A late in-transit scan arrives after delivery: recorded, the order stays delivered.
    await event(shipment.awb, 'in_transit', { at: new Date(t0 + 90_000), location: 'Late scan hub' });
    const after = await orderJson(order._id);
    expect(after.status).toBe('completed');
    expect(after.statusHistory.map((h) => h.status)).toEqual(['pending', 'confirmed', 'shipped', 'out_for_delivery', 'completed']);
    // Delivered: the courier collected the cash.
    expect(after.payment.status).toBe('paid');
    expect(after.payment.paidAt).not.toBeNull();
    const events = after.shipments[0]?.events ?? [];
    expect(events.map((e) => e.status)).toEqual(['picked_up', 'in_transit', 'in_transit', 'out_for_delivery', 'delivered']);
    expect(events[2]?.location).toBe('Late scan hub');
    expect(after.shipments[0]?.status).toBe('delivered');
    // The shopper is mailed at each move.
    const mails = await admin().db.collection('mail').where('orderId', '==', order._id).get();
    expect(mails.docs.map((d) => d.get('kind')).sort()).toEqual(
      ['order_completed', 'order_confirmed', 'order_out_for_delivery', 'order_placed', 'order_shipped'].sort(),
    );
  });

  it('acknowledges an unknown AWB without recording it', async () => {
    const res = await courier.sendRaw(courier.webhookBody('NOSUCHAWB123', 'delivered'));
    expect(res.status).toBe(200);
    expect(res.answer).toMatchObject({ data: { recorded: false, ignored: 'No order has this AWB' } });
  });
});

describe('failed delivery (NDR)', { timeout: 90_000 }, () => {
  it('shows the reason; the shopper asks for a reattempt on a working day; the courier delivers', async () => {
    const { shopper, order, shipment } = await shippedOrder();
    await event(shipment.awb, 'picked_up');
    await event(shipment.awb, 'in_transit');
    await event(shipment.awb, 'out_for_delivery');
    await event(shipment.awb, 'failed_attempt', { reason: 'Customer not available, door locked' });
    let after = await orderJson(order._id);
    expect(after.status).toBe('delivery_failed');
    expect(after.ndr).toMatchObject({ status: 'open', reason: 'Customer not available, door locked' });
    expect(Date.parse(after.ndr?.respondBy ?? '') - Date.now()).toBeGreaterThan(47 * 3600_000);

    const stranger = await shopperWithAddress();
    const path = `order/${order._id}/ndr`;
    const day = reattemptDates(new Date())[1] as string;
    expect((await api(path, { method: 'POST', body: { action: 'reattempt', date: day } })).status).toBe(401);
    expect((await api(path, { method: 'POST', token: stranger.idToken, body: { action: 'reattempt', date: day } })).status).toBe(404);
    const badDay = await api(path, { method: 'POST', token: shopper.idToken, body: { action: 'reattempt', date: '2020-01-01' } });
    expect(badDay.status).toBe(400);
    expect(badDay.body.message).toMatch(/^Choose one of the next working days: /);
    const ok = await api<Envelope<FullOrder>>(path, {
      method: 'POST',
      token: shopper.idToken,
      body: { action: 'reattempt', date: day, note: 'Leave with the guard', phone: '9876543210' },
    });
    expect(ok.status).toBe(200);
    expect(ok.body.data.ndr).toMatchObject({ status: 'reattempt_requested', reattemptDate: day });
    expect(courier.shipments.get(shipment.awb)?.ndrActions).toEqual([
      expect.objectContaining({ action: 're-attempt', date: day, comments: 'Leave with the guard' }),
    ]);
    expect((await api(path, { method: 'POST', token: shopper.idToken, body: { action: 'reattempt', date: day } })).status).toBe(409);

    await event(shipment.awb, 'out_for_delivery');
    await event(shipment.awb, 'delivered');
    after = await orderJson(order._id);
    expect(after.status).toBe('completed');
    expect(after.statusHistory.map((h) => h.status)).toEqual([
      'pending',
      'confirmed',
      'shipped',
      'out_for_delivery',
      'delivery_failed',
      'out_for_delivery',
      'completed',
    ]);
  });

  it('asks the courier for the parcel back when nobody answers within 48 hours', async () => {
    const { order, shipment } = await shippedOrder();
    await event(shipment.awb, 'out_for_delivery');
    await event(shipment.awb, 'failed_attempt', { reason: 'Address incomplete' });
    await admin()
      .db.doc(`orders/${order._id}`)
      .update({ 'ndr.respondBy': Timestamp.fromMillis(Date.now() - 1000) });
    await eventually(async () => (await storedOrder(order._id)).ndr?.status === 'rto_requested', 30_000, 'the sweep to request RTO');
    expect(courier.shipments.get(shipment.awb)?.ndrActions.map((a) => a.action)).toEqual(['return']);
  });
});

describe('return to origin', { timeout: 90_000 }, () => {
  it('puts the stock back exactly once when the parcel is back, and issues the credit note', async () => {
    const { product, order, shipment } = await shippedOrder({ quantity: 3, stock: 10 });
    expect(await stockOf(product._id)).toBe(7);
    expect(order.invoice).toBeTruthy();
    await event(shipment.awb, 'out_for_delivery');
    await event(shipment.awb, 'failed_attempt');
    await event(shipment.awb, 'rto_initiated');
    expect((await orderJson(order._id)).status).toBe('delivery_failed');
    await event(shipment.awb, 'rto_delivered');
    // The same RTO event twice: stock back once.
    const again = await courier.sendRaw(courier.deliveries.at(-1)?.body ?? {});
    expect(again.status).toBe(200);
    const after = await orderJson(order._id);
    expect(after.status).toBe('returned_to_origin');
    expect(await stockOf(product._id)).toBe(10);
    expect((await numberedOrder(order._id, { creditNote: true })).creditNote.number).toBeTruthy();
    expect(after.statusHistory.at(-1)?.status).toBe('returned_to_origin');
    const mails = await admin()
      .db.collection('mail')
      .where('orderId', '==', order._id)
      .where('kind', '==', 'order_returned_to_origin')
      .get();
    expect(mails.size).toBe(1);
  });

  it('refunds a prepaid order that comes back', async () => {
    const shopper = await shopperWithAddress();
    const product = await createProduct(adminUser, { price: 1500, discount: 0, stock: 4 });
    const placed = await placeOrder(shopper, { paymentMethod: 'ONLINE', addressId: shopper.addressId, productId: product._id });
    expect(placed.status).toBe(201);
    const orderId = placed.body.data._id;
    const pay = await api<Envelope<{ sessionId: string }>>('payment', { method: 'POST', token: shopper.idToken, body: { orderId } });
    expect(pay.status).toBe(200);
    await payOnPage(checkout, pay.body.data.sessionId);
    await eventually(async () => (await storedOrder(orderId)).status === 'confirmed', 20_000, 'the payment webhook');
    const shipped = await ship(orderId);
    expect(shipped.status).toBe(201);
    const awb = shipped.body.data.shipment.awb;
    await event(awb, 'out_for_delivery');
    await event(awb, 'failed_attempt');
    await event(awb, 'rto_initiated');
    await event(awb, 'rto_delivered');
    expect((await storedOrder(orderId)).status).toBe('returned_to_origin');
    expect(await stockOf(product._id)).toBe(4);
    await eventually(async () => (await storedOrder(orderId)).payment?.status === 'refunded', 20_000, 'the refund');
    expect([...checkout.refunds.values()].filter((r) => r.metadata.orderId === orderId)).toHaveLength(1);
  });
});
