// Returns and exchanges (issue 27, docs/returns.md) through Hosting on the emulators: every rule
// and message of POST /api/order/{id}/returns, the admin's moves along the graph, two partial
// returns of one order (refunds and partial credit notes add up, never past what was paid), a
// COD payout with its bank reference, a prepaid partial refund through the local Stripe
// checkout, concurrent duplicate requests, and an exchange that holds and ships the new variant.
import { spawnSync } from 'node:child_process';
import { Timestamp } from 'firebase-admin/firestore';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  DEMO_SELLER,
  NON_RETURNABLE_REASON_REQUIRED,
  RETURN_MESSAGES,
  istMonthOf,
  type ReturnJson,
  type ShipmentItem,
} from '@bagshop/domain';
import { admin, api, createTestUser, type TestUser } from '../support/api';
import {
  createProduct,
  placeOrder,
  productForm,
  randomPng,
  shopperWithAddress,
  startPayment,
  uniqueName,
  variantStocks,
  type Envelope,
  type OrderJson,
  type ProductJson,
} from '../support/commerce';
import { startTestCourier, type CourierLocal } from '../support/courier';
import { startTestRazorpay, submitPage, type RazorpayLocal } from '../support/razorpay';
import { hostingUrl } from '../support/emulators';
import { taxViewDocuments } from '../support/tax-documents';
import { eventually, payOnPage, startTestCheckout, type StripeLocal } from '../support/stripe';

let courier: CourierLocal;
let checkout: StripeLocal;
let adminUser: TestUser;

beforeAll(async () => {
  courier = await startTestCourier();
  checkout = await startTestCheckout();
  adminUser = await createTestUser({ role: 'admin' });
  // The seller (invoices) and the return window these tests count on.
  const seller = admin().db.doc('settings/seller');
  if (!(await seller.get()).exists) await seller.set({ ...DEMO_SELLER, updatedAt: new Date() });
  await seller.set({ returnWindowDays: 7 }, { merge: true });
});

afterAll(async () => {
  await courier.close();
  await checkout.close();
});

type Shopper = TestUser & { addressId: string };
type FullOrder = OrderJson & {
  invoice: { number: string; lines: { grossPaise: number; cgstPaise: number; sgstPaise: number; taxablePaise: number }[] } | null;
  shipments: { _id: string; awb: string; kind?: string; returnNumber?: string; items?: ShipmentItem[] }[];
};
type ErrorBody = { success: false; message: string; errors?: { field: string; message: string }[] };
type ApiStatus = { status: number; message: string };

/** A PDF's text as pdftotext (poppler-utils, which `npm test` makes sure of) reads it. */
function pdfText(bytes: Buffer): string {
  const out = spawnSync('pdftotext', ['-layout', '-', '-'], { input: bytes, encoding: 'utf8' });
  if (out.status !== 0) throw new Error(`pdftotext failed: ${out.stderr}`);
  return out.stdout;
}

const stored = async (path: string) => (await admin().db.doc(path).get()).data() ?? {};

async function adminPatch(path: string, body: unknown) {
  const res = await api<Envelope<FullOrder>>(path, { method: 'PATCH', token: adminUser.idToken, body });
  if (res.status !== 200) throw new Error(`PATCH ${path} answered ${res.status}: ${JSON.stringify(res.body)}`);
  return res.body.data;
}

/** A confirmed, shipped (by hand) and delivered order. */
async function deliver(orderId: string): Promise<FullOrder> {
  const current = await stored(`orders/${orderId}`);
  if (current.status === 'pending') await adminPatch(`order/${orderId}/status`, { status: 'confirmed' });
  const shipped = await api(`order/${orderId}/shipments`, {
    method: 'POST',
    token: adminUser.idToken,
    body: { courier: 'Delhivery', awb: `DL${Date.now()}${Math.floor(Math.random() * 1000)}` },
  });
  expect(shipped.status).toBe(201);
  return adminPatch(`order/${orderId}/status`, { status: 'completed' });
}

async function deliveredCodOrder(
  options: { price?: number; discount?: number; quantity?: number; product?: ProductJson; variantId?: string } = {},
) {
  const shopper = await shopperWithAddress();
  const product =
    options.product ?? (await createProduct(adminUser, { price: options.price ?? 1999, discount: options.discount ?? 0, stock: 20 }));
  const placed = await placeOrder(shopper, {
    paymentMethod: 'COD',
    addressId: shopper.addressId,
    productId: product._id,
    quantity: options.quantity ?? 2,
    ...(options.variantId ? { variantId: options.variantId } : {}),
  });
  expect(placed.status).toBe(201);
  const order = await deliver(placed.body.data._id);
  const lineId = (order.items[0] as unknown as { variantId: string }).variantId;
  return { shopper, product, order, lineId };
}

function requestReturn(shopper: Shopper | TestUser, orderId: string, body: Record<string, unknown>) {
  return api<Envelope<{ return: ReturnJson }> & ErrorBody>(`order/${orderId}/returns`, { method: 'POST', token: shopper.idToken, body });
}

const UPI = { upiId: 'priya.s@okicici' };

