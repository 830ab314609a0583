// GST for business buyers (issue 41, docs/gst-b2b.md) against the real emulators: a GSTIN on an
// address, the B2B invoice and its credit note (API answer and PDF text), and GSTR-1 of a month
// built with each kind of document, checked section by section against the Tax view's totals.
// The documents are dated in September 2024 (an injected clock, the services in-process, as
// the 1 April test does) so that month holds only this file's documents.
import { spawnSync } from 'node:child_process';
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { validateJsonSchema, type Gstr1, type Invoice, type CreditNote, type JsonSchema, type TaxMonthView } from '@bagshop/domain';
import { Timestamp } from 'firebase-admin/firestore';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { cancelOrder, setOrderStatus, type Actor } from '../../functions/src/orders/place';
import { transitionOrder } from '../../functions/src/orders/transition';
import { api, createTestUser, type TestUser } from '../support/api';
import { createProduct, placeOrder, type Envelope, type OrderJson } from '../support/commerce';
import { hostingUrl } from '../support/emulators';
import { startTestCheckout, type StripeLocal } from '../support/stripe';
import { numberedOrder } from '../support/tax-documents';

type TaxedOrder = OrderJson & { invoice: Invoice | null; creditNote: CreditNote | null; buyer?: { gstin: string; legalName: string } };

const PDF_DIR = resolve(process.cwd(), 'test-results/invoices');
const schema = JSON.parse(readFileSync(resolve(process.cwd(), 'domain/src/gstr1.schema.json'), 'utf8')) as JsonSchema;

const TECH = { gstin: '29AABCT1234F1ZM', legalName: 'Tech Bengaluru LLP' };
const BENGALURU = { street: '14, 2nd Cross, Indiranagar', city: 'Bengaluru', state: 'Karnataka', postalCode: '560038', country: 'India' };
const MUMBAI = { street: 'Kamala Mills Compound', city: 'Mumbai', state: 'Maharashtra', postalCode: '400013', country: 'India' };
const PERIOD = '2024-09';
const at = (day: number) => new Date(`2024-09-${String(day).padStart(2, '0')}T06:00:00Z`);

let adminUser: TestUser;
let adminActor: Actor;
let checkout: StripeLocal;

beforeAll(async () => {
  checkout = await startTestCheckout();
  adminUser = await createTestUser({ role: 'admin' });
  adminActor = { uid: adminUser.uid, email: adminUser.email, role: 'admin' };
  mkdirSync(PDF_DIR, { recursive: true });
});

afterAll(async () => {
  await checkout?.close();
});

async function saveAddress(user: TestUser, body: Record<string, unknown>) {
  return api<Envelope<{ _id: string; gstin?: string; legalName?: string }>>('users/address', { method: 'POST', token: user.idToken, body });
}

async function pdfText(path: string, token: string, name: string): Promise<string> {
  const res = await fetch(`${await hostingUrl()}/api/${path}`, { headers: { Authorization: `Bearer ${token}` } });
  expect(res.status).toBe(200);
  const file = resolve(PDF_DIR, `${name}.pdf`);
  writeFileSync(file, Buffer.from(await res.arrayBuffer()));
  const text = spawnSync('pdftotext', ['-layout', file, '-'], { encoding: 'utf8' });
  if (text.status !== 0) throw new Error(`pdftotext failed: ${text.stderr}`);
  spawnSync('pdftoppm', ['-png', '-r', '80', '-singlefile', file, resolve(PDF_DIR, name)]);
  return text.stdout;
}

/** What Stripe's paid webhook does (payments/payments.ts), in-process, at `now`. */
function confirmAsPaid(orderId: string, amountPaise: number, now: Date) {
  return transitionOrder(orderId, {
    to: 'confirmed',
    by: 'stripe',
    reason: 'payment',
    now,
    payment: { status: 'paid', paidAt: Timestamp.fromDate(now), paymentIntentId: `pi_test_${orderId}`, amountPaise },
  });
}

