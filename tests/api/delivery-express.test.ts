// Express delivery (issue 40, docs/delivery-and-disclosures.md "Express delivery") against the
// real emulators: both speeds quoted per PIN (metro and tier-1 cities, the seller's PIN-to-zone
// table), the fee and its free-above threshold from settings/shipping, the order's total with
// the fee computed on the server, the invoice's fee line with its GST split (CGST + SGST within
// Maharashtra, IGST to Delhi), the card payment's amount, and the courier asked for express.
import { spawnSync } from 'node:child_process';
import { mkdirSync, writeFileSync } from 'node:fs';
import { resolve } from 'node:path';
import {
  DEFAULT_DELIVERY_RULES,
  DEFAULT_SHIPPING_SETTINGS,
  deliveryWindow,
  expressCodMessage,
  expressDays,
  expressUnavailableMessage,
  type DeliveryPolicy,
  type DeliveryQuote,
  type Invoice,
  type OrderDelivery,
  type ShippingSettings,
} from '@bagshop/domain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { admin, api, createTestUser, type TestUser } from '../support/api';
import { createProduct, placeOrder, type Envelope, type OrderJson, type ProductJson } from '../support/commerce';
import { startTestCourier, type CourierLocal } from '../support/courier';
import { hostingUrl } from '../support/emulators';
import { startTestCheckout, type StripeLocal } from '../support/stripe';

type ExpressOrder = OrderJson & { delivery: OrderDelivery | null; invoice: Invoice | null; totalAmount: number };

const PDF_DIR = resolve(process.cwd(), 'test-results/invoices');
const PAID: ShippingSettings = { ...DEFAULT_SHIPPING_SETTINGS, expressFee: 149, expressFreeAbove: 5_000 };

let adminUser: TestUser;
let shopper: TestUser;
let product: ProductJson;
let dear: ProductJson;
let courier: CourierLocal;
let checkout: StripeLocal;

async function addressAt(uid: string, fields: { city: string; state: string; postalCode: string }): Promise<string> {
  const ref = admin().db.collection(`users/${uid}/addresses`).doc();
  await ref.set({ street: '5 Express Lane', country: 'India', landmark: '', createdAt: new Date(), ...fields });
  return ref.id;
}

function putSettings(body: unknown, token = adminUser.idToken) {
  return api<Envelope<ShippingSettings>>('admin/settings/shipping', { method: 'PUT', token, body });
}

async function quote(pin: string): Promise<DeliveryQuote> {
  const res = await api<Envelope<DeliveryQuote>>(`delivery/${pin}`);
  expect(res.status).toBe(200);
  return res.body.data;
}

const expressOf = (q: DeliveryQuote) => q.options.find((o) => o.speed === 'express');

async function confirm(orderId: string): Promise<ExpressOrder> {
  const res = await api<Envelope<ExpressOrder>>(`order/${orderId}/status`, {
    method: 'PATCH',
    token: adminUser.idToken,
    body: { status: 'confirmed' },
  });
  expect(res.status).toBe(200);
  return res.body.data;
}

function pdfText(bytes: Buffer, name: string): string {
  mkdirSync(PDF_DIR, { recursive: true });
  const file = resolve(PDF_DIR, `${name}.pdf`);
  writeFileSync(file, bytes);
  const text = spawnSync('pdftotext', ['-layout', file, '-'], { encoding: 'utf8' });
  if (text.status !== 0) throw new Error(`pdftotext failed: ${text.stderr}`);
  return text.stdout;
}

beforeAll(async () => {
  [adminUser, shopper] = await Promise.all([createTestUser({ role: 'admin' }), createTestUser({ firstname: 'Asha' })]);
  [product, dear] = await Promise.all([
    createProduct(adminUser, { price: 3000, discount: 0, stock: 50 }),
    createProduct(adminUser, { price: 6000, discount: 0, stock: 50 }),
  ]);
  courier = await startTestCourier();
  checkout = await startTestCheckout();
});