/** A new shopper's online order for two units of a new ₹1,399 bag, placed but not paid. */
async function twoUnitsOrderedOnline() {
  const shopper = await shopperWithAddress();
  const product = await createProduct(adminUser, { price: 1500, discount: 101, stock: 5 });
  const placed = await placeOrder(shopper, {
    paymentMethod: 'ONLINE',
    addressId: shopper.addressId,
    productId: product._id,
    quantity: 2,
  });
  expect(placed.status).toBe(201);
  return { shopper, orderId: placed.body.data._id };
}

/** Moves a return from requested to received (check passed), by hand. */
async function receive(number: string) {
  await adminPatch(`admin/returns/${number}`, { status: 'approved' });
  await adminPatch(`admin/returns/${number}`, { status: 'pickup_scheduled', courier: 'Delhivery', awb: `RP${Date.now()}` });
  await adminPatch(`admin/returns/${number}`, { status: 'picked_up' });
  return adminPatch(`admin/returns/${number}`, { status: 'received', qualityCheck: 'passed' }) as unknown as ReturnJson;
}

describe('POST /api/order/{id}/returns: who and what', { timeout: 120_000 }, () => {
  it('401 anonymous, 404 for another shopper, 400 for each rule with its message', async () => {
    const { shopper, order, lineId, product } = await deliveredCodOrder({ quantity: 2 });
    const body = { lines: [{ lineId, quantity: 1 }], reason: 'size_not_right', resolution: 'refund', refundTo: UPI };
    expect((await api(`order/${order._id}/returns`, { method: 'POST', body })).status).toBe(401);
    const other = await shopperWithAddress();
    expect((await requestReturn(other, order._id, body)).status).toBe(404);

    const expect400 = async (b: Record<string, unknown>, message: string) => {
      const res = await requestReturn(shopper, order._id, b);
      expect(res.status, JSON.stringify(res.body)).toBe(400);
      expect(res.body.message).toBe(message);
    };
    await expect400({ ...body, lines: [{ lineId: 'not-a-line', quantity: 1 }] }, RETURN_MESSAGES.lineNotOnOrder('not-a-line'));
    await expect400({ ...body, lines: [{ lineId, quantity: 3 }] }, RETURN_MESSAGES.tooMany(product.name, 2));
    await expect400({ ...body, refundTo: { upiId: 'priya' } }, RETURN_MESSAGES.upi);
    await expect400(
      { ...body, refundTo: { accountName: 'Priya S', accountNumber: '123456789012', ifsc: 'SBIN1234567' } },
      RETURN_MESSAGES.ifsc,
    );
    await expect400({ ...body, refundTo: undefined }, RETURN_MESSAGES.refundToNeeded);
    await expect400({ ...body, reason: 'damaged' }, RETURN_MESSAGES.photosRequired);
    await expect400({ ...body, reason: 'wrong_item' }, RETURN_MESSAGES.photosRequired);

    // A bank account is a valid destination too.
    const bank = await requestReturn(shopper, order._id, {
      ...body,
      refundTo: { accountName: 'Priya S', accountNumber: '1234 5678 9012', ifsc: 'sbin0001234' },
    });
    expect(bank.status).toBe(201);
    expect(bank.body.data.return.refundTo).toEqual({ accountName: 'Priya S', accountNumber: '••••9012', ifsc: 'SBIN0001234' });
    const rest = await requestReturn(shopper, order._id, body);
    expect(rest.status).toBe(201);
    await expect400(body, RETURN_MESSAGES.alreadyReturned(product.name));

    // Not delivered yet.
    const fresh = await shopperWithAddress();
    const placed = await placeOrder(fresh, { paymentMethod: 'COD', addressId: fresh.addressId, productId: product._id, quantity: 1 });
    const notYet = await requestReturn(fresh, placed.body.data._id, body);
    expect(notYet.status).toBe(400);
    expect(notYet.body.message).toBe(RETURN_MESSAGES.notCompleted);
  });

  it('checks owner, window and lines before it looks at a photo; throttles requests per shopper (issue 37)', async () => {
    const { shopper, order, lineId } = await deliveredCodOrder({ quantity: 1 });
    // Bytes that are no picture: decoding them would answer 415, so a 404 / 400 proves nothing was decoded first.
    const form = (lines: unknown) => {
      const f = new FormData();
      f.append('lines', JSON.stringify(lines));
      f.append('reason', 'damaged');
      f.append('resolution', 'refund');
      f.append('refundTo', JSON.stringify(UPI));
      for (let i = 0; i < 3; i += 1) f.append('photos', new Blob([new Uint8Array(200_000).fill(7)], { type: 'image/png' }), `p${i}.png`);
      return f;
    };
    const post = (who: TestUser, lines: unknown) =>
      api<ErrorBody>(`order/${order._id}/returns`, { method: 'POST', token: who.idToken, rawBody: form(lines) });
    const other = await shopperWithAddress();
    const foreign = await post(other, [{ lineId, quantity: 1 }]);
    expect([foreign.status, foreign.body.message]).toEqual([404, 'Order not found']);
    const wrongLine = await post(shopper, [{ lineId: 'not-a-line', quantity: 1 }]);
    expect([wrongLine.status, wrongLine.body.message]).toEqual([400, RETURN_MESSAGES.lineNotOnOrder('not-a-line')]);
    // A request that passes every other rule does look at the photos.
    expect((await post(shopper, [{ lineId, quantity: 1 }])).status).toBe(415);

    // 20 requests an hour per shopper; then 429 with a message.
    const statuses: ApiStatus[] = [];
    for (let i = 0; i < 22; i += 1) {
      const res = await requestReturn(other, order._id, { lines: [{ lineId, quantity: 1 }], reason: 'changed_mind', resolution: 'refund' });
      statuses.push({ status: res.status, message: res.body.message });
    }
    expect(statuses[0]?.status).toBe(404);
    expect(statuses.find((s) => s.status === 429)?.message).toBe('Too many return requests. Please wait a while and try again.');
  });

  it('refuses after the window (counted from delivery) and a non-returnable product', async () => {
    const { shopper, order, lineId, product } = await deliveredCodOrder({ quantity: 1 });
    const body = { lines: [{ lineId, quantity: 1 }], reason: 'changed_mind', resolution: 'refund', refundTo: UPI };
    // The admin marks it non-returnable through the product API (the admin form's PATCH, multipart).
    const patchProduct = (fields: Record<string, string>) =>
      api<Envelope<ProductJson> & ErrorBody>(`products/${product._id}`, {
        method: 'PATCH',
        token: adminUser.idToken,
        rawBody: productForm(fields),
      });
    const noReason = await patchProduct({ returnable: 'false' });
    expect(noReason.status).toBe(400);
    expect(noReason.body.message).toBe(NON_RETURNABLE_REASON_REQUIRED);
    expect((await patchProduct({ returnable: 'false', nonReturnableReason: 'Personalised with your initials' })).status).toBe(200);
    // What the product page reads before purchase.
    const page = await api<Envelope<ProductJson & { returnable?: boolean; nonReturnableReason?: string }>>(`products/${product._id}`);
    expect(page.body.data).toMatchObject({ returnable: false, nonReturnableReason: 'Personalised with your initials' });
    const nr = await requestReturn(shopper, order._id, body);
    expect(nr.status).toBe(400);
    expect(nr.body.message).toBe(RETURN_MESSAGES.nonReturnable(product.name, 'Personalised with your initials'));
    expect((await patchProduct({ returnable: 'true' })).status).toBe(200);
    const again = await api<Envelope<ProductJson & { returnable?: boolean }>>(`products/${product._id}`);
    expect(again.body.data.returnable).toBeUndefined();
    expect((await stored(`products/${product._id}`)).nonReturnableReason).toBe('');
    // Delivered 8 days ago.
    const data = await stored(`orders/${order._id}`);
    const delivered = new Date(Date.now() - 8 * 86_400_000);
    const history = (data.statusHistory as { status: string; at: Timestamp }[]).map((h) =>
      h.status === 'completed' ? { ...h, at: Timestamp.fromDate(delivered) } : h,
    );
    await admin().db.doc(`orders/${order._id}`).update({ statusHistory: history });
    const late = await requestReturn(shopper, order._id, body);
    expect(late.status).toBe(400);
    expect(late.body.message).toMatch(/^The 7-day return window of this order ended on /);
    // The order page's summary says so too.
    const summary = await api<Envelope<{ window: { days: number; daysLeft: number }; lines: { canReturn: boolean }[] }>>(
      `order/${order._id}/returns`,
      { token: shopper.idToken },
    );
    expect(summary.body.data.window).toMatchObject({ days: 7, daysLeft: 0 });
    expect(summary.body.data.lines[0]?.canReturn).toBe(false);
  });

  it('takes up to 3 photos (multipart) for a damaged bag', async () => {
    const { shopper, order, lineId } = await deliveredCodOrder({ quantity: 1 });
    const makeForm = async (photos: number) => {
      const form = new FormData();
      form.append('lines', JSON.stringify([{ lineId, quantity: 1 }]));
      form.append('reason', 'damaged');
      form.append('resolution', 'refund');
      form.append('refundTo', JSON.stringify(UPI));
      form.append('comment', 'The zip is torn');
      for (let i = 0; i < photos; i += 1)
        form.append('photos', new Blob([new Uint8Array(await randomPng())], { type: 'image/png' }), `p${i}.png`);
      return form;
    };
    const tooMany = await api<ErrorBody>(`order/${order._id}/returns`, {
      method: 'POST',
      token: shopper.idToken,
      rawBody: await makeForm(4),
    });
    expect(tooMany.status).toBe(400);
    expect(tooMany.body.message).toBe(RETURN_MESSAGES.tooManyPhotos);
    const ok = await makeForm(1);
    const res = await api<Envelope<{ return: ReturnJson }>>(`order/${order._id}/returns`, {
      method: 'POST',
      token: shopper.idToken,
      rawBody: ok,
    });
    expect(res.status).toBe(201);
    expect(res.body.data.return.photos).toHaveLength(1);
    expect(res.body.data.return.photos[0]?.url).toMatch(/^\/api\/images\/[0-9a-f]{64}$/);
    expect(res.body.data.return._id).toMatch(/^RET-\d{4}-\d{5}$/);
    expect(res.body.data.return.status).toBe('requested');
  });

  it('concurrent duplicate requests make one return', async () => {
    const { shopper, order, lineId } = await deliveredCodOrder({ quantity: 1 });
    const body = { lines: [{ lineId, quantity: 1 }], reason: 'changed_mind', resolution: 'refund', refundTo: UPI };
    const answers = await Promise.all(Array.from({ length: 8 }, () => requestReturn(shopper, order._id, body)));
    const statuses = answers.map((a) => a.status);
    expect(statuses.filter((s) => s === 201)).toHaveLength(1);
    expect(statuses.every((s) => s === 201 || s === 400 || s === 409 || s === 504)).toBe(true);
    const docs = await admin().db.collection('returns').where('orderId', '==', order._id).get();
    expect(docs.size).toBe(1);
    expect((await stored(`orders/${order._id}`)).returnUnits).toEqual({ [lineId]: 1 });
  });
});

