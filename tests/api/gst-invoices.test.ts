// GST tax invoices and credit notes (issue 12, docs/gst-invoices.md) against the real
// emulators: issuing on confirmation, the CGST + SGST / IGST split, the number series under
// concurrency and across 1 April, credit notes, who may download the PDFs and what they say.
import { spawnSync } from 'node:child_process';
import { mkdirSync, writeFileSync } from 'node:fs';
import { resolve } from 'node:path';
import {
  DEMO_SELLER,
  INVOICE_NOT_MISSING,
  NO_CREDIT_NOTE_DUE,
  NO_INVOICE_TO_SHIP,
  REFUND_CREDIT_NOTE_REASON,
  type CreditNote,
  type Invoice,
  type SellerSettings,
  type TaxReport,
} from '@bagshop/domain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eventually, payOnPage, startTestCheckout, type StripeLocal } from '../support/stripe';
import { cancelOrder, setOrderStatus, type Actor } from '../../functions/src/orders/place';
import { transitionOrder } from '../../functions/src/orders/transition';
import { Timestamp } from 'firebase-admin/firestore';
import { admin, api, createTestUser, type TestUser } from '../support/api';
import {
  createProduct,
  placeOrder,
  placeOrderDelivered,
  shopperWithAddress,
  warmFunctionWorkers,
  type Envelope,
  type OrderJson,
} from '../support/commerce';
import { hostingUrl } from '../support/emulators';
import { invoiceNumberOf, numberedOrder, seedTaxSeries } from '../support/tax-documents';

type TaxedOrder = OrderJson & { invoice: Invoice | null; creditNote: CreditNote | null };

const PDF_DIR = resolve(process.cwd(), 'test-results/invoices');
const NUMBER = /^BS\/(\d{4})\/(\d{7})$/;

let adminUser: TestUser;
let adminActor: Actor;
let checkout: StripeLocal;

beforeAll(async () => {
  checkout = await startTestCheckout();
  adminUser = await createTestUser({ role: 'admin' });
  adminActor = { uid: adminUser.uid, email: adminUser.email, role: 'admin' };
  mkdirSync(PDF_DIR, { recursive: true });
});

/** Saves an address in the given state for the user; returns its id. */
async function addressIn(uid: string, state: string, city: string, postalCode: string): Promise<string> {
  const ref = admin().db.collection(`users/${uid}/addresses`).doc();
  await ref.set({ street: '7 Residency Road', city, state, postalCode, country: 'India', landmark: '', createdAt: new Date() });
  return ref.id;
}

async function shopperIn(state: string, city: string, postalCode: string) {
  const shopper = await createTestUser({ firstname: 'Priya' });
  return { ...shopper, addressId: await addressIn(shopper.uid, state, city, postalCode) };
}

async function confirm(orderId: string) {
  return api<Envelope<TaxedOrder>>(`order/${orderId}/status`, { method: 'PATCH', token: adminUser.idToken, body: { status: 'confirmed' } });
}

async function getOrder(orderId: string, token: string) {
  return api<Envelope<TaxedOrder>>(`order/${orderId}`, { token });
}

/** GET a PDF; the body as bytes. */
async function download(
  path: string,
  token?: string,
): Promise<{ status: number; type: string | null; disposition: string | null; bytes: Buffer; json: unknown }> {
  const res = await fetch(`${await hostingUrl()}/api/${path}`, { headers: token ? { Authorization: `Bearer ${token}` } : {} });
  const bytes = Buffer.from(await res.arrayBuffer());
  let json: unknown = null;
  if ((res.headers.get('content-type') ?? '').includes('json')) json = JSON.parse(bytes.toString('utf8'));
  return { status: res.status, type: res.headers.get('content-type'), disposition: res.headers.get('content-disposition'), bytes, json };
}

/** The PDF's text as pdftotext (Debian's poppler-utils) reads it; also keeps the PDF and a PNG of page 1. */
function pdfText(bytes: Buffer, name: string): string {
  const file = resolve(PDF_DIR, `${name}.pdf`);
  writeFileSync(file, bytes);
  const text = spawnSync('pdftotext', ['-layout', file, '-'], { encoding: 'utf8' });
  if (text.status !== 0) throw new Error(`pdftotext failed: ${text.stderr}`);
  spawnSync('pdftoppm', ['-png', '-r', '80', '-singlefile', file, resolve(PDF_DIR, name)]);
  return text.stdout;
}