afterAll(async () => {
  // Back to the defaults for the files after this one (express free, as the spec says).
  await admin().db.doc('settings/shipping').delete();
  await courier.close();
  await checkout.close();
});

describe('shipping settings (admin API)', () => {
  it('only admins read and change them; a bad fee or an unknown PIN is 400 with a message', async () => {
    expect((await api('admin/settings/shipping')).status).toBe(401);
    expect((await api('admin/settings/shipping', { token: shopper.idToken })).status).toBe(403);
    expect((await putSettings(PAID, shopper.idToken)).status).toBe(403);
    const read = await api<Envelope<ShippingSettings>>('admin/settings/shipping', { token: adminUser.idToken });
    expect(read.status).toBe(200);
    expect(read.body.data).toEqual(DEFAULT_SHIPPING_SETTINGS);
    const fee = await putSettings({ ...PAID, expressFee: 12.5 });
    expect(fee.status).toBe(400);
    expect(fee.body.message).toBe('The express fee must be a whole number of rupees from 0 to 10,000');
    const pin = await putSettings({ ...PAID, pinZones: [{ pin: '999999', zone: 'tier1' }] });
    expect(pin.status).toBe(400);
    expect(pin.body.message).toBe('We could not find PIN code 999999');
  });
});

describe('GET /api/delivery/{pin}: both speeds', () => {
  it('express is offered to metro and tier-1 cities with sooner dates, not elsewhere; the fee is free by default', async () => {
    const now = new Date();
    const delhi = await quote('110001');
    // Kept fields as before express: standard's.
    expect(delhi).toMatchObject({ serviceable: true, cod: true, days: { min: 2, max: 4 } });
    expect(delhi.options.map((o) => o.speed)).toEqual(['standard', 'express']);
    expect(delhi.options[0]).toMatchObject({ available: true, fee: 0, cod: true, days: { min: 2, max: 4 }, deliverBy: delhi.deliverBy });
    expect(expressOf(delhi)).toMatchObject({
      available: true,
      fee: 0,
      freeAbove: null,
      cod: true,
      days: { min: 1, max: 2 },
      deliverBy: deliveryWindow(now, { min: 1, max: 2 }, DEFAULT_DELIVERY_RULES),
    });
    expect(expressOf(await quote('411001'))).toMatchObject({ available: true, days: expressDays({ min: 2, max: 3 }) }); // Pune: tier-1
    const kochi = await quote('682001');
    expect(kochi.serviceable).toBe(true);
    expect(expressOf(kochi)).toMatchObject({ available: false, days: null, deliverBy: null, cod: false });
    const policy = await api<Envelope<DeliveryPolicy>>('delivery');
    expect(policy.body.data.express).toEqual({ offered: true, fee: 0, freeAbove: null, cod: true });
  });

  it('follows the seller’s fee, threshold and PIN-to-zone table', async () => {
    const saved = await putSettings({
      ...PAID,
      pinZones: [
        { pin: '682001', zone: 'tier1' },
        { pin: '110002', zone: 'none' },
      ],
    });
    expect(saved.status).toBe(200);
    expect(saved.body.message).toBe('Shipping settings saved');
    expect(expressOf(await quote('682001'))).toMatchObject({
      available: true,
      fee: 149,
      freeAbove: 5_000,
      days: expressDays({ min: 4, max: 7 }),
    });
    expect(expressOf(await quote('110002'))?.available).toBe(false);
    expect(expressOf(await quote('110001'))).toMatchObject({ available: true, fee: 149 });
    const policy = await api<Envelope<DeliveryPolicy>>('delivery');
    expect(policy.body.data.express).toEqual({ offered: true, fee: 149, freeAbove: 5_000, cod: true });
    expect((await putSettings(PAID)).status).toBe(200);
  });
});

