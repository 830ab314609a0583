/**
 * The Tax view's month figures kept as counters (docs/gst-invoices.md, "Admin Tax view";
 * docs/decisions/0032-tax-view-from-month-totals.md): whoever issues a document (the single
 * writer of numbers, a return's transaction, the seed) adds its totals to its IST month, so
 * the view reads one document instead of every invoice of the month. Pure: the Firestore
 * writes are in functions/src/tax/months.ts.
 */
import type { TaxTotals } from './gst.js';
import {
  istMonthOf,
  totalsByRate,
  type CreditNote,
  type Invoice,
  type TaxDocumentKind,
  type TaxDocumentRow,
  type TaxReport,
} from './tax-documents.js';

// ── Rows ─────────────────────────────────────────────────────────────────────────────

export function invoiceRow(orderId: string, invoice: Invoice): TaxDocumentRow {
  return {
    kind: 'invoice',
    number: invoice.number,
    issuedAt: invoice.issuedAt,
    orderId,
    invoiceNumber: '',
    buyerName: invoice.buyer.name,
    placeOfSupply: invoice.placeOfSupply,
    intraState: invoice.intraState,
    totals: invoice.totals,
    byRate: totalsByRate(invoice.lines),
  };
}

/** The credit note of a cancelled order: the whole invoice, so its rates are the invoice's. */
export function creditNoteRow(
  orderId: string,
  invoice: Invoice,
  note: Pick<CreditNote, 'number' | 'issuedAt' | 'invoiceNumber' | 'totals'>,
): TaxDocumentRow {
  return {
    kind: 'credit-note',
    number: note.number,
    issuedAt: note.issuedAt,
    orderId,
    invoiceNumber: note.invoiceNumber,
    buyerName: invoice.buyer.name,
    placeOfSupply: invoice.placeOfSupply,
    intraState: invoice.intraState,
    totals: note.totals,
    byRate: totalsByRate(invoice.lines),
  };
}

/** A return's partial credit note (docs/returns.md): its own lines. */
export function returnCreditNoteRow(
  orderId: string,
  invoice: Invoice,
  note: Pick<CreditNote, 'number' | 'issuedAt' | 'invoiceNumber' | 'totals'> & { returnNumber: string; lines: Invoice['lines'] },
): TaxDocumentRow {
  return { ...creditNoteRow(orderId, invoice, note), byRate: totalsByRate(note.lines), returnNumber: note.returnNumber };
}

// ── Month totals (taxMonths/{YYYY-MM}) ────────────────────────────────────────────────

export type PlaceAndRate = { state: string; stateCode: string; ratePercent: number } & TaxTotals;

export interface TaxMonthTotals {
  invoices: { count: number } & TaxTotals;
  creditNotes: { count: number } & TaxTotals;
  /** Net (invoices less credit notes) per place of supply and rate, keyed by `placeKey`. */
  places: Record<string, PlaceAndRate>;
}

const TOTAL_FIELDS = ['grossPaise', 'taxablePaise', 'cgstPaise', 'sgstPaise', 'igstPaise'] as const;

const zero = (): TaxTotals => ({ grossPaise: 0, taxablePaise: 0, cgstPaise: 0, sgstPaise: 0, igstPaise: 0 });

export const emptyTaxMonth = (): TaxMonthTotals => ({
  invoices: { count: 0, ...zero() },
  creditNotes: { count: 0, ...zero() },
  places: {},
});

/** A map key for a place and rate: '27_18', '29_0_25' (no dots: Firestore reads them as paths in updates). */
export function placeKey(stateCode: string, ratePercent: number): string {
  return `${stateCode.replace(/[^A-Za-z0-9]/g, '')}_${String(ratePercent).replace(/[^0-9]/g, '_')}`;
}

function add(into: TaxTotals, t: TaxTotals, sign: 1 | -1 = 1): void {
  for (const f of TOTAL_FIELDS) into[f] += sign * t[f];
}

/** The documents' totals per IST month of issue: what each month's counters must grow by. */
export function taxMonthTotals(rows: readonly TaxDocumentRow[]): Map<string, TaxMonthTotals> {
  const out = new Map<string, TaxMonthTotals>();
  for (const d of rows) {
    const month = istMonthOf(new Date(d.issuedAt));
    const m = out.get(month) ?? emptyTaxMonth();
    const sign = d.kind === 'invoice' ? 1 : -1;
    const bucket = d.kind === 'invoice' ? m.invoices : m.creditNotes;
    bucket.count += 1;
    add(bucket, d.totals);
    for (const r of d.byRate) {
      const key = placeKey(d.placeOfSupply.stateCode, r.ratePercent);
      const place = m.places[key] ?? {
        state: d.placeOfSupply.state,
        stateCode: d.placeOfSupply.stateCode,
        ratePercent: r.ratePercent,
        ...zero(),
      };
      add(place, r, sign);
      m.places[key] = place;
    }
    out.set(month, m);
  }
  return out;
}