describe('seller settings (admin API)', () => {
  it('are seeded with the demo seller; only admins may read or change them', async () => {
    const shopper = await createTestUser();
    expect((await api('admin/settings/seller')).status).toBe(401);
    expect((await api('admin/settings/seller', { token: shopper.idToken })).status).toBe(403);
    expect((await api('admin/settings/seller', { method: 'PUT', token: shopper.idToken, body: DEMO_SELLER })).status).toBe(403);
    const res = await api<Envelope<SellerSettings>>('admin/settings/seller', { token: adminUser.idToken });
    expect(res.status).toBe(200);
    expect(res.body.data).toMatchObject(DEMO_SELLER);
  });

  it('refuse a GSTIN with a wrong check character or another state’s code, with a message', async () => {
    const put = (body: unknown) =>
      api<Envelope<SellerSettings>>('admin/settings/seller', { method: 'PUT', token: adminUser.idToken, body });
    const checksum = await put({ ...DEMO_SELLER, gstin: '27AAPFB1234C1ZV' });
    expect(checksum.status).toBe(400);
    expect(checksum.body.message).toBe('This GSTIN’s check character is wrong: check it for a typing mistake');
    const state = await put({ ...DEMO_SELLER, address: { ...DEMO_SELLER.address, state: 'Karnataka' } });
    expect(state.status).toBe(400);
    expect(state.body.errors).toEqual([{ field: 'gstin', message: 'The GSTIN’s state code does not match the state of the address' }]);
    const format = await put({ ...DEMO_SELLER, gstin: 'ABC' });
    expect(format.status).toBe(400);
    expect(format.body.errors?.[0]?.field).toBe('gstin');
  });

  it('save a valid change (tidied) and answer the stored document', async () => {
    const put = await api<Envelope<SellerSettings>>('admin/settings/seller', {
      method: 'PUT',
      token: adminUser.idToken,
      body: { ...DEMO_SELLER, gstin: '27aapfb1234c1zu', phone: '+91 22 4000 9999' },
    });
    expect(put.status).toBe(200);
    expect(put.body.message).toBe('Seller settings saved');
    expect(put.body.data).toMatchObject({ gstin: '27AAPFB1234C1ZU', phone: '+91 22 4000 9999' });
    expect(Date.parse(put.body.data.updatedAt ?? '')).toBeGreaterThan(Date.now() - 60_000);
    const back = await api<Envelope<SellerSettings>>('admin/settings/seller', {
      method: 'PUT',
      token: adminUser.idToken,
      body: DEMO_SELLER,
    });
    expect(back.body.data).toMatchObject(DEMO_SELLER);
  });
});