describe('an express order', { timeout: 90_000 }, () => {
  let puneId: string;
  let delhiId: string;
  let kochiId: string;
  beforeAll(async () => {
    expect((await putSettings(PAID)).status).toBe(200);
    [puneId, delhiId, kochiId] = await Promise.all([
      addressAt(shopper.uid, { city: 'Pune', state: 'Maharashtra', postalCode: '411001' }),
      addressAt(shopper.uid, { city: 'New Delhi', state: 'Delhi', postalCode: '110001' }),
      addressAt(shopper.uid, { city: 'Kochi', state: 'Kerala', postalCode: '682001' }),
    ]);
  });

  it('keeps its speed, fee and promised range; the total includes the fee the server computed', async () => {
    const res = await placeOrder(shopper, {
      paymentMethod: 'COD',
      addressId: delhiId,
      productId: product._id,
      deliverySpeed: 'express',
      // Whatever the client says about money is ignored.
      shippingFee: 0,
      totalAmount: 1,
    });
    expect(res.status).toBe(201);
    const order = res.body.data as ExpressOrder;
    expect(order.totalAmount).toBe(3_149);
    expect(order.delivery).toMatchObject({ pin: '110001', zone: 'metro', speed: 'express', fee: 149, days: { min: 1, max: 2 } });
    expect(order.delivery?.deliverBy).toEqual(expressOf(await quote('110001'))?.deliverBy);
    const stored = (await admin().db.doc(`orders/${order._id}`).get()).data();
    expect(stored?.delivery).toMatchObject({ speed: 'express', fee: 149 });
    expect(stored?.totalAmount).toBe(3_149);
  });

  it('is free at or above the threshold; standard is free; express where it is not offered is 409', async () => {
    const free = await placeOrder(shopper, { paymentMethod: 'COD', addressId: puneId, productId: dear._id, deliverySpeed: 'express' });
    expect(free.status).toBe(201);
    expect((free.body.data as ExpressOrder).totalAmount).toBe(6_000);
    expect((free.body.data as ExpressOrder).delivery).toMatchObject({ speed: 'express', fee: 0 });
    const standard = await placeOrder(shopper, { paymentMethod: 'COD', addressId: delhiId, productId: product._id });
    expect((standard.body.data as ExpressOrder).delivery).toMatchObject({ speed: 'standard', fee: 0, days: { min: 2, max: 4 } });
    expect((standard.body.data as ExpressOrder).totalAmount).toBe(3_000);
    const kochi = await placeOrder(shopper, { paymentMethod: 'COD', addressId: kochiId, productId: product._id, deliverySpeed: 'express' });
    expect(kochi.status).toBe(409);
    expect(kochi.body.message).toBe(expressUnavailableMessage('682001'));
    const bad = await placeOrder(shopper, { paymentMethod: 'COD', addressId: delhiId, productId: product._id, deliverySpeed: 'rocket' });
    expect(bad.status).toBe(400);
    expect(bad.body.message).toBe('Delivery speed must be standard or express');
  });

  it('cash on delivery with express follows the setting', async () => {
    expect((await putSettings({ ...PAID, expressCod: false })).status).toBe(200);
    const res = await placeOrder(shopper, { paymentMethod: 'COD', addressId: delhiId, productId: product._id, deliverySpeed: 'express' });
    expect(res.status).toBe(409);
    expect(res.body.message).toBe(expressCodMessage);
    expect(expressOf(await quote('110001'))?.cod).toBe(false);
    expect((await putSettings(PAID)).status).toBe(200);
  });

  it('the invoice has the fee as its own line at the goods’ rate: IGST to Delhi, CGST + SGST within Maharashtra; the PDF says the same', async () => {
    const delhi = await placeOrder(shopper, { paymentMethod: 'COD', addressId: delhiId, productId: product._id, deliverySpeed: 'express' });
    const inter = (await confirm(delhi.body.data._id)).invoice;
    expect(inter?.intraState).toBe(false);
    expect(inter?.lines[1]).toEqual({
      name: 'Express delivery',
      hsn: '4202',
      quantity: 1,
      ratePercent: 18,
      unitPricePaise: 14_900,
      discountPaise: 0,
      grossPaise: 14_900,
      taxablePaise: 12_627,
      cgstPaise: 0,
      sgstPaise: 0,
      igstPaise: 2_273,
    });
    expect(inter?.totals).toEqual({ grossPaise: 314_900, taxablePaise: 266_864, cgstPaise: 0, sgstPaise: 0, igstPaise: 48_036 });

    const pune = await placeOrder(shopper, { paymentMethod: 'COD', addressId: puneId, productId: product._id, deliverySpeed: 'express' });
    expect((pune.body.data as ExpressOrder).totalAmount).toBe(3_149);
    const intra = (await confirm(pune.body.data._id)).invoice;
    expect(intra?.intraState).toBe(true);
    expect(intra?.lines[1]).toMatchObject({
      name: 'Express delivery',
      grossPaise: 14_900,
      taxablePaise: 12_628,
      cgstPaise: 1_136,
      sgstPaise: 1_136,
      igstPaise: 0,
    });
    expect(intra?.totals.grossPaise).toBe(314_900);
    expect((intra?.totals.taxablePaise ?? 0) + (intra?.totals.cgstPaise ?? 0) + (intra?.totals.sgstPaise ?? 0)).toBe(314_900);

    const pdf = await fetch(`${await hostingUrl()}/api/order/${pune.body.data._id}/invoice`, {
      headers: { Authorization: `Bearer ${shopper.idToken}` },
    });
    expect(pdf.status).toBe(200);
    const text = pdfText(Buffer.from(await pdf.arrayBuffer()), 'express-intra-state-invoice');
    expect(text).toContain('Express delivery');
    expect(text).toMatch(/Express delivery[^\n]*149\.00/);
    expect(text).toContain('126.28');
    expect(text).toContain('11.36');
    expect(text).toContain('3,149.00');

    // The admin dashboard splits on-time deliveries by speed.
    const dashboard = await api<Envelope<{ fulfilment: { deliveries: { bySpeed: Record<string, { delivered: number }> } } }>>(
      'admin/dashboard',
      {
        token: adminUser.idToken,
      },
    );
    expect(dashboard.status).toBe(200);
    expect(Object.keys(dashboard.body.data.fulfilment.deliveries.bySpeed).sort()).toEqual(['express', 'standard']);
  });

  it('a card payment collects the fee too', async () => {
    const placed = await placeOrder(shopper, {
      paymentMethod: 'ONLINE',
      addressId: delhiId,
      productId: product._id,
      deliverySpeed: 'express',
    });
    expect(placed.status).toBe(201);
    const pay = await api<{ success: boolean; url?: string }>('payment', {
      method: 'POST',
      token: shopper.idToken,
      body: { orderId: placed.body.data._id },
    });
    expect(pay.status).toBe(200);
    const sessionId = (await admin().db.doc(`orders/${placed.body.data._id}`).get()).get('payment.sessionId') as string;
    const session = checkout.sessions.get(sessionId);
    expect(session?.amount_total).toBe(314_900);
  });

  it('the courier booking asks for the express service', async () => {
    const placed = await placeOrder(shopper, { paymentMethod: 'COD', addressId: puneId, productId: product._id, deliverySpeed: 'express' });
    await confirm(placed.body.data._id);
    const res = await api<Envelope<{ shipment: { courier: string; awb: string } }>>(`order/${placed.body.data._id}/shipments`, {
      method: 'POST',
      token: adminUser.idToken,
      body: {},
    });
    expect(res.status).toBe(201);
    expect(res.body.data.shipment.courier).toBe('Bagshop Test Courier Express');
    expect(courier.shipments.get(res.body.data.shipment.awb)?.service).toBe('express');
    const asked = courier.requests.filter((r) => r.path.startsWith('/v1/external/courier/serviceability')).at(-1);
    expect(asked?.body).toMatchObject({ pickup_postcode: '400013', delivery_postcode: '411001', mode: 'Air', cod: '1' });
  });
});
