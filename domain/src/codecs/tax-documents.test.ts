import { describe, expect, it } from 'vitest';
import { creditNoteFromData, invoiceFromData, totalsFromData } from './tax-documents.js';

const totals = { grossPaise: 11800, taxablePaise: 10000, cgstPaise: 900, sgstPaise: 900, igstPaise: 0 };
const invoice = {
  number: 'BS/2026-27/00001',
  issuedAt: '2026-11-21T10:00:00.000Z',
  financialYear: '2026-27',
  seller: {
    name: 'Bagshop Retail LLP',
    gstin: '27AAPFB1234C1ZU',
    state: 'Maharashtra',
    stateCode: '27',
    address: { line1: 'Unit 12', line2: '', city: 'Mumbai', pincode: '400013' },
    email: 's@b.test',
    phone: '022',
  },
  buyer: { name: 'Asha Rao', addressLines: ['12 MG Road', 'Mumbai 400001'] },
  placeOfSupply: { state: 'Maharashtra', stateCode: '27' },
  intraState: true,
  lines: [{ name: 'Tote', hsn: '4202', quantity: 1, ratePercent: 18, unitPricePaise: 11800, discountPaise: 0, ...totals }],
  totals,
};

describe('tax document codecs', () => {
  it('reads an invoice and a credit note as stored on the order', () => {
    expect(invoiceFromData(invoice)).toEqual(invoice);
    const note = {
      number: 'BS-CN/2026-27/00001',
      issuedAt: '2026-11-22T10:00:00.000Z',
      financialYear: '2026-27',
      invoiceNumber: invoice.number,
      reason: 'Order cancelled',
      totals,
    };
    expect(creditNoteFromData(note)).toEqual(note);
  });

  it('null when none was issued; missing parts get defaults', () => {
    expect(invoiceFromData(undefined)).toBeNull();
    expect(creditNoteFromData(null)).toBeNull();
    expect(totalsFromData(undefined)).toEqual({ grossPaise: 0, taxablePaise: 0, cgstPaise: 0, sgstPaise: 0, igstPaise: 0 });
    expect(invoiceFromData({ number: 'X' })).toMatchObject({
      number: 'X',
      intraState: false,
      lines: [],
      buyer: { name: '', addressLines: [] },
    });
  });

  it('rejects bad shapes', () => {
    expect(() => invoiceFromData('BS/1')).toThrow('invoice: expected an object');
    expect(() => invoiceFromData({ ...invoice, intraState: 'yes' })).toThrow('invoice.intraState: expected true or false');
    expect(() => invoiceFromData({ ...invoice, buyer: { addressLines: [1] } })).toThrow('invoice.buyer.addressLines[0]: expected text');
    expect(() => creditNoteFromData({ totals: { grossPaise: '1' } })).toThrow('creditNote.totals.grossPaise: expected a number');
  });
});