describe('the invoice issued on confirmation', () => {
  it('intra-state (Maharashtra seller, delivery in Pune): CGST 9 % + SGST 9 %, the ₹4,999 example', async () => {
    const shopper = await shopperWithAddress(); // Pune, Maharashtra
    const product = await createProduct(adminUser, { price: 4999, discount: 0, stock: 5 });
    const placed = await placeOrder(shopper, { paymentMethod: 'COD', addressId: shopper.addressId, productId: product._id });
    expect(placed.status).toBe(201);
    const orderId = placed.body.data._id;
    expect((placed.body.data as TaxedOrder).invoice).toBeNull();

    const early = await download(`order/${orderId}/invoice`, shopper.idToken);
    expect(early.status).toBe(409);
    expect(early.json).toEqual({ success: false, message: 'No invoice has been issued for this order yet' });

    const confirmed = await confirm(orderId);
    expect(confirmed.status).toBe(200);
    const invoice = confirmed.body.data.invoice;
    expect(invoice?.number).toMatch(NUMBER);
    expect(invoice?.number.length).toBeLessThanOrEqual(16);
    expect(invoice).toMatchObject({
      seller: { name: 'Bagshop Retail LLP', gstin: '27AAPFB1234C1ZU', state: 'Maharashtra', stateCode: '27' },
      placeOfSupply: { state: 'Maharashtra', stateCode: '27' },
      intraState: true,
      lines: [
        {
          name: product.name,
          hsn: '4202',
          quantity: 1,
          ratePercent: 18,
          grossPaise: 499_900,
          taxablePaise: 423_644,
          cgstPaise: 38_128,
          sgstPaise: 38_128,
          igstPaise: 0,
        },
      ],
      totals: { grossPaise: 499_900, taxablePaise: 423_644, cgstPaise: 38_128, sgstPaise: 38_128, igstPaise: 0 },
    });
    expect(Date.parse(invoice?.issuedAt ?? '')).toBeGreaterThan(Date.now() - 60_000);

    // Every read of the order carries the same snapshot.
    expect((await getOrder(orderId, shopper.idToken)).body.data.invoice).toEqual(invoice);
    const mine = await api<Envelope<TaxedOrder[]>>('order/my-order', { token: shopper.idToken });
    expect(mine.body.data.find((o) => o._id === orderId)?.invoice).toEqual(invoice);
    const all = await api<Envelope<TaxedOrder[]>>('order/all?status=confirmed&limit=100', { token: adminUser.idToken });
    expect(all.body.data.find((o) => o._id === orderId)?.invoice).toEqual(invoice);

    const pdf = await download(`order/${orderId}/invoice`, shopper.idToken);
    expect(pdf.status).toBe(200);
    expect(pdf.type).toBe('application/pdf');
    expect(pdf.disposition).toBe(`attachment; filename="${invoice?.number.replace(/\//g, '-')}.pdf"`);
    expect(pdf.bytes.subarray(0, 5).toString()).toBe('%PDF-');
    const text = pdfText(pdf.bytes, 'intra-state-invoice');
    for (const expected of [
      'TAX INVOICE',
      invoice?.number ?? '',
      'Bagshop Retail LLP',
      'GSTIN: 27AAPFB1234C1ZU',
      '4202',
      'Place of supply: Maharashtra (27)',
      'CGST',
      'SGST',
      '4,236.44',
      '381.28',
      '₹4,999.00',
      'Rupees Four Thousand Nine Hundred Ninety-Nine only',
      'Tax is not payable on reverse charge',
      'Authorised signatory',
      'Shopper User',
      'Pune, Maharashtra 411001',
    ]) {
      expect(text, `PDF text lacks ${expected}`).toContain(expected);
    }
    expect(text).not.toContain('IGST');
  });

  it('inter-state (delivery in Bengaluru): IGST only, per-line HSN and rates, discounts; totals equal what was paid', async () => {
    const shopper = await shopperIn('Karnataka', 'Bengaluru', '560001');
    const trolley = await createProduct(adminUser, { price: 4999, discount: 1850, stock: 5 });
    const tote = await createProduct(adminUser, { price: 799, discount: 100, stock: 5, hsn: '420222', gstRatePercent: 5 });
    await admin().db.doc(`users/${shopper.uid}/cart/${trolley._id}`).set({ quantity: 2, addedAt: new Date(), updatedAt: new Date() });
    await admin().db.doc(`users/${shopper.uid}/cart/${tote._id}`).set({ quantity: 3, addedAt: new Date(), updatedAt: new Date() });
    const placed = await placeOrder(shopper, { paymentMethod: 'COD', addressId: shopper.addressId });
    expect(placed.status).toBe(201);
    const order = placed.body.data;

    const confirmed = await confirm(order._id);
    expect(confirmed.status).toBe(200);
    const invoice = confirmed.body.data.invoice;
    expect(invoice).toMatchObject({ placeOfSupply: { state: 'Karnataka', stateCode: '29' }, intraState: false });
    const byName = new Map(invoice?.lines.map((l) => [l.name, l]));
    // 2 × (4,999 − 1,850) = 6,298.00 at 18 % → taxable 5,337.29, IGST 960.71.
    expect(byName.get(trolley.name)).toMatchObject({
      hsn: '4202',
      quantity: 2,
      ratePercent: 18,
      unitPricePaise: 499_900,
      discountPaise: 370_000,
      grossPaise: 629_800,
      taxablePaise: 533_729,
      igstPaise: 96_071,
      cgstPaise: 0,
      sgstPaise: 0,
    });
    // 3 × (799 − 100) = 2,097.00 at 5 % → taxable 1,997.14, IGST 99.86.
    expect(byName.get(tote.name)).toMatchObject({
      hsn: '420222',
      quantity: 3,
      ratePercent: 5,
      discountPaise: 30_000,
      grossPaise: 209_700,
      taxablePaise: 199_714,
      igstPaise: 9_986,
    });
    expect(invoice?.totals.grossPaise).toBe(order.totalAmount * 100);
    expect((invoice?.totals.taxablePaise ?? 0) + (invoice?.totals.igstPaise ?? 0)).toBe(order.totalAmount * 100);

    const pdf = await download(`order/${order._id}/invoice`, adminUser.idToken);
    expect(pdf.status).toBe(200);
    const text = pdfText(pdf.bytes, 'inter-state-invoice');
    for (const expected of [
      invoice?.number ?? '',
      'GSTIN: 27AAPFB1234C1ZU',
      '420222',
      '4202',
      'Place of supply: Karnataka (29)',
      'IGST',
      '@ 5%',
      '@ 18%',
      '960.71',
      '₹8,395.00',
    ]) {
      expect(text, `PDF text lacks ${expected}`).toContain(expected);
    }
    expect(text).not.toMatch(/\bCGST\b/);
  });

  it('is a snapshot: later product, seller and status changes leave it as issued', async () => {
    const shopper = await shopperWithAddress();
    const product = await createProduct(adminUser, { price: 1500, discount: 0, stock: 5 });
    const placed = await placeOrder(shopper, { paymentMethod: 'COD', addressId: shopper.addressId, productId: product._id });
    const issued = (await confirm(placed.body.data._id)).body.data.invoice;
    expect(issued?.lines[0]?.ratePercent).toBe(18);

    const form = new FormData();
    form.append('gstRatePercent', '5');
    form.append('hsn', '420299');
    expect((await api(`products/${product._id}`, { method: 'PATCH', token: adminUser.idToken, rawBody: form })).status).toBe(200);
    expect((await api<Envelope<{ hsn: string; gstRatePercent: number }>>(`products/${product._id}`)).body.data).toMatchObject({
      hsn: '420299',
      gstRatePercent: 5,
    });
    await api('admin/settings/seller', {
      method: 'PUT',
      token: adminUser.idToken,
      body: { ...DEMO_SELLER, legalName: 'Renamed Bags LLP' },
    });
    try {
      const shipped = await api<Envelope<TaxedOrder>>(`order/${placed.body.data._id}/status`, {
        method: 'PATCH',
        token: adminUser.idToken,
        body: { status: 'shipped' },
      });
      expect(shipped.status).toBe(200);
      expect(shipped.body.data.invoice).toEqual(issued);
      // A confirmed-again order cannot happen, but the service never re-issues either.
      expect((await getOrder(placed.body.data._id, shopper.idToken)).body.data.invoice).toEqual(issued);
    } finally {
      await api('admin/settings/seller', { method: 'PUT', token: adminUser.idToken, body: DEMO_SELLER });
    }
  });

  it('an online payment confirms and invoices the order (Stripe webhook)', async () => {
    const shopper = await shopperWithAddress();
    const product = await createProduct(adminUser, { price: 2499, discount: 400, stock: 5 });
    const placed = await placeOrder(shopper, { paymentMethod: 'ONLINE', addressId: shopper.addressId, productId: product._id });
    expect(placed.status).toBe(201);
    // Paid on the local test checkout page: Stripe's signed checkout.session.completed, as in production.
    const session = await api<Envelope<{ sessionId: string }>>('payment', {
      method: 'POST',
      token: shopper.idToken,
      body: { orderId: placed.body.data._id },
    });
    expect(session.status).toBe(200);
    await payOnPage(checkout, session.body.data.sessionId);
    await eventually(
      async () => (await getOrder(placed.body.data._id, shopper.idToken)).body.data.status === 'confirmed',
      20_000,
      'the paid order to be confirmed',
    );
    // The webhook only queues the invoice; the single writer numbers it a moment later.
    await numberedOrder(placed.body.data._id);
    const order = (await getOrder(placed.body.data._id, shopper.idToken)).body.data;
    expect(order.status).toBe('confirmed');
    expect(order.invoice?.number).toMatch(NUMBER);
    // 2,099.00 within Maharashtra: tax 320.19 is odd, so 1,778.82 + 160.09 + 160.09.
    expect(order.invoice?.totals).toEqual({
      grossPaise: 209_900,
      taxablePaise: 177_882,
      cgstPaise: 16_009,
      sgstPaise: 16_009,
      igstPaise: 0,
    });
  });

  it('refuses to confirm while the seller settings are missing (409), and confirms once they are back', async () => {
    const shopper = await shopperWithAddress();
    const product = await createProduct(adminUser, { price: 999, discount: 0, stock: 5 });
    const placed = await placeOrder(shopper, { paymentMethod: 'COD', addressId: shopper.addressId, productId: product._id });
    const sellerDoc = admin().db.doc('settings/seller');
    const saved = (await sellerDoc.get()).data();
    await sellerDoc.delete();
    try {
      const refused = await confirm(placed.body.data._id);
      expect(refused.status).toBe(409);
      expect(refused.body.message).toMatch(/^Fill in the seller settings/);
      expect((await getOrder(placed.body.data._id, shopper.idToken)).body.data.status).toBe('pending');
    } finally {
      if (saved) await sellerDoc.set(saved);
    }
    expect((await confirm(placed.body.data._id)).body.data.invoice?.number).toMatch(NUMBER);
  });
});

