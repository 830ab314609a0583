import { describe, expect, it } from 'vitest';
import { invoiceFromData, creditNoteFromData } from './codecs/tax-documents.js';
import { orderFromData } from './codecs/order.js';
import { buildCreditNote, buildInvoice, type InvoiceFacts } from './invoice-builder.js';
import { DEMO_SELLER } from './schemas/seller.js';

const facts = (over: Partial<InvoiceFacts> = {}): InvoiceFacts => ({
  fyStart: 2026,
  sequence: 7,
  issuedAt: new Date('2026-11-22T10:00:00Z'),
  seller: DEMO_SELLER,
  placeOfSupply: { state: 'Maharashtra', stateCode: '27' },
  user: { fullname: { firstname: 'Meera', lastname: 'Iyer' } },
  shippingAddress: { street: 'Kamala Mills', city: 'Mumbai', state: 'Maharashtra', postalCode: '400013', country: 'India' },
  items: [{ name: 'Voyager Cabin Trolley', price: 4999, discount: 0, quantity: 1, hsn: '4202', gstRatePercent: 18 }],
  ...over,
});

describe('a B2B invoice (issue 41)', () => {
  it('names the registered buyer (GSTIN, legal name, the GSTIN’s state) and keeps the delivery state as the place of supply', () => {
    const invoice = buildInvoice(facts({ businessBuyer: { gstin: '29AABCT1234F1ZM', legalName: 'Tech Bengaluru LLP' } }));
    expect(invoice.buyer).toEqual({
      name: 'Meera Iyer',
      addressLines: ['Kamala Mills', 'Mumbai, Maharashtra 400013', 'India'],
      gstin: '29AABCT1234F1ZM',
      legalName: 'Tech Bengaluru LLP',
      gstinState: 'Karnataka (29)',
    });
    // A Karnataka GSTIN delivered in Maharashtra: intra-state, the same split as any invoice.
    expect(invoice.intraState).toBe(true);
    expect(invoice.totals).toEqual({ grossPaise: 499_900, taxablePaise: 423_644, cgstPaise: 38_128, sgstPaise: 38_128, igstPaise: 0 });
    const note = buildCreditNote(invoice, { fyStart: 2026, sequence: 3, issuedAt: new Date('2026-11-23T10:00:00Z') });
    expect(note).toMatchObject({ invoiceNumber: invoice.number, buyerGstin: '29AABCT1234F1ZM' });
    // Stored and read back: the codecs keep the fields.
    expect(invoiceFromData(invoice)).toEqual(invoice);
    expect(creditNoteFromData(note)).toEqual(note);
  });

  it('a person’s invoice and credit note carry no GSTIN fields (as before)', () => {
    const invoice = buildInvoice(facts({ businessBuyer: { gstin: '', legalName: '' } }));
    expect(invoice.buyer).not.toHaveProperty('gstin');
    const note = buildCreditNote(invoice, { fyStart: 2026, sequence: 3, issuedAt: new Date('2026-11-23T10:00:00Z') });
    expect(note).not.toHaveProperty('buyerGstin');
    expect(invoiceFromData(invoice)).toEqual(invoice);
  });

  it('the order codec reads `buyer`, and leaves it out for a person', () => {
    const base = { userId: 'u1', user: { _id: 'u1' }, items: [], shippingAddress: {}, createdAt: '2026-11-22T10:00:00.000Z' };
    expect(orderFromData('o1', { ...base, buyer: { gstin: '29AABCT1234F1ZM', legalName: 'Tech Bengaluru LLP' } }).buyer).toEqual({
      gstin: '29AABCT1234F1ZM',
      legalName: 'Tech Bengaluru LLP',
    });
    expect(orderFromData('o1', base)).not.toHaveProperty('buyer');
  });
});
