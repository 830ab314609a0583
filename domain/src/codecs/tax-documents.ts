/**
 * The invoice and credit-note snapshots an order document keeps (docs/gst-invoices.md), in
 * the API's shape. Used by the API and by the SPA's live order reads alike.
 */
import type { InvoiceLine, TaxTotals } from '../gst.js';
import type { CreditNote, Invoice } from '../tax-documents.js';
import { Fields } from './plain.js';

/** A stored invoice's, credit note's or return credit note's totals. */
export function totalsOf(t: Fields): TaxTotals {
  return {
    grossPaise: t.number('grossPaise'),
    taxablePaise: t.number('taxablePaise'),
    cgstPaise: t.number('cgstPaise'),
    sgstPaise: t.number('sgstPaise'),
    igstPaise: t.number('igstPaise'),
  };
}

export function totalsFromData(value: unknown, path = 'totals'): TaxTotals {
  return totalsOf(Fields.orEmpty(value, path));
}

/** A stored invoice or credit-note line (also a return's partial credit note's). */
export function lineOf(value: unknown, path: string): InvoiceLine {
  const l = Fields.of(value, path);
  return {
    name: l.text('name'),
    hsn: l.text('hsn'),
    quantity: l.number('quantity'),
    ratePercent: l.number('ratePercent'),
    unitPricePaise: l.number('unitPricePaise'),
    discountPaise: l.number('discountPaise'),
    ...totalsOf(l),
  };
}

/** An order's `invoice`; null when none was issued. */
export function invoiceFromData(value: unknown): Invoice | null {
  if (value === undefined || value === null) return null;
  const d = Fields.of(value, 'invoice');
  const seller = d.object('seller');
  const address = seller.object('address');
  const buyer = d.object('buyer');
  const place = d.object('placeOfSupply');
  return {
    number: d.text('number'),
    issuedAt: d.date('issuedAt'),
    financialYear: d.text('financialYear'),
    seller: {
      name: seller.text('name'),
      gstin: seller.text('gstin'),
      state: seller.text('state'),
      stateCode: seller.text('stateCode'),
      address: { line1: address.text('line1'), line2: address.text('line2'), city: address.text('city'), pincode: address.text('pincode') },
      email: seller.text('email'),
      phone: seller.text('phone'),
    },
    buyer: {
      name: buyer.text('name'),
      addressLines: buyer.textList('addressLines'),
      // A registered buyer's (a B2B invoice, issue 41); left out for an unregistered one.
      ...(buyer.text('gstin')
        ? { gstin: buyer.text('gstin'), legalName: buyer.text('legalName'), gstinState: buyer.text('gstinState') }
        : {}),
    },
    placeOfSupply: { state: place.text('state'), stateCode: place.text('stateCode') },
    intraState: d.boolean('intraState'),
    lines: d.list('lines', lineOf),
    totals: totalsOf(d.object('totals')),
  };
}

/** An order's `creditNote`; null when none was issued. */
export function creditNoteFromData(value: unknown): CreditNote | null {
  if (value === undefined || value === null) return null;
  const d = Fields.of(value, 'creditNote');
  return {
    number: d.text('number'),
    issuedAt: d.date('issuedAt'),
    financialYear: d.text('financialYear'),
    invoiceNumber: d.text('invoiceNumber'),
    reason: d.text('reason'),
    totals: totalsOf(d.object('totals')),
    ...(d.text('buyerGstin') ? { buyerGstin: d.text('buyerGstin') } : {}),
  };
}