describe('invoices before dispatch, credit notes after it (issue 37)', () => {
  /** A COD order as a payment that found no seller settings leaves it: confirmed, without an invoice. */
  async function confirmedWithoutInvoice() {
    const shopper = await shopperWithAddress();
    const product = await createProduct(adminUser, { price: 1500, discount: 0, stock: 5 });
    const placed = await placeOrderDelivered(shopper, { paymentMethod: 'COD', addressId: shopper.addressId, productId: product._id });
    expect(placed.status).toBe(201);
    const id = String(placed.body.data._id);
    const ref = admin().db.doc(`orders/${id}`);
    const history = ((await ref.get()).get('statusHistory') ?? []) as unknown[];
    await ref.update({ status: 'confirmed', statusHistory: [...history, { status: 'confirmed', at: Timestamp.now(), by: 'stripe' }] });
    return { shopper, id };
  }
  const ship = (id: string) =>
    api<Envelope<TaxedOrder>>(`order/${id}/status`, { method: 'PATCH', token: adminUser.idToken, body: { status: 'shipped' } });

  it('a confirmed order with no invoice cannot ship (409 with the message), Issue invoice gives it its number, then it ships', async () => {
    const { shopper, id } = await confirmedWithoutInvoice();
    const refused = await ship(id);
    expect(refused.status).toBe(409);
    expect(refused.body.message).toBe(NO_INVOICE_TO_SHIP);
    const booked = await api(`order/${id}/shipments`, {
      method: 'POST',
      token: adminUser.idToken,
      body: { courier: 'Delhivery', awb: `AWB${Date.now()}` },
    });
    expect(booked.status).toBe(409);
    expect(booked.body.message).toBe(NO_INVOICE_TO_SHIP);
    expect((await api(`order/${id}/invoice`, { method: 'POST', token: shopper.idToken, body: {} })).status).toBe(403);
    const issued = await api<Envelope<TaxedOrder>>(`order/${id}/invoice`, { method: 'POST', token: adminUser.idToken, body: {} });
    expect(issued.status, JSON.stringify(issued.body)).toBe(200);
    expect(issued.body.data.invoice?.number).toMatch(NUMBER);
    const again = await api(`order/${id}/invoice`, { method: 'POST', token: adminUser.idToken, body: {} });
    expect(again.status).toBe(409);
    expect(again.body.message).toBe(INVOICE_NOT_MISSING);
    expect((await ship(id)).status).toBe(200);
  }, 60_000);

  it('a whole refund made at the provider after shipping: Issue credit note issues its credit note once', async () => {
    const { id } = await confirmedWithoutInvoice();
    expect((await api(`order/${id}/invoice`, { method: 'POST', token: adminUser.idToken, body: {} })).status).toBe(200);
    expect((await ship(id)).status).toBe(200);
    const early = await api(`order/${id}/credit-note`, { method: 'POST', token: adminUser.idToken, body: {} });
    expect(early.status).toBe(409);
    expect(early.body.message).toBe(NO_CREDIT_NOTE_DUE);
    // As the provider's refund webhook leaves a shipped order (payments/payments.ts refundedOutsideShop).
    await admin().db.doc(`orders/${id}`).update({ 'payment.status': 'refunded' });
    const issued = await api<Envelope<TaxedOrder>>(`order/${id}/credit-note`, { method: 'POST', token: adminUser.idToken, body: {} });
    expect(issued.status, JSON.stringify(issued.body)).toBe(200);
    expect(issued.body.data.creditNote).toMatchObject({
      number: expect.stringMatching(/^BS\/\d{4}\/C\d{7}$/),
      reason: REFUND_CREDIT_NOTE_REASON,
      invoiceNumber: issued.body.data.invoice?.number,
    });
    expect(issued.body.data.status).toBe('shipped');
    expect((await api(`order/${id}/credit-note`, { method: 'POST', token: adminUser.idToken, body: {} })).status).toBe(409);
  }, 60_000);
});