describe('admin moves and money', { timeout: 180_000 }, () => {
  it('two partial returns of one COD order: refunds and partial credit notes add up, never past the total; payout Paid step', async () => {
    const { shopper, order, lineId, product } = await deliveredCodOrder({ price: 1999, discount: 333, quantity: 3 });
    const totalPaise = order.totalAmount * 100;
    expect(order.invoice).toBeTruthy();
    const stockBefore = (await variantStocks(product._id))[lineId];

    const first = await requestReturn(shopper, order._id, {
      lines: [{ lineId, quantity: 1 }],
      reason: 'changed_mind',
      resolution: 'refund',
      refundTo: UPI,
    });
    expect(first.status).toBe(201);
    const n1 = first.body.data.return._id;
    expect(first.body.data.return.refundPaise).toBe(166600);

    // Along the graph only.
    const skip = await api<ErrorBody>(`admin/returns/${n1}`, { method: 'PATCH', token: adminUser.idToken, body: { status: 'refunded' } });
    expect(skip.status).toBe(409);
    expect(skip.body.message).toBe(RETURN_MESSAGES.move('requested', 'refunded'));
    const asShopper = await api(`admin/returns/${n1}`, { method: 'PATCH', token: shopper.idToken, body: { status: 'approved' } });
    expect(asShopper.status).toBe(403);
    const noCheck = await api<ErrorBody>(`admin/returns/${n1}`, {
      method: 'PATCH',
      token: adminUser.idToken,
      body: { status: 'approved' },
    });
    expect(noCheck.status).toBe(200);
    await adminPatch(`admin/returns/${n1}`, { status: 'pickup_scheduled', courier: 'Delhivery', awb: `RP${Date.now()}` });
    await adminPatch(`admin/returns/${n1}`, { status: 'picked_up' });
    const needsCheck = await api<ErrorBody>(`admin/returns/${n1}`, {
      method: 'PATCH',
      token: adminUser.idToken,
      body: { status: 'received' },
    });
    expect(needsCheck.status).toBe(400);
    expect(needsCheck.body.message).toBe(RETURN_MESSAGES.qualityCheckNeeded);
    await adminPatch(`admin/returns/${n1}`, { status: 'received', qualityCheck: 'passed' });
    expect((await variantStocks(product._id))[lineId]).toBe((stockBefore ?? 0) + 1);
    const r1 = (await adminPatch(`admin/returns/${n1}`, { status: 'refunded' })) as unknown as ReturnJson;
    expect(r1.payout).toMatchObject({ method: 'upi', to: UPI.upiId, amountPaise: 166600, status: 'pending' });
    expect(r1.creditNote?.totals.grossPaise).toBe(166600);

    // The second return: the two other units.
    const second = await requestReturn(shopper, order._id, {
      lines: [{ lineId, quantity: 2 }],
      reason: 'not_as_described',
      resolution: 'refund',
      refundTo: UPI,
    });
    expect(second.status).toBe(201);
    const n2 = second.body.data.return._id;
    await receive(n2);
    expect((await variantStocks(product._id))[lineId]).toBe((stockBefore ?? 0) + 3);
    const r2 = (await adminPatch(`admin/returns/${n2}`, { status: 'refunded' })) as unknown as ReturnJson;
    expect(r1.refundPaise + r2.refundPaise).toBe(totalPaise);
    const after = await stored(`orders/${order._id}`);
    expect(after.payment.refundedPaise).toBe(totalPaise);

    // The two partial credit notes add up to the refunds and to the invoice line.
    const inv = order.invoice?.lines[0];
    const notes = [r1.creditNote, r2.creditNote];
    expect(notes.every((n) => n?.invoiceNumber === order.invoice?.number)).toBe(true);
    expect(new Set(notes.map((n) => n?.number)).size).toBe(2);
    const sum = (k: 'grossPaise' | 'taxablePaise' | 'cgstPaise' | 'sgstPaise') => notes.reduce((s, n) => s + (n?.totals[k] ?? 0), 0);
    expect(sum('grossPaise')).toBe(r1.refundPaise + r2.refundPaise);
    expect(sum('taxablePaise')).toBe(inv?.taxablePaise);
    expect(sum('cgstPaise')).toBe(inv?.cgstPaise);
    expect(sum('sgstPaise')).toBe(inv?.sgstPaise);
    for (const n of notes) expect(n?.totals.cgstPaise).toBe(n?.totals.sgstPaise);

    // Nothing more to return; the stock went back once per return.
    const third = await requestReturn(shopper, order._id, {
      lines: [{ lineId, quantity: 1 }],
      reason: 'changed_mind',
      resolution: 'refund',
      refundTo: UPI,
    });
    expect(third.status).toBe(400);
    expect(third.body.message).toBe(RETURN_MESSAGES.alreadyReturned(product.name));

    // The admin's Paid step with the bank reference.
    const noRef = await api<ErrorBody>(`admin/returns/${n1}/payout`, { method: 'POST', token: adminUser.idToken, body: {} });
    expect(noRef.status).toBe(400);
    const paid = await api<Envelope<ReturnJson>>(`admin/returns/${n1}/payout`, {
      method: 'POST',
      token: adminUser.idToken,
      body: { reference: 'UTR 4211 9876 5432' },
    });
    expect(paid.status).toBe(200);
    expect(paid.body.data.payout).toMatchObject({ status: 'paid', reference: 'UTR 4211 9876 5432' });
    expect(
      (await api(`admin/returns/${n1}/payout`, { method: 'POST', token: adminUser.idToken, body: { reference: 'again' } })).status,
    ).toBe(409);

    // The credit note's PDF (owner), and the Tax view and CSV list both partial notes.
    const pdf = await api<string>(`order/${order._id}/returns/${n1}/credit-note`, { token: shopper.idToken });
    expect(pdf.status).toBe(200);
    expect(pdf.headers.get('content-type')).toContain('application/pdf');
    const month = istMonthOf(new Date());
    const documents = await taxViewDocuments(month, adminUser.idToken);
    const partial = documents.filter((d) => d.returnNumber === n1 || d.returnNumber === n2);
    expect(partial.map((d) => d.number).sort()).toEqual(notes.map((n) => n?.number).sort());
    const csv = await api<string>(`admin/tax/csv?month=${month}`, { token: adminUser.idToken });
    expect(csv.body).toContain(`Credit note (return ${n1})`);
    expect(csv.body).toContain(`Credit note (return ${n2})`);

    // Mails at each step.
    const mails = await admin().db.collection('mail').where('orderId', '==', order._id).get();
    const kinds = mails.docs.map((d) => String(d.get('kind')));
    for (const k of [
      'return_requested',
      'return_approved',
      'return_pickup_scheduled',
      'return_picked_up',
      'return_received',
      'return_refunded',
      'return_payout_paid',
    ])
      expect(kinds).toContain(k);
  });

  it('rejects with a reason from requested (units free again) or after a failed check (no stock back)', async () => {
    const { shopper, order, lineId, product } = await deliveredCodOrder({ quantity: 1 });
    const body = { lines: [{ lineId, quantity: 1 }], reason: 'changed_mind', resolution: 'refund', refundTo: UPI };
    const a = await requestReturn(shopper, order._id, body);
    const noReason = await api<ErrorBody>(`admin/returns/${a.body.data.return._id}`, {
      method: 'PATCH',
      token: adminUser.idToken,
      body: { status: 'rejected' },
    });
    expect(noReason.status).toBe(400);
    expect(noReason.body.message).toBe(RETURN_MESSAGES.rejectNeedsNote);
    await adminPatch(`admin/returns/${a.body.data.return._id}`, { status: 'rejected', note: 'Used bag' });
    const b = await requestReturn(shopper, order._id, body);
    expect(b.status).toBe(201);
    const n = b.body.data.return._id;
    const stock = (await variantStocks(product._id))[lineId];
    await adminPatch(`admin/returns/${n}`, { status: 'approved' });
    await adminPatch(`admin/returns/${n}`, { status: 'pickup_scheduled', courier: 'Delhivery', awb: `RP${Date.now()}` });
    await adminPatch(`admin/returns/${n}`, { status: 'picked_up' });
    await adminPatch(`admin/returns/${n}`, { status: 'received', qualityCheck: 'failed', note: 'Wheels broken by use' });
    const refund = await api<ErrorBody>(`admin/returns/${n}`, { method: 'PATCH', token: adminUser.idToken, body: { status: 'refunded' } });
    expect(refund.status).toBe(409);
    expect(refund.body.message).toBe(RETURN_MESSAGES.failedCheck);
    const rejected = (await adminPatch(`admin/returns/${n}`, {
      status: 'rejected',
      note: 'Wheels broken by use',
    })) as unknown as ReturnJson;
    expect(rejected).toMatchObject({ status: 'rejected', rejectionReason: 'Wheels broken by use' });
    expect((await variantStocks(product._id))[lineId]).toBe(stock);
    expect((await stored(`orders/${order._id}`)).payment?.refundedPaise ?? 0).toBe(0);
  });

  /** Two units of ₹1,399 paid on the local Stripe checkout, delivered. */
  async function deliveredPaidOrder() {
    const { shopper, orderId } = await twoUnitsOrderedOnline();
    const pay = await api<Envelope<{ sessionId: string }>>('payment', { method: 'POST', token: shopper.idToken, body: { orderId } });
    await payOnPage(checkout, pay.body.data.sessionId);
    await eventually(async () => (await stored(`orders/${orderId}`)).status === 'confirmed', 20_000, 'the payment webhook');
    const order = await deliver(orderId);
    const lineId = (order.items[0] as unknown as { variantId: string }).variantId;
    return { shopper, orderId, lineId };
  }

  it('refunds part of a prepaid order through its provider, one refund per return, the order stays paid', async () => {
    const { shopper, orderId, lineId } = await deliveredPaidOrder();
    const res = await requestReturn(shopper, orderId, { lines: [{ lineId, quantity: 1 }], reason: 'changed_mind', resolution: 'refund' });
    expect(res.status).toBe(201);
    const n = res.body.data.return._id;
    expect(res.body.data.return.refundTo).toBeNull();
    await receive(n);
    const refunded = (await adminPatch(`admin/returns/${n}`, { status: 'refunded' })) as unknown as ReturnJson;
    expect(refunded.refund).toMatchObject({ provider: 'stripe', amountPaise: 139900, idempotencyKey: `refund-${n}` });
    await eventually(async () => (await stored(`returns/${n}`)).refund?.status === 'succeeded', 20_000, 'the refund webhook');
    const sent = [...checkout.refunds.values()].filter((r) => r.metadata.returnId === n);
    expect(sent).toHaveLength(1);
    expect(sent[0]?.amount).toBe(139900);
    const after = await stored(`orders/${orderId}`);
    expect(after.status).toBe('completed');
    expect(after.payment.status).toBe('paid');
    expect(after.payment.refundedPaise).toBe(139900);
    expect((after.attention ?? []).map((a: { code: string }) => a.code)).not.toContain('refunded_outside_shop');
    // The shopper's order answer says so too (issue 37: it was stored, but the codec left it out).
    const answered = await api<Envelope<OrderJson & { payment: { refundedPaise?: number } }>>(`order/${orderId}`, {
      token: shopper.idToken,
    });
    expect(answered.body.data.payment.refundedPaise).toBe(139900);
  });

  it('a refund the provider could not take is sent again by the sweep, with the return’s key, and made once', async () => {
    const { shopper, orderId, lineId } = await deliveredPaidOrder();
    const res = await requestReturn(shopper, orderId, { lines: [{ lineId, quantity: 1 }], reason: 'changed_mind', resolution: 'refund' });
    const n = res.body.data.return._id;
    await receive(n);
    checkout.refundsDown = true;
    try {
      const refunded = (await adminPatch(`admin/returns/${n}`, { status: 'refunded' })) as unknown as ReturnJson;
      expect(refunded.refund).toMatchObject({ status: 'pending', id: null, idempotencyKey: `refund-${n}` });
      const failed = await stored(`returns/${n}`);
      expect(failed).toMatchObject({ refundUnsent: true, refund: { attempts: 1 } });
      const flagged = await stored(`orders/${orderId}`);
      expect((flagged.attention ?? []).map((a: { code: string }) => a.code)).toContain('refund_not_sent');
    } finally {
      checkout.refundsDown = false;
    }
    // The sweep leaves a refund asked for under a minute ago to its own request: make it older.
    await admin()
      .db.doc(`returns/${n}`)
      .update({ 'refund.requestedAt': Timestamp.fromMillis(Date.now() - 120_000) });
    await eventually(
      async () => (await stored(`returns/${n}`)).refund?.status === 'succeeded',
      40_000,
      'the sweep to send the refund again, and its webhook',
    );
    const calls = checkout.requests.filter((r) => r.method === 'POST' && r.path === '/v1/refunds' && r.params['metadata[returnId]'] === n);
    expect(calls.length).toBeGreaterThanOrEqual(2);
    expect(calls.every((c) => c.idempotencyKey === `refund-${n}`)).toBe(true);
    const made = [...checkout.refunds.values()].filter((r) => r.metadata.returnId === n);
    expect(made).toHaveLength(1);
    expect(made[0]?.amount).toBe(139900);
    expect((await stored(`returns/${n}`)).refundUnsent).toBe(false);
    expect((await stored(`orders/${orderId}`)).payment.refundedPaise).toBe(139900);
  });
});