describe('a GSTIN on an address (checkout: "Buying for a business? Add your GSTIN")', () => {
  it('is refused with a message for a malformed GSTIN, a wrong check digit or no legal name; saved when valid', async () => {
    const shopper = await createTestUser();
    const malformed = await saveAddress(shopper, { ...BENGALURU, gstin: '29AABCT1234F1Z', legalName: TECH.legalName });
    expect(malformed.status).toBe(400);
    expect(malformed.body.message).toBe('Enter a valid GSTIN');
    expect(malformed.body.errors).toEqual([{ field: 'gstin', message: 'Enter a valid GSTIN' }]);
    const badState = await saveAddress(shopper, { ...BENGALURU, gstin: '99AABCT1234F1ZM', legalName: TECH.legalName });
    expect(badState.body.message).toBe('Enter a valid GSTIN');
    const checksum = await saveAddress(shopper, { ...BENGALURU, gstin: '29AABCT1234F1ZN', legalName: TECH.legalName });
    expect(checksum.status).toBe(400);
    expect(checksum.body.message).toBe("The GSTIN's check digit is wrong");
    const noName = await saveAddress(shopper, { ...BENGALURU, gstin: TECH.gstin });
    expect(noName.status).toBe(400);
    expect(noName.body.errors).toEqual([{ field: 'legalName', message: 'Enter the legal name registered with the GSTIN' }]);

    const saved = await saveAddress(shopper, { ...BENGALURU, gstin: ' 29aabct 1234f1zm ', legalName: TECH.legalName });
    expect(saved.status).toBe(201);
    expect(saved.body.data).toMatchObject({ ...BENGALURU, gstin: TECH.gstin, legalName: TECH.legalName });
    const list = await api<Envelope<{ _id: string; gstin?: string }[]>>('users/address', { token: shopper.idToken });
    expect(list.body.data.find((a) => a._id === saved.body.data._id)).toMatchObject({ gstin: TECH.gstin, legalName: TECH.legalName });
    // An address without one stays as before.
    const plain = await saveAddress(shopper, MUMBAI);
    expect(plain.status).toBe(201);
    expect(plain.body.data).not.toHaveProperty('gstin');
  });
});