describe('the number series', () => {
  it('10 concurrent confirmations get 10 distinct, consecutive numbers', async () => {
    const product = await createProduct(adminUser, { price: 1200, discount: 0, stock: 50 });
    // At most MAX_OPEN_COD_ORDERS (5) pending COD orders per shopper: two shoppers place five each.
    const shoppers = [await shopperWithAddress(), await shopperWithAddress()];
    const ids: string[] = [];
    for (let i = 0; i < 10; i += 1) {
      const shopper = shoppers[i % 2] as (typeof shoppers)[number];
      const placed = await placeOrderDelivered(shopper, { paymentMethod: 'COD', addressId: shopper.addressId, productId: product._id });
      expect(placed.status).toBe(201);
      ids.push(placed.body.data._id);
    }
    // One worker per concurrent request on the Functions emulator: start them first (docs/orders-and-payments.md).
    await warmFunctionWorkers(Array.from({ length: 10 }, () => adminUser));

    const results = await Promise.all(
      ids.map(async (id) => {
        let res = await confirm(id);
        // 504: the emulator never started a worker for it (commerce.ts); 409 contention: "please try again".
        for (let i = 0; i < 3 && (res.status === 504 || (res.status === 409 && /Too many people/.test(res.body.message))); i += 1)
          res = await confirm(id);
        return res;
      }),
    );
    expect(
      results.map((r) => r.status),
      JSON.stringify(results.map((r) => r.body.message)),
    ).toEqual(Array(10).fill(200));
    // Each answer waited for the single writer, which a neighbour's run may have been: await every number.
    const numbers = await Promise.all(ids.map((id) => invoiceNumberOf(id)));
    expect(new Set(numbers).size).toBe(10);
    const years = new Set(numbers.map((n) => NUMBER.exec(n)?.[1]));
    expect(years.size).toBe(1);
    const sequences = numbers.map((n) => Number(NUMBER.exec(n)?.[2])).sort((a, b) => a - b);
    const first = sequences[0] ?? 0;
    expect(sequences).toEqual(Array.from({ length: 10 }, (_, i) => first + i));
    // The stored orders agree with the answers, and the counter stands at the last number.
    const answered = results.map((r) => r.body.data.invoice?.number).filter((n): n is string => Boolean(n));
    for (const n of answered) expect(numbers).toContain(n);
  }, 120_000);

  it('8 admin confirmations at once all answer within 10 s, each with its number, and the numbers are consecutive (issue 37)', async () => {
    const product = await createProduct(adminUser, { price: 1300, discount: 0, stock: 50 });
    const shoppers = [await shopperWithAddress(), await shopperWithAddress()];
    const ids: string[] = [];
    for (let i = 0; i < 8; i += 1) {
      const shopper = shoppers[i % 2] as (typeof shoppers)[number];
      const placed = await placeOrderDelivered(shopper, { paymentMethod: 'COD', addressId: shopper.addressId, productId: product._id });
      expect(placed.status).toBe(201);
      ids.push(placed.body.data._id);
    }
    await warmFunctionWorkers(Array.from({ length: 8 }, () => adminUser));

    // One try each: no resend on 409 (contention is retried on the server) and none on a slow answer.
    const results = await Promise.all(
      ids.map(async (id) => {
        const started = Date.now();
        const res = await confirm(id);
        return { res, ms: Date.now() - started };
      }),
    );
    const report = JSON.stringify(results.map((r) => [r.res.status, r.ms, r.res.body.message, r.res.body.data?.invoice?.number]));
    console.log(`8 confirmations: ${report}`);
    expect(
      results.map((r) => r.res.status),
      report,
    ).toEqual(Array(8).fill(200));
    expect(Math.max(...results.map((r) => r.ms)), report).toBeLessThanOrEqual(10_000);
    const numbers = results.map((r) => String(r.res.body.data.invoice?.number ?? ''));
    for (const n of numbers) expect(n, report).toMatch(NUMBER);
    const sequences = numbers.map((n) => Number(NUMBER.exec(n)?.[2])).sort((a, b) => a - b);
    const first = sequences[0] ?? 0;
    expect(sequences).toEqual(Array.from({ length: 8 }, (_, i) => first + i));
  }, 120_000);

  it('restarts on 1 April (IST) and credit notes keep their own series (service in-process, injected clock)', async () => {
    // A far-future year no other test touches, so the first numbers are known.
    const db = admin().db;
    await Promise.all(
      ['invoice-2090', 'invoice-2091', 'credit-note-2090', 'credit-note-2091'].map((id) => db.doc(`taxSeries/${id}`).delete()),
    );
    const shopper = await shopperWithAddress();
    const product = await createProduct(adminUser, { price: 2000, discount: 0, stock: 10 });
    const ids: string[] = [];
    for (let i = 0; i < 3; i += 1) {
      const placed = await placeOrder(shopper, { paymentMethod: 'COD', addressId: shopper.addressId, productId: product._id });
      ids.push(placed.body.data._id);
    }
    const [a, b, c] = ids as [string, string, string];

    const lastMarch = await setOrderStatus(adminActor, a, 'confirmed', new Date('2091-03-31T18:29:59Z')); // 23:59:59 IST, 31 March
    const firstApril = await setOrderStatus(adminActor, b, 'confirmed', new Date('2091-03-31T18:30:00Z')); // 00:00 IST, 1 April
    const later = await setOrderStatus(adminActor, c, 'confirmed', new Date('2091-04-01T09:00:00Z'));
    expect(lastMarch.invoice?.number).toBe('BS/9091/0000001');
    expect(firstApril.invoice?.number).toBe('BS/9192/0000001');
    expect(later.invoice?.number).toBe('BS/9192/0000002');
    expect(firstApril.invoice).toMatchObject({ issuedAt: '2091-03-31T18:30:00.000Z', financialYear: '2091-92' });

    const cancelled = await cancelOrder(adminActor, a, new Date('2091-04-02T06:00:00Z'));
    expect(cancelled.creditNote).toEqual({
      number: 'BS/9192/C0000001',
      issuedAt: '2091-04-02T06:00:00.000Z',
      financialYear: '2091-92',
      invoiceNumber: 'BS/9091/0000001',
      reason: 'Order cancelled',
      totals: lastMarch.invoice?.totals,
    });
    expect((await db.doc('taxSeries/invoice-2091').get()).get('last')).toBe(2);
    expect((await db.doc('taxSeries/credit-note-2091').get()).get('last')).toBe(1);

    // The month's tax report sees exactly these documents.
    const april = await api<Envelope<TaxReport>>('admin/tax?month=2091-04', { token: adminUser.idToken });
    expect(april.status).toBe(200);
    expect(april.body.data.documents.map((d) => [d.kind, d.number])).toEqual([
      ['invoice', 'BS/9192/0000001'],
      ['invoice', 'BS/9192/0000002'],
      ['credit-note', 'BS/9192/C0000001'],
    ]);
    // 2,000 at 18 % within Maharashtra: taxable 1,694.92, CGST = SGST 152.54.
    expect(april.body.data.invoices).toEqual({
      count: 2,
      grossPaise: 400_000,
      taxablePaise: 338_984,
      cgstPaise: 30_508,
      sgstPaise: 30_508,
      igstPaise: 0,
    });
    expect(april.body.data.creditNotes).toEqual({
      count: 1,
      grossPaise: 200_000,
      taxablePaise: 169_492,
      cgstPaise: 15_254,
      sgstPaise: 15_254,
      igstPaise: 0,
    });
    expect(april.body.data.net).toEqual({ grossPaise: 200_000, taxablePaise: 169_492, cgstPaise: 15_254, sgstPaise: 15_254, igstPaise: 0 });
    expect(april.body.data.byPlaceAndRate).toEqual([
      {
        state: 'Maharashtra',
        stateCode: '27',
        ratePercent: 18,
        grossPaise: 200_000,
        taxablePaise: 169_492,
        cgstPaise: 15_254,
        sgstPaise: 15_254,
        igstPaise: 0,
      },
    ]);
    const march = await api<Envelope<TaxReport>>('admin/tax?month=2091-03', { token: adminUser.idToken });
    expect(march.body.data.documents.map((d) => d.number)).toEqual(['BS/9091/0000001']);

    const csv = await fetch(`${await hostingUrl()}/api/admin/tax/csv?month=2091-04`, {
      headers: { Authorization: `Bearer ${adminUser.idToken}` },
    });
    expect(csv.status).toBe(200);
    expect(csv.headers.get('content-type')).toMatch(/^text\/csv/);
    expect(csv.headers.get('content-disposition')).toBe('attachment; filename="gst-2091-04.csv"');
    const rows = (await csv.text())
      .replace(/^\uFEFF/, '')
      .trimEnd()
      .split('\r\n');
    expect(rows).toHaveLength(4);
    expect(rows[0]).toMatch(/^Type,Number,Date \(IST\),Order,/);
    expect(rows[1]).toBe(
      `Invoice,BS/9192/0000001,2091-04-01,${b},,Shopper User,Maharashtra,27,Intra-state,18,1694.92,152.54,152.54,0.00,2000.00`,
    );
    expect(rows[3]).toBe(
      `Credit note,BS/9192/C0000001,2091-04-02,${a},BS/9091/0000001,Shopper User,Maharashtra,27,Intra-state,18,-1694.92,-152.54,-152.54,0.00,-2000.00`,
    );
  });

  it('the tax report is for admins only and wants a real month', async () => {
    const shopper = await createTestUser();
    expect((await api('admin/tax')).status).toBe(401);
    expect((await api('admin/tax', { token: shopper.idToken })).status).toBe(403);
    expect((await api('admin/tax/csv', { token: shopper.idToken })).status).toBe(403);
    const bad = await api('admin/tax?month=2026-13', { token: adminUser.idToken });
    expect(bad.status).toBe(400);
    expect(bad.body.message).toBe('Month must be a month like 2026-11');
    const current = await api<Envelope<TaxReport>>('admin/tax', { token: adminUser.idToken });
    expect(current.status).toBe(200);
    expect(current.body.data.month).toMatch(/^\d{4}-\d{2}$/);
    expect(current.body.data.invoices.count).toBeGreaterThan(0); // this file's confirmations
  });
});

