import { createHash } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { buildInvoice } from '../../domain/src/invoice-builder.ts';
import { nicInvoiceOf } from '../../domain/src/einvoice.ts';
import { DEMO_SELLER } from '../../domain/src/schemas/seller.ts';
import { docDateOf, irnOf, validateInvoice } from './validate.ts';

const invoice = buildInvoice({
  fyStart: 2026,
  sequence: 42,
  issuedAt: new Date('2026-11-22T10:00:00Z'),
  seller: DEMO_SELLER,
  placeOfSupply: { state: 'Karnataka', stateCode: '29' },
  user: { fullname: { firstname: 'Meera', lastname: 'Iyer' } },
  shippingAddress: { street: '14, 2nd Cross, Indiranagar', city: 'Bengaluru', state: 'Karnataka', postalCode: '560038', country: 'India' },
  items: [{ name: 'Voyager Cabin Trolley', price: 4999, discount: 0, quantity: 1, hsn: '4202', gstRatePercent: 18 }],
  businessBuyer: { gstin: '29AABCT1234F1ZM', legalName: 'Tech Bengaluru LLP' },
});

describe('the local IRP’s IRN', () => {
  it('is the SHA-256 hex of GSTIN + financial year + document type + number', () => {
    const irn = irnOf('27AAPFB1234C1ZU', new Date('2026-11-22T10:00:00Z'), 'INV', 'BS/2627/0000042');
    expect(irn).toBe(createHash('sha256').update('27AAPFB1234C1ZU2026-27INVBS/2627/0000042').digest('hex'));
    expect(irn).toMatch(/^[0-9a-f]{64}$/);
    expect(irnOf('27AAPFB1234C1ZU', new Date('2026-11-22T10:00:00Z'), 'CRN', 'BS/2627/0000042')).not.toBe(irn);
  });
});

describe('the local IRP’s checks', () => {
  const now = new Date('2026-11-22T12:00:00Z');
  it('take the shop’s request as it is', () => {
    const body = nicInvoiceOf(invoice) as unknown as Record<string, unknown>;
    expect(validateInvoice(body, '27AAPFB1234C1ZU', now)).toEqual([]);
    expect(docDateOf('22/11/2026')?.toISOString()).toBe('2026-11-22T06:30:00.000Z');
  });
  it('refuse another GSTIN than the caller’s, a wrong version, a future date and values that do not add up', () => {
    const body = nicInvoiceOf(invoice) as unknown as Record<string, unknown>;
    expect(validateInvoice(body, '29AABCT1234F1ZM', now).map((e) => e.ErrorCode)).toContain('2160');
    expect(validateInvoice({ ...body, Version: '1.0' }, '27AAPFB1234C1ZU', now).map((e) => e.ErrorCode)).toContain('2172');
    const future = { ...body, DocDtls: { Typ: 'INV', No: 'BS/2627/0000042', Dt: '30/11/2026' } };
    expect(validateInvoice(future, '27AAPFB1234C1ZU', now).map((e) => e.ErrorCode)).toContain('2163');
    const wrong = { ...body, ValDtls: { AssVal: 1, CgstVal: 0, SgstVal: 0, IgstVal: 0, TotInvVal: 1 } };
    expect(validateInvoice(wrong, '27AAPFB1234C1ZU', now).map((e) => e.ErrorCode)).toContain('2182');
  });
});
