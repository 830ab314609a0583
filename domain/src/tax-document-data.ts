/**
 * The invoice and credit-note snapshots of a stored order document (Firestore Timestamps,
 * whatever an older document holds) in the API's shape, with ISO dates. Used by the API and
 * by the SPA's live order reads alike.
 */
import type { InvoiceLine, TaxTotals } from './gst.js';
import type { CreditNote, Invoice } from './tax-documents.js';

const str = (v: unknown) => (typeof v === 'string' ? v : '');
const int = (v: unknown) => (typeof v === 'number' && Number.isFinite(v) ? v : 0);
const obj = (v: unknown): Record<string, unknown> => (v && typeof v === 'object' ? (v as Record<string, unknown>) : {});

function iso(v: unknown): string {
  if (v && typeof (v as { toDate?: unknown }).toDate === 'function') return (v as { toDate: () => Date }).toDate().toISOString();
  if (v instanceof Date) return v.toISOString();
  return str(v);
}

export function totalsFromData(v: unknown): TaxTotals {
  const t = obj(v);
  return { grossPaise: int(t.grossPaise), taxablePaise: int(t.taxablePaise), cgstPaise: int(t.cgstPaise), sgstPaise: int(t.sgstPaise), igstPaise: int(t.igstPaise) };
}

function lineFromData(v: unknown): InvoiceLine {
  const l = obj(v);
  return {
    name: str(l.name),
    hsn: str(l.hsn),
    quantity: int(l.quantity),
    ratePercent: int(l.ratePercent),
    unitPricePaise: int(l.unitPricePaise),
    discountPaise: int(l.discountPaise),
    ...totalsFromData(l),
  };
}

export function invoiceFromData(v: unknown): Invoice | null {
  if (!v || typeof v !== 'object') return null;
  const d = obj(v);
  const seller = obj(d.seller);
  const address = obj(seller.address);
  const buyer = obj(d.buyer);
  const place = obj(d.placeOfSupply);
  return {
    number: str(d.number),
    issuedAt: iso(d.issuedAt),
    financialYear: str(d.financialYear),
    seller: {
      name: str(seller.name),
      gstin: str(seller.gstin),
      state: str(seller.state),
      stateCode: str(seller.stateCode),
      address: { line1: str(address.line1), line2: str(address.line2), city: str(address.city), pincode: str(address.pincode) },
      email: str(seller.email),
      phone: str(seller.phone),
    },
    buyer: { name: str(buyer.name), addressLines: Array.isArray(buyer.addressLines) ? buyer.addressLines.map(str) : [] },
    placeOfSupply: { state: str(place.state), stateCode: str(place.stateCode) },
    intraState: d.intraState === true,
    lines: Array.isArray(d.lines) ? d.lines.map(lineFromData) : [],
    totals: totalsFromData(d.totals),
  };
}

export function creditNoteFromData(v: unknown): CreditNote | null {
  if (!v || typeof v !== 'object') return null;
  const d = obj(v);
  return {
    number: str(d.number),
    issuedAt: iso(d.issuedAt),
    financialYear: str(d.financialYear),
    invoiceNumber: str(d.invoiceNumber),
    reason: str(d.reason),
    totals: totalsFromData(d.totals),
  };
}