// Issue 30: numbers off the payment path, from one writer (docs/decisions/0029-invoice-numbers-single-writer.md).
describe('the single writer', () => {
  /** What Stripe's paid webhook does to an order (payments/payments.ts onPaid), in-process: the same transition. */
  function confirmAsPaid(orderId: string, amountPaise: number) {
    return transitionOrder(orderId, {
      to: 'confirmed',
      by: 'stripe',
      reason: 'payment',
      payment: { status: 'paid', paidAt: Timestamp.now(), paymentIntentId: `pi_test_${orderId}`, amountPaise },
    });
  }

  it('counts past 99,999 in seven digits, invoices and credit notes alike (a series seeded near the top)', async () => {
    await seedTaxSeries('invoice', 2093, 99_998);
    await seedTaxSeries('credit-note', 2093, 9_998);
    const shopper = await shopperWithAddress();
    const product = await createProduct(adminUser, { price: 1500, discount: 0, stock: 10 });
    const ids: string[] = [];
    for (let i = 0; i < 3; i += 1) {
      const placed = await placeOrder(shopper, { paymentMethod: 'COD', addressId: shopper.addressId, productId: product._id });
      ids.push(placed.body.data._id);
    }
    const numbers: string[] = [];
    for (const [i, id] of ids.entries()) {
      const confirmed = await setOrderStatus(adminActor, id, 'confirmed', new Date(`2093-06-0${i + 1}T06:00:00Z`));
      numbers.push(confirmed.invoice?.number ?? '');
    }
    expect(numbers).toEqual(['BS/9394/0099999', 'BS/9394/0100000', 'BS/9394/0100001']);
    const notes: string[] = [];
    for (const id of ids.slice(0, 2))
      notes.push((await cancelOrder(adminActor, id, new Date('2093-06-10T06:00:00Z'))).creditNote?.number ?? '');
    expect(notes).toEqual(['BS/9394/C0009999', 'BS/9394/C0010000']);
    for (const n of [...numbers, ...notes]) expect(n.length).toBeLessThanOrEqual(16);
    expect((await admin().db.doc('taxSeries/invoice-2093').get()).get('last')).toBe(100_001);
    expect((await admin().db.doc('taxSeries/credit-note-2093').get()).get('last')).toBe(10_000);

    // The Tax view lists them in the series' order (0100000 after 0099999, not before it as text would).
    const june = await api<Envelope<TaxReport>>('admin/tax?month=2093-06', { token: adminUser.idToken });
    expect(june.body.data.documents.map((d) => d.number)).toEqual([...numbers, ...notes]);
    const pdf = await download(`order/${ids[2]}/invoice`, adminUser.idToken);
    expect(pdf.disposition).toBe('attachment; filename="BS-9394-0100001.pdf"');
  });

  it('50 payment confirmations at once: every one confirmed, then all invoiced with unique numbers and no gap in the series', async () => {
    const product = await createProduct(adminUser, { price: 1100, discount: 0, stock: 200 });
    // At most MAX_OPEN_ONLINE_ORDERS (3) unpaid card orders a shopper.
    const shoppers = await Promise.all(Array.from({ length: 17 }, () => shopperWithAddress()));
    const ids: string[] = [];
    for (let i = 0; i < 50; i += 1) {
      const shopper = shoppers[i % shoppers.length] as (typeof shoppers)[number];
      const placed = await placeOrderDelivered(shopper, { paymentMethod: 'ONLINE', addressId: shopper.addressId, productId: product._id });
      expect(placed.status, JSON.stringify(placed.body)).toBe(201);
      ids.push(placed.body.data._id);
    }

    // All 50 at once. None reads a counter, so none waits for another's number. The emulator
    // may still abort a transaction under load (firebase-tools#6758): answered 409, and sent
    // again as the payment provider would.
    const confirmed = await Promise.all(
      ids.map(async (id) => {
        for (let attempt = 0; ; attempt += 1) {
          try {
            return await confirmAsPaid(id, 110_000);
          } catch (error) {
            if (attempt >= 3 || !/Too many people/.test(error instanceof Error ? error.message : '')) throw error;
          }
        }
      }),
    );
    expect(confirmed.map((o) => o.status)).toEqual(Array(50).fill('confirmed'));

    // The single writer (the numberTaxDocuments trigger on the emulators) numbers them.
    const numbers = await Promise.all(ids.map((id) => numberedOrder(id, { timeoutMs: 60_000 }).then((d) => String(d.invoice.number))));
    expect(new Set(numbers).size).toBe(50);
    const years = new Set(numbers.map((n) => NUMBER.exec(n)?.[1]));
    expect(years.size).toBe(1);
    const sequences = numbers.map((n) => Number(NUMBER.exec(n)?.[2])).sort((a, b) => a - b);
    const first = sequences[0] ?? 0;
    expect(sequences).toEqual(Array.from({ length: 50 }, (_, i) => first + i));
    // Nothing else was numbered meanwhile: the counter stands at the last of them, the queue is empty.
    const fy = (await admin().db.doc(`orders/${ids[0]}`).get()).get('invoice.financialYear') as string;
    expect(
      (
        await admin()
          .db.doc(`taxSeries/invoice-${fy.slice(0, 4)}`)
          .get()
      ).get('last'),
    ).toBe(first + 49);
    await eventually(async () => (await admin().db.collection('taxQueue').limit(1).get()).empty, 20_000, 'the numbering queue to empty');
  }, 240_000);

  it('a paid order is not shipped before its invoice has its number: Ship numbers it first', async () => {
    const shopper = await shopperWithAddress();
    const product = await createProduct(adminUser, { price: 1300, discount: 0, stock: 5 });
    const placed = await placeOrder(shopper, { paymentMethod: 'ONLINE', addressId: shopper.addressId, productId: product._id });
    const orderId = placed.body.data._id;
    await confirmAsPaid(orderId, 130_000);
    const shipped = await api<Envelope<{ shipment: { awb: string } }>>(`order/${orderId}/shipments`, {
      method: 'POST',
      token: adminUser.idToken,
      body: { courier: 'Delhivery', awb: `DL${Date.now()}` },
    });
    expect(shipped.status, JSON.stringify(shipped.body)).toBe(201);
    const stored = (await admin().db.doc(`orders/${orderId}`).get()).data();
    expect(stored?.status).toBe('shipped');
    expect(stored?.invoice?.number).toMatch(NUMBER);
    expect(stored?.pendingInvoice).toBeUndefined();
  });
});