describe('a prepaid partial refund through Razorpay', { timeout: 120_000 }, () => {
  let razorpayCheckout: RazorpayLocal;
  beforeAll(async () => {
    razorpayCheckout = await startTestRazorpay();
  });
  afterAll(async () => {
    await razorpayCheckout.close();
  });

  it('refunds one of two units with the return’s receipt and notes; refund.processed settles the return, the order stays paid', async () => {
    const { shopper, orderId } = await twoUnitsOrderedOnline();
    // The test run takes new orders with Stripe: this one is Razorpay's, as with PAYMENT_PROVIDER=razorpay.
    await admin().db.doc(`orders/${orderId}`).update({ 'payment.provider': 'razorpay' });
    const pay = await startPayment(shopper, orderId);
    expect(pay.status).toBe(200);
    expect((await submitPage(razorpayCheckout, pay.body.data.sessionId, 'pay', 'upi')).status).toBe(303);
    await eventually(async () => (await stored(`orders/${orderId}`)).status === 'confirmed', 20_000, 'the payment webhooks');
    const order = await deliver(orderId);
    const lineId = (order.items[0] as unknown as { variantId: string }).variantId;
    const res = await requestReturn(shopper, orderId, { lines: [{ lineId, quantity: 1 }], reason: 'changed_mind', resolution: 'refund' });
    expect(res.status).toBe(201);
    const n = res.body.data.return._id;
    await receive(n);
    const refunded = (await adminPatch(`admin/returns/${n}`, { status: 'refunded' })) as unknown as ReturnJson;
    expect(refunded.refund).toMatchObject({ provider: 'razorpay', amountPaise: 139900, idempotencyKey: `refund-${n}` });
    await eventually(async () => (await stored(`returns/${n}`)).refund?.status === 'succeeded', 20_000, 'refund.processed');
    const made = [...razorpayCheckout.refunds.values()].filter((r) => r.notes.returnId === n);
    expect(made).toHaveLength(1);
    expect(made[0]).toMatchObject({ amount: 139900, receipt: `refund-${n}`, notes: { orderId, returnId: n } });
    const after = await stored(`orders/${orderId}`);
    expect(after.status).toBe('completed');
    expect(after.payment).toMatchObject({ status: 'paid', provider: 'razorpay', refundedPaise: 139900 });
    expect((await stored(`returns/${n}`)).refund.id).toBe(made[0]?.id);
  });
});