const num = (v: unknown) => (typeof v === 'number' && Number.isFinite(v) ? v : 0);
const obj = (v: unknown): Record<string, unknown> => (v && typeof v === 'object' ? (v as Record<string, unknown>) : {});

function totalsFrom(v: unknown): TaxTotals {
  const o = obj(v);
  return {
    grossPaise: num(o.grossPaise),
    taxablePaise: num(o.taxablePaise),
    cgstPaise: num(o.cgstPaise),
    sgstPaise: num(o.sgstPaise),
    igstPaise: num(o.igstPaise),
  };
}

/** A stored month document (absent: nothing issued that month). */
export function taxMonthFromData(data: unknown): TaxMonthTotals {
  const d = obj(data);
  const places: Record<string, PlaceAndRate> = {};
  for (const [key, value] of Object.entries(obj(d.places))) {
    const p = obj(value);
    places[key] = { state: String(p.state ?? ''), stateCode: String(p.stateCode ?? ''), ratePercent: num(p.ratePercent), ...totalsFrom(p) };
  }
  return {
    invoices: { count: num(obj(d.invoices).count), ...totalsFrom(d.invoices) },
    creditNotes: { count: num(obj(d.creditNotes).count), ...totalsFrom(d.creditNotes) },
    places,
  };
}

// ── Series (GSTR-1 "Documents issued") ────────────────────────────────────────────────

/** One series' numbers issued in a month, kept on its counter (taxSeries/{kind}-{year}.months). */
export interface SeriesMonth {
  count: number;
  /** Lowest and highest number in the series issued this month. */
  first: number;
  last: number;
  firstNumber: string;
  lastNumber: string;
}

/** Adds a number to its month's range (the counter's transaction has read `months`). */
export function addToSeriesMonth(months: Record<string, SeriesMonth>, month: string, sequence: number, number: string): void {
  const m = months[month];
  if (!m) {
    months[month] = { count: 1, first: sequence, last: sequence, firstNumber: number, lastNumber: number };
    return;
  }
  m.count += 1;
  if (sequence < m.first) Object.assign(m, { first: sequence, firstNumber: number });
  if (sequence > m.last) Object.assign(m, { last: sequence, lastNumber: number });
}

export function seriesMonthsFromData(data: unknown): Record<string, SeriesMonth> {
  const out: Record<string, SeriesMonth> = {};
  for (const [month, value] of Object.entries(obj(data))) {
    const m = obj(value);
    out[month] = {
      count: num(m.count),
      first: num(m.first),
      last: num(m.last),
      firstNumber: String(m.firstNumber ?? ''),
      lastNumber: String(m.lastNumber ?? ''),
    };
  }
  return out;
}

/** A row of GSTR-1's documents-issued table (Table 13) for one series. */
export interface DocumentsIssuedRow {
  kind: TaxDocumentKind;
  /** '2026-27'. */
  financialYear: string;
  from: string;
  to: string;
  total: number;
  /** Documents issued and then cancelled: the shop never cancels one (a credit note reverses an invoice). */
  cancelled: number;
  netIssued: number;
}

export function documentsIssuedRow(kind: TaxDocumentKind, financialYear: string, m: SeriesMonth): DocumentsIssuedRow {
  return { kind, financialYear, from: m.firstNumber, to: m.lastNumber, total: m.count, cancelled: 0, netIssued: m.count };
}

// ── The view ─────────────────────────────────────────────────────────────────────────

/** Documents on a page of the Tax view. */
export const TAX_PAGE_SIZE = 50;

/** GET /api/admin/tax: the month's totals (from counters), its series, and one page of its documents. */
export interface TaxMonthView extends Omit<TaxReport, 'documents'> {
  documentsIssued: DocumentsIssuedRow[];
  documents: TaxDocumentRow[];
  /** Pass as `cursor` for the next page; null on the last. */
  nextCursor: string | null;
  pageSize: number;
}

/** The month's summary as the report shapes it: net, and places sorted by state code then rate. */
export function taxMonthSummary(month: string, t: TaxMonthTotals): Omit<TaxReport, 'documents'> {
  const net = zero();
  add(net, t.invoices);
  add(net, t.creditNotes, -1);
  const byPlaceAndRate = Object.values(t.places).sort((a, b) => a.stateCode.localeCompare(b.stateCode) || a.ratePercent - b.ratePercent);
  const { count: ic, ...it } = t.invoices;
  const { count: cc, ...ct } = t.creditNotes;
  return { month, invoices: { count: ic, ...it }, creditNotes: { count: cc, ...ct }, net, byPlaceAndRate };
}