describe('credit notes', () => {
  it('cancelling an invoiced order issues a credit note against the invoice, with its own PDF', async () => {
    const shopper = await shopperIn('Delhi', 'New Delhi', '110001');
    const product = await createProduct(adminUser, { price: 3499, discount: 500, stock: 5 });
    const placed = await placeOrder(shopper, { paymentMethod: 'COD', addressId: shopper.addressId, productId: product._id });
    const invoice = (await confirm(placed.body.data._id)).body.data.invoice;
    expect((await download(`order/${placed.body.data._id}/credit-note`, shopper.idToken)).json).toEqual({
      success: false,
      message: 'No credit note has been issued for this order',
    });

    const cancelled = await api<Envelope<TaxedOrder>>(`order/${placed.body.data._id}/cancel`, {
      method: 'POST',
      token: adminUser.idToken,
      body: {},
    });
    expect(cancelled.status).toBe(200);
    const note = cancelled.body.data.creditNote;
    expect(note?.number).toMatch(/^BS\/\d{4}\/C\d{7}$/);
    expect(note).toMatchObject({ invoiceNumber: invoice?.number, reason: 'Order cancelled', totals: invoice?.totals });
    expect(cancelled.body.data.invoice).toEqual(invoice);
    expect((await getOrder(placed.body.data._id, shopper.idToken)).body.data.creditNote).toEqual(note);

    const pdf = await download(`order/${placed.body.data._id}/credit-note`, shopper.idToken);
    expect(pdf.status).toBe(200);
    expect(pdf.type).toBe('application/pdf');
    const text = pdfText(pdf.bytes, 'credit-note');
    for (const expected of [
      'CREDIT NOTE',
      note?.number ?? '',
      invoice?.number ?? '',
      'Order cancelled',
      'GSTIN: 27AAPFB1234C1ZU',
      'Place of supply: Delhi (07)',
      'IGST',
      '₹2,999.00',
    ]) {
      expect(text, `PDF text lacks ${expected}`).toContain(expected);
    }
    // The invoice PDF is still there.
    expect((await download(`order/${placed.body.data._id}/invoice`, shopper.idToken)).status).toBe(200);
  });

  it('a cancelled order that was never invoiced has no credit note', async () => {
    const shopper = await shopperWithAddress();
    const product = await createProduct(adminUser, { price: 999, discount: 0, stock: 5 });
    const placed = await placeOrder(shopper, { paymentMethod: 'COD', addressId: shopper.addressId, productId: product._id });
    const cancelled = await api<Envelope<TaxedOrder>>(`order/${placed.body.data._id}/cancel`, {
      method: 'POST',
      token: shopper.idToken,
      body: {},
    });
    expect(cancelled.status).toBe(200);
    expect(cancelled.body.data).toMatchObject({ status: 'cancelled', invoice: null, creditNote: null });
    const res = await download(`order/${placed.body.data._id}/credit-note`, shopper.idToken);
    expect(res.status).toBe(409);
    expect(res.json).toEqual({ success: false, message: 'No invoice has been issued for this order yet' });
  });
});

