import { describe, expect, it } from 'vitest';
import { buildInvoice, type InvoiceFacts } from './invoice-builder.js';
import { DEMO_SELLER } from './schemas/seller.js';
import {
  einvoiceFinancialYear,
  irnCancellable,
  irnInput,
  IRN_CANCEL_WINDOW_MS,
  nicDate,
  nicDateTime,
  nicInvoiceOf,
  parseNicDateTime,
} from './einvoice.js';

const facts = (over: Partial<InvoiceFacts> = {}): InvoiceFacts => ({
  fyStart: 2026,
  sequence: 42,
  issuedAt: new Date('2026-11-22T10:00:00Z'),
  seller: DEMO_SELLER,
  placeOfSupply: { state: 'Karnataka', stateCode: '29' },
  user: { fullname: { firstname: 'Meera', lastname: 'Iyer' } },
  shippingAddress: { street: '14, 2nd Cross, Indiranagar', city: 'Bengaluru', state: 'Karnataka', postalCode: '560038', country: 'India' },
  items: [{ name: 'Voyager Cabin Trolley', price: 4999, discount: 0, quantity: 2, hsn: '4202', gstRatePercent: 18 }],
  businessBuyer: { gstin: '29AABCT1234F1ZM', legalName: 'Tech Bengaluru LLP' },
  ...over,
});

describe('the financial year the IRN is made of', () => {
  it('runs 1 April to 31 March in India time', () => {
    expect(einvoiceFinancialYear(new Date('2026-04-01T00:00:00+05:30'))).toBe('2026-27');
    expect(einvoiceFinancialYear(new Date('2026-03-31T23:59:59+05:30'))).toBe('2025-26');
    // 31 March 20:00 UTC is already 1 April in India.
    expect(einvoiceFinancialYear(new Date('2027-03-31T20:00:00Z'))).toBe('2027-28');
  });
});

describe('the IRN’s input (its SHA-256: scripts/irp-local/validate.test.ts)', () => {
  it('is GSTIN + financial year + document type + number, upper-cased', () => {
    expect(irnInput('27aapfb1234c1zu', new Date('2026-11-22T10:00:00Z'), 'INV', 'bs/2627/0000042')).toBe(
      '27AAPFB1234C1ZU2026-27INVBS/2627/0000042',
    );
    // The financial year is the document date's: 31 March and 1 April are two years.
    expect(irnInput('27AAPFB1234C1ZU', new Date('2027-03-31T12:00:00+05:30'), 'CRN', 'BS/2627/C0000001')).toBe(
      '27AAPFB1234C1ZU2026-27CRNBS/2627/C0000001',
    );
    expect(irnInput('27AAPFB1234C1ZU', new Date('2027-04-01T12:00:00+05:30'), 'INV', 'BS/2728/0000001')).toBe(
      '27AAPFB1234C1ZU2027-28INVBS/2728/0000001',
    );
  });
});

describe('cancelling an IRN', () => {
  const ack = new Date('2026-11-22T10:00:00Z');
  it('is allowed within 24 hours of its acknowledgement, not at 24 hours nor after', () => {
    expect(irnCancellable(ack, new Date(ack.getTime() + 60_000))).toBe(true);
    expect(irnCancellable(ack, new Date(ack.getTime() + IRN_CANCEL_WINDOW_MS - 1))).toBe(true);
    expect(irnCancellable(ack, new Date(ack.getTime() + IRN_CANCEL_WINDOW_MS))).toBe(false);
    expect(irnCancellable(ack, new Date(ack.getTime() + 2 * IRN_CANCEL_WINDOW_MS))).toBe(false);
  });
});

describe("the IRP's dates", () => {
  it('writes dd/mm/yyyy and yyyy-MM-dd HH:mm:ss in India time, and reads the latter back', () => {
    const at = new Date('2026-11-22T20:00:00Z');
    expect(nicDate(at)).toBe('23/11/2026');
    expect(nicDateTime(at)).toBe('2026-11-23 01:30:00');
    expect(parseNicDateTime('2026-11-23 01:30:00')?.toISOString()).toBe(at.toISOString());
    expect(parseNicDateTime('23/11/2026')).toBeNull();
  });
});

describe('the Generate IRN request (INV-01 v1.1)', () => {
  it('carries the B2B invoice: document, seller, buyer with its GSTIN, items and values that add up', () => {
    const invoice = buildInvoice(facts());
    const body = nicInvoiceOf(invoice);
    expect(body).not.toBeNull();
    if (!body) return;
    expect(body.Version).toBe('1.1');
    expect(body.TranDtls).toEqual({ TaxSch: 'GST', SupTyp: 'B2B', RegRev: 'N', IgstOnIntra: 'N' });
    expect(body.DocDtls).toEqual({ Typ: 'INV', No: 'BS/2627/0000042', Dt: '22/11/2026' });
    expect(body.SellerDtls).toMatchObject({
      Gstin: '27AAPFB1234C1ZU',
      LglNm: 'Bagshop Retail LLP',
      Pin: 400013,
      Stcd: '27',
      Loc: 'Mumbai',
    });
    expect(body.BuyerDtls).toMatchObject({ Gstin: '29AABCT1234F1ZM', LglNm: 'Tech Bengaluru LLP', Pos: '29', Stcd: '29', Pin: 560038 });
    expect(body.ItemList).toHaveLength(1);
    const item = body.ItemList[0];
    // ₹9,998 with 18 % inside, inter-state (Maharashtra → Karnataka): IGST only.
    expect(item).toMatchObject({ HsnCd: '4202', Qty: 2, GstRt: 18, CgstAmt: 0, SgstAmt: 0, TotItemVal: 9998 });
    expect(body.ValDtls.TotInvVal).toBe(9998);
    expect(Math.round((body.ValDtls.AssVal + body.ValDtls.IgstVal) * 100)).toBe(999_800);
    expect(Math.abs((item?.UnitPrice ?? 0) * 2 - (item?.AssAmt ?? 0))).toBeLessThan(0.01);
  });

  it('is null for a person’s invoice, and for a draft without its number', () => {
    expect(nicInvoiceOf(buildInvoice(facts({ businessBuyer: null })))).toBeNull();
    expect(nicInvoiceOf(buildInvoice(facts({ sequence: null })))).toBeNull();
  });
});
