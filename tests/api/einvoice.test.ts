// E-invoicing (issue 41, docs/gst-b2b.md "E-invoicing") against the real emulators and the local
// IRP (scripts/irp-local): with the seller's e-invoicing on, a confirmed B2B order is reported and
// gets its IRN, AckNo, AckDt and signed QR code; a cancel within 24 h cancels the IRN at the IRP,
// after 24 h only the credit note; a failing IRP leaves "IRN pending", nothing ships, a retry
// registers it; person's orders and e-invoicing off are never reported.
import { spawnSync } from 'node:child_process';
import { createHash, createPublicKey, verify } from 'node:crypto';
import { mkdirSync, writeFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { einvoiceFinancialYear, type EinvoiceState, type Invoice, type CreditNote, type SellerSettings } from '@bagshop/domain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { IRN_PENDING_SHIP } from '../../functions/src/tax/einvoice';
import { admin, api, createTestUser, type TestUser } from '../support/api';
import { createProduct, placeOrder, type Envelope, type OrderJson } from '../support/commerce';
import { hostingUrl } from '../support/emulators';
import { startTestIrp, type IrpLocal } from '../support/irp';
import { eventually } from '../support/stripe';
import { numberedOrder } from '../support/tax-documents';

type EOrder = OrderJson & { invoice: Invoice | null; creditNote: CreditNote | null; einvoice?: EinvoiceState };

const TECH = { gstin: '29AABCT1234F1ZM', legalName: 'Tech Bengaluru LLP' };
const BENGALURU = { street: '14, 2nd Cross, Indiranagar', city: 'Bengaluru', state: 'Karnataka', postalCode: '560038', country: 'India' };
const PDF_DIR = resolve(process.cwd(), 'test-results/invoices');

let adminUser: TestUser;
let business: TestUser;
let person: TestUser;
let businessAddress: string;
let personAddress: string;
let productId: string;
let irp: IrpLocal;
let sellerBefore: SellerSettings;

async function setEinvoice(mode: 'on' | 'off'): Promise<SellerSettings> {
  const current = (await api<Envelope<SellerSettings>>('admin/settings/seller', { token: adminUser.idToken })).body.data;
  const { updatedAt: _u, ...rest } = current;
  const res = await api<Envelope<SellerSettings>>('admin/settings/seller', {
    method: 'PUT',
    token: adminUser.idToken,
    body: { ...rest, einvoice: mode },
  });
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return res.body.data;
}

async function saveAddress(user: TestUser, body: Record<string, unknown>): Promise<string> {
  const res = await api<Envelope<{ _id: string }>>('users/address', { method: 'POST', token: user.idToken, body });
  expect(res.status, JSON.stringify(res.body)).toBe(201);
  return res.body.data._id;
}

/** A COD order placed and confirmed by the admin over HTTP (the function's own settings), invoice numbered. */
async function confirmedOrder(user: TestUser, addressId: string): Promise<string> {
  const placed = await placeOrder(user, { paymentMethod: 'COD', addressId, productId });
  expect(placed.status, JSON.stringify(placed.body)).toBe(201);
  const id = placed.body.data._id;
  const res = await api(`order/${id}/status`, { method: 'PATCH', token: adminUser.idToken, body: { status: 'confirmed' } });
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  await numberedOrder(id);
  return id;
}

async function orderOf(id: string): Promise<EOrder> {
  return (await api<Envelope<EOrder>>(`order/${id}`, { token: adminUser.idToken })).body.data;
}

async function registeredOrder(id: string): Promise<EOrder> {
  return eventually(
    async () => {
      const o = await orderOf(id);
      return o.einvoice?.status === 'registered' ? o : null;
    },
    20_000,
    `order ${id} to have its IRN`,
  );
}

function verifiedJwtData(jwt: string): Record<string, unknown> {
  const [head, body, sig] = jwt.split('.');
  const ok = verify('RSA-SHA256', Buffer.from(`${head}.${body}`), createPublicKey(irp.publicKeyPem), Buffer.from(sig ?? '', 'base64url'));
  expect(ok, 'the signed QR code verifies with the IRP’s key').toBe(true);
  const claims = JSON.parse(Buffer.from(body ?? '', 'base64url').toString('utf8')) as { data: string };
  return JSON.parse(claims.data) as Record<string, unknown>;
}

async function pdfText(orderId: string, name: string): Promise<string> {
  const res = await fetch(`${await hostingUrl()}/api/order/${orderId}/invoice`, {
    headers: { Authorization: `Bearer ${adminUser.idToken}` },
  });
  expect(res.status).toBe(200);
  mkdirSync(PDF_DIR, { recursive: true });
  const file = resolve(PDF_DIR, `${name}.pdf`);
  writeFileSync(file, Buffer.from(await res.arrayBuffer()));
  spawnSync('pdftoppm', ['-png', '-r', '80', '-singlefile', file, resolve(PDF_DIR, name)]);
  const text = spawnSync('pdftotext', ['-layout', file, '-'], { encoding: 'utf8' });
  if (text.status !== 0) throw new Error(`pdftotext failed: ${text.stderr}`);
  return text.stdout;
}

beforeAll(async () => {
  irp = await startTestIrp();
  adminUser = await createTestUser({ role: 'admin' });
  business = await createTestUser({ firstname: 'Meera' });
  person = await createTestUser({ firstname: 'Arjun' });
  businessAddress = await saveAddress(business, { ...BENGALURU, ...TECH });
  personAddress = await saveAddress(person, BENGALURU);
  productId = (await createProduct(adminUser, { price: 4999, discount: 0, stock: 50 }))._id;
  sellerBefore = (await api<Envelope<SellerSettings>>('admin/settings/seller', { token: adminUser.idToken })).body.data;
});

afterAll(async () => {
  if (adminUser) await setEinvoice(sellerBefore?.einvoice ?? 'off');
  await irp?.close();
});

describe('the e-invoicing setting', () => {
  it('is off by default and saved with the seller settings', async () => {
    expect(sellerBefore.einvoice).toBe('off');
    const bad = await api('admin/settings/seller', {
      method: 'PUT',
      token: adminUser.idToken,
      body: { ...sellerBefore, updatedAt: undefined, einvoice: 'maybe' },
    });
    expect(bad.status).toBe(400);
    expect((await setEinvoice('on')).einvoice).toBe('on');
  });
});

describe('a confirmed B2B order with e-invoicing on', () => {
  let orderId: string;

  it('is reported to the IRP: IRN (SHA-256 of GSTIN + FY + INV + number), AckNo, AckDt and a signed QR code on the order', async () => {
    orderId = await confirmedOrder(business, businessAddress);
    const order = await registeredOrder(orderId);
    const invoice = order.invoice as Invoice;
    const expectedIrn = createHash('sha256')
      .update(`${invoice.seller.gstin}${einvoiceFinancialYear(new Date(invoice.issuedAt))}INV${invoice.number}`)
      .digest('hex');
    expect(order.einvoice).toMatchObject({ status: 'registered', irn: expectedIrn, lastError: null });
    expect(order.einvoice?.ackNo).toMatch(/^\d{15}$/);
    expect(Date.parse(order.einvoice?.ackDt ?? '')).toBeGreaterThan(Date.now() - 120_000);
    const registered = irp.registrations.get(expectedIrn);
    expect(registered).toMatchObject({ docNo: invoice.number, docType: 'INV', buyerGstin: TECH.gstin, status: 'ACT', total: 4999 });
    // The request as NIC's schema wants it.
    const sent = irp.requests.find((r) => r.path === '/eicore/v1.03/Invoice' && (r.body.DocDtls as { No?: string })?.No === invoice.number);
    expect(sent?.body).toMatchObject({
      Version: '1.1',
      TranDtls: { TaxSch: 'GST', SupTyp: 'B2B' },
      BuyerDtls: { Gstin: TECH.gstin, Pos: '29' },
    });
    // The QR payload verifies with the IRP's key and names the invoice.
    const qr = verifiedJwtData(order.einvoice?.signedQrCode ?? '');
    expect(qr).toMatchObject({
      SellerGstin: invoice.seller.gstin,
      BuyerGstin: TECH.gstin,
      DocNo: invoice.number,
      DocTyp: 'INV',
      Irn: expectedIrn,
      TotInvVal: 4999,
      ItemCnt: 1,
      MainHsnCode: invoice.lines[0]?.hsn,
    });
  });

  it('the invoice PDF prints the IRN, AckNo and AckDt', async () => {
    const order = await orderOf(orderId);
    const text = await pdfText(orderId, 'einvoice-b2b');
    const flat = text.replace(/\s+/g, '');
    expect(flat).toContain(order.einvoice?.irn ?? 'IRN');
    expect(text).toContain(`Ack No: ${order.einvoice?.ackNo ?? ''}`);
    expect(text).toContain('e-invoice');
  });

  it('cancelled within 24 h: the IRN is cancelled at the IRP (and the credit note issued)', async () => {
    const res = await api(`order/${orderId}/cancel`, { method: 'POST', token: adminUser.idToken, body: {} });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    const order = await eventually(
      async () => {
        const o = await orderOf(orderId);
        return o.einvoice?.status === 'cancelled' ? o : null;
      },
      20_000,
      'the IRN to be cancelled',
    );
    expect(irp.registrations.get(order.einvoice?.irn ?? '')?.status).toBe('CNL');
    const cancel = irp.requests.find((r) => r.path === '/eicore/v1.03/Invoice/Cancel' && r.body.Irn === order.einvoice?.irn);
    expect(cancel?.body).toMatchObject({ CnlRsn: '3', CnlRem: 'Order cancelled' });
    await numberedOrder(orderId, { creditNote: true });
  });
});

describe('an IRP that fails', () => {
  it('leaves "IRN pending" with the error; nothing ships (409); a retry registers it', async () => {
    irp.failNext(1000);
    let orderId = '';
    try {
      orderId = await confirmedOrder(business, businessAddress);
      const pending = await eventually(
        async () => {
          const o = await orderOf(orderId);
          return o.einvoice?.status === 'pending' && o.einvoice.attempts >= 1 ? o : null;
        },
        20_000,
        'a failed attempt',
      );
      expect(pending.einvoice?.irn).toBeNull();
      expect(pending.einvoice?.lastError).toContain('503');
      const ship = await api(`order/${orderId}/shipments`, {
        method: 'POST',
        token: adminUser.idToken,
        body: { courier: 'Test', awb: 'AWB123' },
      });
      expect(ship.status).toBe(409);
      expect(ship.body.message).toBe(IRN_PENDING_SHIP);
      const move = await api(`order/${orderId}/status`, { method: 'PATCH', token: adminUser.idToken, body: { status: 'shipped' } });
      expect(move.status).toBe(409);
      expect(move.body.message).toBe(IRN_PENDING_SHIP);
    } finally {
      irp.failNext(0);
    }
    const retried = await api<Envelope<EOrder>>(`order/${orderId}/einvoice`, { method: 'POST', token: adminUser.idToken, body: {} });
    expect(retried.status, JSON.stringify(retried.body)).toBe(200);
    expect(retried.body.data.einvoice).toMatchObject({ status: 'registered', lastError: null });
    expect(retried.body.data.einvoice?.irn).toMatch(/^[0-9a-f]{64}$/);
    // Nothing left to retry.
    expect((await api(`order/${orderId}/einvoice`, { method: 'POST', token: adminUser.idToken, body: {} })).status).toBe(409);
    expect((await api(`order/${orderId}/einvoice`, { method: 'POST', token: business.idToken, body: {} })).status).toBe(403);
  });
});

describe('more than 24 hours after the IRN', () => {
  it('a cancel leaves the IRN as it is and issues the credit note; the IRP itself refuses (2270)', async () => {
    const real = Date.now();
    irp.setClock(() => new Date(Date.now() - 25 * 3_600_000));
    let orderId = '';
    try {
      orderId = await confirmedOrder(business, businessAddress);
      await registeredOrder(orderId);
    } finally {
      irp.setClock(() => new Date());
    }
    const order = await orderOf(orderId);
    expect(Date.parse(order.einvoice?.ackDt ?? '')).toBeLessThan(real - 24 * 3_600_000);
    expect((await api(`order/${orderId}/cancel`, { method: 'POST', token: adminUser.idToken, body: {} })).status).toBe(200);
    await numberedOrder(orderId, { creditNote: true });
    const after = await eventually(
      async () => {
        const d = (await admin().db.doc(`orders/${orderId}`).get()).data();
        return typeof d?.einvoice?.cancelSkipped === 'string' ? d : null;
      },
      20_000,
      'the 24 h rule to be applied',
    );
    expect(after.einvoice.status).toBe('registered');
    expect(irp.registrations.get(order.einvoice?.irn ?? '')?.status).toBe('ACT');
    // Asked anyway, the IRP answers as NIC does.
    const headers = {
      'Content-Type': 'application/json',
      client_id: 'irp-local-client',
      client_secret: 'irp-local-client-secret',
      Gstin: order.invoice?.seller.gstin ?? '',
    };
    const auth = (await (
      await fetch(`${irp.url}/eivital/v1.04/auth`, {
        method: 'POST',
        headers,
        body: JSON.stringify({ UserName: 'bagshop_api', Password: 'irp-local-password' }),
      })
    ).json()) as { Data: { AuthToken: string } };
    const cancel = await fetch(`${irp.url}/eicore/v1.03/Invoice/Cancel`, {
      method: 'POST',
      headers: { ...headers, user_name: 'bagshop_api', AuthToken: auth.Data.AuthToken },
      body: JSON.stringify({ Irn: order.einvoice?.irn, CnlRsn: '3', CnlRem: 'Order cancelled' }),
    });
    const answer = (await cancel.json()) as { Status: number; ErrorDetails: { ErrorCode: string; ErrorMessage: string }[] };
    expect(answer.Status).toBe(0);
    expect(answer.ErrorDetails[0]?.ErrorCode).toBe('2270');
  });
});

describe('never reported', () => {
  it('a person’s order (no GSTIN), with e-invoicing on', async () => {
    const id = await confirmedOrder(person, personAddress);
    const order = await orderOf(id);
    expect(order.einvoice).toBeUndefined();
    expect([...irp.registrations.values()].some((r) => r.docNo === order.invoice?.number)).toBe(false);
  });

  it('a B2B order with e-invoicing off', async () => {
    await setEinvoice('off');
    const before = irp.requests.length;
    const id = await confirmedOrder(business, businessAddress);
    const order = await orderOf(id);
    expect(order.invoice?.buyer.gstin).toBe(TECH.gstin);
    expect(order.einvoice).toBeUndefined();
    expect(irp.requests.slice(before).filter((r) => r.path === '/eicore/v1.03/Invoice')).toEqual([]);
  });
});