describe('exchanges', { timeout: 180_000 }, () => {
  async function sizedProduct(): Promise<ProductJson> {
    const form = productForm({
      name: uniqueName('Exchange Trolley'),
      description: 'Hard shell',
      category: 'luggage',
      options: JSON.stringify([{ name: 'Size', values: ['Cabin', 'Medium', 'Large'] }]),
      variants: JSON.stringify([
        { options: { Size: 'Cabin' }, price: 3999, discount: 500, stock: 5 },
        { options: { Size: 'Medium' }, price: 3999, discount: 500, stock: 2 },
        { options: { Size: 'Large' }, price: 5999, discount: 500, stock: 2 },
      ]),
    });
    form.append('images', new Blob([new Uint8Array(await randomPng())], { type: 'image/png' }), 'p.png');
    const res = await api<Envelope<ProductJson>>('products/createProducts', { method: 'POST', token: adminUser.idToken, rawBody: form });
    expect(res.status).toBe(201);
    return res.body.data;
  }

  it('same price only; holds the new variant at approval; books the pickup and the new shipment through the courier', async () => {
    const product = await sizedProduct();
    const id = (size: string) => product.variants.find((v) => v.options.Size === size)?._id ?? '';
    const { shopper, order, lineId } = await deliveredCodOrder({ product, variantId: id('Cabin'), quantity: 2 });
    expect(lineId).toBe(id('Cabin'));
    const base = { lines: [{ lineId, quantity: 1 }], reason: 'size_not_right', resolution: 'exchange' };
    const pricier = await requestReturn(shopper, order._id, { ...base, exchangeVariantId: id('Large') });
    expect(pricier.status).toBe(400);
    expect(pricier.body.message).toBe('Exchange for the same price only; return it instead');
    const res = await requestReturn(shopper, order._id, { ...base, exchangeVariantId: id('Medium') });
    expect(res.status).toBe(201);
    const n = res.body.data.return._id;
    expect(res.body.data.return).toMatchObject({
      resolution: 'exchange',
      refundPaise: 0,
      exchange: { variantId: id('Medium'), variantLabel: 'Size: Medium' },
    });

    const before = await variantStocks(product._id);
    await adminPatch(`admin/returns/${n}`, { status: 'approved' });
    expect((await variantStocks(product._id))[id('Medium')]).toBe((before[id('Medium')] ?? 0) - 1);
    // The reverse pickup, booked through the courier adapter (no AWB given).
    const pickup = (await adminPatch(`admin/returns/${n}`, { status: 'pickup_scheduled' })) as unknown as ReturnJson;
    expect(pickup.pickup).toMatchObject({ provider: 'shiprocket', courier: 'Bagshop Test Courier' });
    expect(courier.requests.some((r) => r.path === '/v1/external/orders/create/return' && r.body.order_id === n)).toBe(true);
    // The courier's scans of the reverse pickup move the return (docs/returns.md, "Pickup tracking").
    const awb = pickup.pickup?.awb ?? '';
    const scan = courier.webhookBody(awb, 'picked_up', { at: new Date(Date.now() - 60_000) });
    const first = await courier.sendRaw(scan);
    expect(first.status).toBe(200);
    expect(first.answer).toMatchObject({ data: { recorded: true, returnNumber: n, returnStatus: 'picked_up' } });
    expect((await courier.sendRaw(scan)).answer).toMatchObject({ data: { recorded: false, duplicate: true } });
    const scanned = await stored(`returns/${n}`);
    expect(scanned.status).toBe('picked_up');
    expect(scanned.history.at(-1)).toMatchObject({ status: 'picked_up', by: 'courier' });
    expect(scanned.pickup.events).toHaveLength(1);
    const pickedMails = await admin().db.collection('mail').where('kind', '==', 'return_picked_up').get();
    expect(pickedMails.docs.filter((d) => String(d.get('message.subject')).includes(n))).toHaveLength(1);
    // Delivered to the seller: recorded, but "received" stays the admin's quality check.
    expect(await courier.send(awb, 'in_transit')).toBe(200);
    expect(await courier.send(awb, 'delivered')).toBe(200);
    const arrived = (await api<Envelope<ReturnJson>>(`admin/returns/${n}`, { token: adminUser.idToken })).body.data;
    expect(arrived.status).toBe('picked_up');
    expect(arrived.pickup?.arrivedAt).not.toBeNull();
    expect(arrived.pickup?.events.map((e) => e.status)).toEqual(['picked_up', 'in_transit', 'delivered']);
    // A scan that came late (the admin already marked it) moves nothing back.
    await adminPatch(`admin/returns/${n}`, { status: 'received', qualityCheck: 'passed' });
    await courier.send(awb, 'delivered', { at: new Date() });
    expect((await stored(`returns/${n}`)).status).toBe('received');
    expect((await variantStocks(product._id))[id('Cabin')]).toBe((before[id('Cabin')] ?? 0) + 1);
    const wrong = await api<ErrorBody>(`admin/returns/${n}`, { method: 'PATCH', token: adminUser.idToken, body: { status: 'refunded' } });
    expect(wrong.status).toBe(409);
    const exchanged = (await adminPatch(`admin/returns/${n}`, { status: 'exchanged' })) as unknown as ReturnJson;
    expect(exchanged.exchange?.awb).toMatch(/^BST/);
    const after = await api<Envelope<FullOrder>>(`order/${order._id}`, { token: shopper.idToken });
    expect(after.body.data.shipments).toHaveLength(2);
    const stored2 = await stored(`orders/${order._id}`);
    expect(stored2.shipments[1]).toMatchObject({ kind: 'exchange', returnNumber: n, awb: exchanged.exchange?.awb });
    // The parcel out is the new variant: on the order, in the courier booking and on the label.
    const medium = product.variants.find((v) => v.options.Size === 'Medium');
    const outgoing = after.body.data.shipments[1];
    expect(outgoing).toMatchObject({ kind: 'exchange', returnNumber: n });
    expect(outgoing?.items).toEqual([{ name: product.name, variantLabel: 'Size: Medium', sku: medium?.sku, quantity: 1 }]);
    const booked = courier.requests.find((r) => r.path === '/v1/external/orders/create/adhoc' && r.body.order_id === `${order._id}-${n}`);
    expect(booked?.body.order_items).toEqual([
      expect.objectContaining({ name: `${product.name} (Size: Medium), exchange`, sku: medium?.sku, units: 1 }),
    ]);
    const label = await fetch(`${await hostingUrl()}/api/order/${order._id}/shipments/${outgoing?._id ?? ''}/label`, {
      headers: { Authorization: `Bearer ${adminUser.idToken}` },
    });
    expect(label.status).toBe(200);
    const text = pdfText(Buffer.from(await label.arrayBuffer()));
    expect(text).toContain('Size: Medium');
    expect(text).not.toContain('Size: Cabin');
    expect(text).not.toMatch(/COD: collect/); // an exchange collects nothing, even on a COD order
    expect(stored2.payment?.refundedPaise ?? 0).toBe(0);
    expect(stored2.invoice.number).toBe(order.invoice?.number);
    // Held once: the Medium stock did not move again when it shipped.
    expect((await variantStocks(product._id))[id('Medium')]).toBe((before[id('Medium')] ?? 0) - 1);
  });

  it('a rejected exchange gives the held variant back', async () => {
    const product = await sizedProduct();
    const id = (size: string) => product.variants.find((v) => v.options.Size === size)?._id ?? '';
    const { shopper, order, lineId } = await deliveredCodOrder({ product, variantId: id('Cabin'), quantity: 1 });
    const res = await requestReturn(shopper, order._id, {
      lines: [{ lineId, quantity: 1 }],
      reason: 'size_not_right',
      resolution: 'exchange',
      exchangeVariantId: id('Medium'),
    });
    const n = res.body.data.return._id;
    const before = (await variantStocks(product._id))[id('Medium')] ?? 0;
    await adminPatch(`admin/returns/${n}`, { status: 'approved' });
    await adminPatch(`admin/returns/${n}`, { status: 'pickup_scheduled', courier: 'Delhivery', awb: `RP${Date.now()}` });
    await adminPatch(`admin/returns/${n}`, { status: 'picked_up' });
    await adminPatch(`admin/returns/${n}`, { status: 'received', qualityCheck: 'failed', note: 'Not our bag' });
    await adminPatch(`admin/returns/${n}`, { status: 'rejected', note: 'Not our bag' });
    expect((await variantStocks(product._id))[id('Medium')]).toBe(before);
  });
});