describe('B2B invoice → credit note → GSTR-1 of the month', () => {
  let b2bInter: TaxedOrder;
  let b2bIntra: TaxedOrder;
  let b2cl: TaxedOrder;
  let b2cs: TaxedOrder;

  it('a B2B order keeps the buyer; its invoice names the legal name, GSTIN and address, reverse charge No; its credit note carries the GSTIN', async () => {
    const business = await createTestUser({ firstname: 'Meera' });
    const bengaluru = (await saveAddress(business, { ...BENGALURU, ...TECH })).body.data._id;
    // A Karnataka GSTIN delivered to Mumbai: allowed; the place of supply stays the delivery state.
    const mumbai = (await saveAddress(business, { ...MUMBAI, ...TECH })).body.data._id;
    const product = await createProduct(adminUser, { price: 4999, discount: 0, stock: 10 });

    const placed = await placeOrder(business, { paymentMethod: 'COD', addressId: bengaluru, productId: product._id });
    expect(placed.status).toBe(201);
    expect((placed.body.data as TaxedOrder).buyer).toEqual(TECH);
    await setOrderStatus(adminActor, placed.body.data._id, 'confirmed', at(3));
    await numberedOrder(placed.body.data._id);
    b2bInter = (await api<Envelope<TaxedOrder>>(`order/${placed.body.data._id}`, { token: business.idToken })).body.data;
    expect(b2bInter.invoice).toMatchObject({
      buyer: { name: expect.stringContaining('Meera'), gstin: TECH.gstin, legalName: TECH.legalName, gstinState: 'Karnataka (29)' },
      placeOfSupply: { state: 'Karnataka', stateCode: '29' },
      intraState: false,
      totals: { grossPaise: 499_900, taxablePaise: 423_644, cgstPaise: 0, sgstPaise: 0, igstPaise: 76_256 },
    });
    expect(b2bInter.invoice?.buyer.addressLines).toContain('Bengaluru, Karnataka 560038');
    const invoiceText = await pdfText(`order/${b2bInter._id}/invoice`, business.idToken, 'b2b-invoice');
    for (const expected of [
      'TAX INVOICE',
      b2bInter.invoice?.number ?? '',
      'Tech Bengaluru LLP',
      'Attn: Meera',
      'GSTIN: 29AABCT1234F1ZM',
      'GSTIN state: Karnataka (29)',
      'Reverse charge: No',
      '14, 2nd Cross, Indiranagar',
      'Place of supply: Karnataka (29)',
      'IGST',
      '762.56',
    ]) {
      expect(invoiceText, `invoice PDF lacks ${expected}`).toContain(expected);
    }
    expect(invoiceText).not.toContain('Unregistered buyer');

    const second = await placeOrder(business, { paymentMethod: 'COD', addressId: mumbai, productId: product._id });
    await setOrderStatus(adminActor, second.body.data._id, 'confirmed', at(4));
    b2bIntra = (await numberedOrder(second.body.data._id)) as TaxedOrder;
    b2bIntra = (await api<Envelope<TaxedOrder>>(`order/${second.body.data._id}`, { token: business.idToken })).body.data;
    expect(b2bIntra.invoice).toMatchObject({
      buyer: { gstin: TECH.gstin, gstinState: 'Karnataka (29)' },
      placeOfSupply: { state: 'Maharashtra', stateCode: '27' },
      intraState: true,
      totals: { cgstPaise: 38_128, sgstPaise: 38_128, igstPaise: 0 },
    });

    // Cancelled: the credit note refers to the invoice and carries the GSTIN (CDNR).
    await cancelOrder(adminActor, b2bInter._id, at(6));
    await numberedOrder(b2bInter._id, { creditNote: true });
    b2bInter = (await api<Envelope<TaxedOrder>>(`order/${b2bInter._id}`, { token: business.idToken })).body.data;
    expect(b2bInter.creditNote).toMatchObject({
      invoiceNumber: b2bInter.invoice?.number,
      buyerGstin: TECH.gstin,
      totals: b2bInter.invoice?.totals,
    });
    const noteText = await pdfText(`order/${b2bInter._id}/credit-note`, business.idToken, 'b2b-credit-note');
    for (const expected of [
      'CREDIT NOTE',
      b2bInter.creditNote?.number ?? '',
      b2bInter.invoice?.number ?? '',
      'Tech Bengaluru LLP',
      'GSTIN: 29AABCT1234F1ZM',
    ]) {
      expect(noteText, `credit note PDF lacks ${expected}`).toContain(expected);
    }
  });

  it('an unregistered inter-state invoice above ₹1,00,000 is B2CL, a small one B2CS', async () => {
    const person = await createTestUser({ firstname: 'Arjun' });
    const address = (await saveAddress(person, BENGALURU)).body.data._id;
    const large = await createProduct(adminUser, { price: 120_000, discount: 0, stock: 2 });
    const small = await createProduct(adminUser, { price: 100, discount: 0, stock: 5 });
    const online = await placeOrder(person, { paymentMethod: 'ONLINE', addressId: address, productId: large._id });
    expect(online.status, JSON.stringify(online.body)).toBe(201);
    await confirmAsPaid(online.body.data._id, Math.round(online.body.data.totalAmount * 100), at(7));
    await numberedOrder(online.body.data._id);
    await cancelOrder(adminActor, online.body.data._id, at(8));
    await numberedOrder(online.body.data._id, { creditNote: true });
    b2cl = (await api<Envelope<TaxedOrder>>(`order/${online.body.data._id}`, { token: person.idToken })).body.data;
    expect(b2cl.invoice?.buyer.gstin).toBeUndefined();
    expect(b2cl.creditNote?.buyerGstin).toBeUndefined();
    expect(b2cl.invoice?.totals.grossPaise).toBeGreaterThan(1_00_000_00);

    const cod = await placeOrder(person, { paymentMethod: 'COD', addressId: address, productId: small._id });
    await setOrderStatus(adminActor, cod.body.data._id, 'confirmed', at(9));
    await numberedOrder(cod.body.data._id);
    b2cs = (await api<Envelope<TaxedOrder>>(`order/${cod.body.data._id}`, { token: person.idToken })).body.data;
  });

  it('GSTR-1 of the month: every section’s rows, valid against the schema, adding up to the Tax view’s totals to the paisa', async () => {
    const res = await api<Gstr1>(`admin/tax/gstr1?period=${PERIOD}`, { token: adminUser.idToken });
    expect(res.status).toBe(200);
    expect(res.headers.get('content-disposition')).toBe('attachment; filename="gstr1-092024.json"');
    const g = res.body;
    writeFileSync(resolve(PDF_DIR, 'gstr1-092024.json'), JSON.stringify(g, null, 2));
    expect(validateJsonSchema(schema, g)).toEqual([]);
    expect(g).toMatchObject({ gstin: '27AAPFB1234C1ZU', fp: '092024' });
    const inv = (o: TaxedOrder) => o.invoice as Invoice;
    const rupees = (p: number) => p / 100;

    expect(g.b2b).toEqual([
      {
        ctin: TECH.gstin,
        inv: [
          {
            inum: inv(b2bInter).number,
            idt: '03-09-2024',
            val: 4999,
            pos: '29',
            rchrg: 'N',
            inv_typ: 'R',
            itms: [{ num: 1, itm_det: { rt: 18, txval: 4236.44, iamt: 762.56, camt: 0, samt: 0, csamt: 0 } }],
          },
          {
            inum: inv(b2bIntra).number,
            idt: '04-09-2024',
            val: 4999,
            pos: '27',
            rchrg: 'N',
            inv_typ: 'R',
            itms: [{ num: 1, itm_det: { rt: 18, txval: 4236.44, iamt: 0, camt: 381.28, samt: 381.28, csamt: 0 } }],
          },
        ],
      },
    ]);
    const large = inv(b2cl).totals;
    expect(g.b2cl).toEqual([
      {
        pos: '29',
        inv: [
          {
            inum: inv(b2cl).number,
            idt: '07-09-2024',
            val: rupees(large.grossPaise),
            itms: [{ num: 1, itm_det: { rt: 18, txval: rupees(large.taxablePaise), iamt: rupees(large.igstPaise), csamt: 0 } }],
          },
        ],
      },
    ]);
    expect(g.b2cs).toEqual([{ sply_ty: 'INTER', pos: '29', typ: 'OE', rt: 18, txval: 84.75, iamt: 15.25, camt: 0, samt: 0, csamt: 0 }]);
    expect(g.cdnr).toEqual([
      {
        ctin: TECH.gstin,
        nt: [
          {
            ntty: 'C',
            nt_num: b2bInter.creditNote?.number,
            nt_dt: '06-09-2024',
            val: 4999,
            pos: '29',
            rchrg: 'N',
            inv_typ: 'R',
            itms: [{ num: 1, itm_det: { rt: 18, txval: 4236.44, iamt: 762.56, camt: 0, samt: 0, csamt: 0 } }],
          },
        ],
      },
    ]);
    expect(g.cdnur).toEqual([
      {
        typ: 'B2CL',
        ntty: 'C',
        nt_num: b2cl.creditNote?.number,
        nt_dt: '08-09-2024',
        val: rupees(large.grossPaise),
        pos: '29',
        itms: [{ num: 1, itm_det: { rt: 18, txval: rupees(large.taxablePaise), iamt: rupees(large.igstPaise), csamt: 0 } }],
      },
    ]);
    // HSN, B2B: two invoices less one credit note; B2C: the B2CL invoice less its note, and the ₹100 one.
    expect(g.hsn.hsn_b2b).toEqual([
      {
        num: 1,
        hsn_sc: '4202',
        desc: expect.any(String),
        uqc: 'NOS',
        qty: 1,
        rt: 18,
        txval: 4236.44,
        iamt: 0,
        camt: 381.28,
        samt: 381.28,
        csamt: 0,
      },
    ]);
    expect(g.hsn.hsn_b2c).toEqual([
      {
        num: 1,
        hsn_sc: '4202',
        desc: expect.any(String),
        uqc: 'NOS',
        qty: 1,
        rt: 18,
        txval: 84.75,
        iamt: 15.25,
        camt: 0,
        samt: 0,
        csamt: 0,
      },
    ]);
    const invoiceNumbers = [b2bInter, b2bIntra, b2cl, b2cs].map((o) => inv(o).number).sort();
    const noteNumbers = [b2bInter, b2cl].map((o) => o.creditNote?.number ?? '').sort();
    expect(g.doc_issue.doc_det).toEqual([
      {
        doc_num: 1,
        doc_typ: 'Invoices for outward supply',
        docs: [{ num: 1, from: invoiceNumbers[0], to: invoiceNumbers[3], totnum: 4, cancel: 0, net_issue: 4 }],
      },
      {
        doc_num: 5,
        doc_typ: 'Credit Note',
        docs: [{ num: 1, from: noteNumbers[0], to: noteNumbers[1], totnum: 2, cancel: 0, net_issue: 2 }],
      },
    ]);

    // The Tax view's month totals: the sections add up to its net, to the paisa.
    const view = (await api<Envelope<TaxMonthView>>(`admin/tax?month=${PERIOD}`, { token: adminUser.idToken })).body.data;
    const p = (r: number) => Math.round(r * 100);
    const b2bTax = g.b2b.flatMap((c) => c.inv.flatMap((i) => i.itms.map((it) => it.itm_det)));
    const b2clTax = g.b2cl.flatMap((c) => c.inv.flatMap((i) => i.itms.map((it) => it.itm_det)));
    const cdnrTax = g.cdnr.flatMap((c) => c.nt.flatMap((n) => n.itms.map((it) => it.itm_det)));
    const cdnurTax = g.cdnur.flatMap((n) => n.itms.map((it) => it.itm_det));
    const sum = (rows: { txval: number }[]) => rows.reduce((t, r) => t + p(r.txval), 0);
    expect(sum(b2bTax) + sum(b2clTax) + sum(g.b2cs) - sum(cdnrTax) - sum(cdnurTax)).toBe(view.net.taxablePaise);
    const igst = (rows: { iamt: number }[]) => rows.reduce((t, r) => t + p(r.iamt), 0);
    expect(igst(b2bTax) + igst(b2clTax) + igst(g.b2cs) - igst(cdnrTax) - igst(cdnurTax)).toBe(view.net.igstPaise);
    const cgst = (rows: { camt: number }[]) => rows.reduce((t, r) => t + p(r.camt), 0);
    expect(cgst(b2bTax) + cgst(g.b2cs) - cgst(cdnrTax)).toBe(view.net.cgstPaise);
    expect(view.invoices.count).toBe(4);
    expect(view.creditNotes.count).toBe(2);

    // The Tax view's counts.
    const summary = await api<Envelope<{ counts: Record<string, number> }>>(`admin/tax/gstr1?period=${PERIOD}&format=summary`, {
      token: adminUser.idToken,
    });
    expect(summary.body.data.counts).toEqual({ b2b: 2, b2cl: 1, b2cs: 1, exp: 0, cdnr: 1, cdnur: 1, b2csNotes: 0 });
  });

  it('a CSV per section, as the offline tool’s template', async () => {
    const res = await fetch(`${await hostingUrl()}/api/admin/tax/gstr1?period=${PERIOD}&format=csv&section=b2b`, {
      headers: { Authorization: `Bearer ${adminUser.idToken}` },
    });
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('text/csv; charset=utf-8');
    expect(res.headers.get('content-disposition')).toBe('attachment; filename="gstr1-2024-09-b2b.csv"');
    const lines = (await res.text()).replace(/^\uFEFF/, '').split('\r\n');
    expect(lines[0]).toBe(
      'GSTIN/UIN of Recipient,Receiver Name,Invoice Number,Invoice date,Invoice Value,Place Of Supply,Reverse Charge,Applicable % of Tax Rate,Invoice Type,E-Commerce GSTIN,Rate,Taxable Value,Cess Amount',
    );
    expect(lines.slice(1, 3)).toEqual([
      `29AABCT1234F1ZM,Tech Bengaluru LLP,${b2bInter.invoice?.number},03-Sep-2024,4999.00,29-Karnataka,N,,Regular B2B,,18,4236.44,0.00`,
      `29AABCT1234F1ZM,Tech Bengaluru LLP,${b2bIntra.invoice?.number},04-Sep-2024,4999.00,27-Maharashtra,N,,Regular B2B,,18,4236.44,0.00`,
    ]);
    const docs = await api<string>(`admin/tax/gstr1?period=${PERIOD}&format=csv&section=docs`, { token: adminUser.idToken });
    expect(docs.body.replace(/^\uFEFF/, '').split('\r\n')[1]).toMatch(/^Invoices for outward supply,BS\/2425\/\d{7},BS\/2425\/\d{7},4,0$/);
  });
});