describe('who may download', () => {
  let orderId: string;
  let owner: TestUser;

  beforeAll(async () => {
    const shopper = await shopperWithAddress();
    owner = shopper;
    const product = await createProduct(adminUser, { price: 1999, discount: 0, stock: 5 });
    const placed = await placeOrder(shopper, { paymentMethod: 'COD', addressId: shopper.addressId, productId: product._id });
    orderId = placed.body.data._id;
    await confirm(orderId);
    await api(`order/${orderId}/cancel`, { method: 'POST', token: adminUser.idToken, body: {} });
  });

  it.each(['invoice', 'credit-note'])('%s: owner and admin 200, another shopper 404, anonymous 401, unknown order 404', async (kind) => {
    const other = await createTestUser();
    expect((await download(`order/${orderId}/${kind}`, owner.idToken)).status).toBe(200);
    expect((await download(`order/${orderId}/${kind}`, adminUser.idToken)).status).toBe(200);
    const stranger = await download(`order/${orderId}/${kind}`, other.idToken);
    expect(stranger.status).toBe(404);
    expect(stranger.json).toEqual({ success: false, message: 'Order not found' });
    const anonymous = await download(`order/${orderId}/${kind}`);
    expect(anonymous.status).toBe(401);
    expect(anonymous.json).toMatchObject({ success: false });
    expect((await download(`order/no-such-order/${kind}`, owner.idToken)).status).toBe(404);
    expect((await download(`order/bad%20id/${kind}`, owner.idToken)).status).toBe(404);
  });
});

afterAll(async () => {
  await checkout.close();
  // Leave the demo seller as seeded for the suites that follow.
  await admin()
    .db.doc('settings/seller')
    .set({ ...DEMO_SELLER, updatedAt: new Date() });
});