describe('GSTR-1: who and which period', () => {
  it('is for admins only; a malformed or future period, or a CSV without a section, is 400; an empty month has valid empty sections', async () => {
    const shopper = await createTestUser();
    expect((await api(`admin/tax/gstr1?period=${PERIOD}`)).status).toBe(401);
    expect((await api(`admin/tax/gstr1?period=${PERIOD}`, { token: shopper.idToken })).status).toBe(403);
    for (const period of ['2024-13', '2024-9', 'abc', '']) {
      const bad = await api(`admin/tax/gstr1?period=${period}`, { token: adminUser.idToken });
      expect(bad.status, period).toBe(400);
      expect(bad.body.message).toBe('Period must be a month like 2026-11');
    }
    expect((await api('admin/tax/gstr1', { token: adminUser.idToken })).body.message).toBe('Period must be a month like 2026-11');
    const future = await api('admin/tax/gstr1?period=2099-01', { token: adminUser.idToken });
    expect(future.status).toBe(400);
    expect(future.body.message).toBe('That period has not started yet: GSTR-1 is made for the current month or one before it');
    const noSection = await api(`admin/tax/gstr1?period=${PERIOD}&format=csv`, { token: adminUser.idToken });
    expect(noSection.status).toBe(400);
    expect(noSection.body.message).toMatch(/^A CSV is one section/);
    expect((await api(`admin/tax/gstr1?period=${PERIOD}&format=csv&section=xyz`, { token: adminUser.idToken })).status).toBe(400);

    const empty = await api<Gstr1>('admin/tax/gstr1?period=2024-02', { token: adminUser.idToken });
    expect(empty.status).toBe(200);
    expect(empty.body).toEqual({
      gstin: '27AAPFB1234C1ZU',
      fp: '022024',
      b2b: [],
      b2cl: [],
      b2cs: [],
      exp: [],
      cdnr: [],
      cdnur: [],
      hsn: { hsn_b2b: [], hsn_b2c: [] },
      doc_issue: { doc_det: [] },
    });
    expect(validateJsonSchema(schema, empty.body)).toEqual([]);
  });
});
