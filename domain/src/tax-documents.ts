/**
 * Tax invoices and credit notes (docs/gst-invoices.md): financial years, number series,
 * the snapshot an order keeps, and the monthly tax report.
 */
import type { InvoiceLine, TaxTotals } from './gst.js';

const IST_OFFSET_MS = (5 * 60 + 30) * 60_000;

/** The calendar fields of an instant in India (UTC+5:30, no daylight saving). */
function istParts(date: Date): { year: number; month: number } {
  const ist = new Date(date.getTime() + IST_OFFSET_MS);
  return { year: ist.getUTCFullYear(), month: ist.getUTCMonth() + 1 };
}

/** The year a financial year (1 April – 31 March, IST) starts in: 2026 for 31 March 2027. */
export function financialYearStart(date: Date): number {
  const { year, month } = istParts(date);
  return month >= 4 ? year : year - 1;
}

/** '26-27' for the year that starts in 2026. */
export function financialYearLabel(startYear: number): string {
  const two = (y: number) => String(y % 100).padStart(2, '0');
  return `${two(startYear)}-${two(startYear + 1)}`;
}

/** '2026-27' for the year that starts in 2026. */
export function financialYearName(startYear: number): string {
  return `${startYear}-${financialYearLabel(startYear).slice(3)}`;
}

/** '2627' for the year that starts in 2026: the year as it appears in a document number. */
export function financialYearCode(startYear: number): string {
  return financialYearLabel(startYear).replace('-', '');
}

/**
 * 1 or 2 capital letters or digits, e.g. 'BS': with the year and seven digits the longest
 * number, a credit note's 'BS/2627/C0000007', is Rule 46's 16 characters
 * (docs/decisions/0029-invoice-numbers-single-writer.md).
 */
export const INVOICE_PREFIX_PATTERN = /^[A-Z0-9]{1,2}$/;
export const INVOICE_NUMBER_MAX_LENGTH = 16;
const SEQUENCE_DIGITS = 7;
export const INVOICE_SERIES_MAX = 9_999_999;
export const CREDIT_NOTE_SERIES_MAX = 9_999_999;

function documentNumber(kind: string, prefix: string, fyStart: number, sequence: number, marker: '' | 'C'): string {
  if (!Number.isInteger(sequence) || sequence < 1 || sequence > INVOICE_SERIES_MAX) {
    throw new RangeError(`${kind} sequence ${sequence} is outside 1–${INVOICE_SERIES_MAX}`);
  }
  if (!INVOICE_PREFIX_PATTERN.test(prefix)) throw new RangeError(`${kind} prefix '${prefix}' is not 1 or 2 capital letters or digits`);
  return `${prefix}/${financialYearCode(fyStart)}/${marker}${String(sequence).padStart(SEQUENCE_DIGITS, '0')}`;
}

/** 'BS/2627/0000042': prefix, financial year, 7-digit number in the year's series. */
export function invoiceNumber(prefix: string, fyStart: number, sequence: number): string {
  return documentNumber('Invoice', prefix, fyStart, sequence, '');
}

/** 'BS/2627/C0000007': credit notes have their own series, told apart by the 'C'. */
export function creditNoteNumber(prefix: string, fyStart: number, sequence: number): string {
  return documentNumber('Credit note', prefix, fyStart, sequence, 'C');
}

export interface ParsedDocumentNumber {
  prefix: string;
  fyStart: number;
  kind: 'invoice' | 'credit-note';
  sequence: number;
}

/** Today's numbers, and those stored before issue 30: 'BS/26-27/00042', 'BS/26-27/C0007' (prefix up to 4). */
const CURRENT_NUMBER = /^([A-Z0-9]{1,2})\/(\d{2})(\d{2})\/(C?)(\d{7})$/;
const OLD_NUMBER = /^([A-Z0-9]{1,4})\/(\d{2})-(\d{2})\/(C?)(\d{4,5})$/;

/** The parts of a document number of either format; null for anything else. */
export function parseDocumentNumber(number: string): ParsedDocumentNumber | null {
  const m = CURRENT_NUMBER.exec(number) ?? OLD_NUMBER.exec(number);
  if (!m) return null;
  const [, prefix = '', from = '', to = '', marker, digits = ''] = m;
  if ((Number(from) + 1) % 100 !== Number(to)) return null;
  return { prefix, fyStart: 2000 + Number(from), kind: marker ? 'credit-note' : 'invoice', sequence: Number(digits) };
}

/**
 * Orders document numbers of either format: by financial year, invoices before credit notes,
 * then by the number in the series (the series continued across the format change).
 */
export function compareDocumentNumbers(a: string, b: string): number {
  const pa = parseDocumentNumber(a);
  const pb = parseDocumentNumber(b);
  if (!pa || !pb) return a.localeCompare(b);
  const kindOrder = (p: ParsedDocumentNumber) => (p.kind === 'invoice' ? 0 : 1);
  return pa.fyStart - pb.fyStart || kindOrder(pa) - kindOrder(pb) || pa.sequence - pb.sequence || a.localeCompare(b);
}

/** Rule 46: at most 16 characters of letters, digits, '-' and '/'. */
export function isValidDocumentNumber(n: string): boolean {
  return n.length >= 1 && n.length <= INVOICE_NUMBER_MAX_LENGTH && /^[A-Za-z0-9/-]+$/.test(n);
}

/** A file name for the PDF: 'BS-2627-0000042.pdf' ('BS-26-27-00042.pdf' for an older number). */
export function documentFileName(number: string): string {
  return `${number.replace(/[^A-Za-z0-9-]+/g, '-')}.pdf`;
}

// ── The snapshot an order carries (API shape: dates as ISO strings) ────────────────

export interface InvoiceParty {
  name: string;
  gstin: string;
  state: string;
  stateCode: string;
  address: { line1: string; line2: string; city: string; pincode: string };
  email: string;
  phone: string;
}

export interface InvoiceBuyer {
  name: string;
  /** The delivery address as lines, as printed. */
  addressLines: string[];
  /** A registered buyer (a B2B invoice, issue 41): GSTIN, legal name and the GSTIN's state; absent for an unregistered buyer. */
  gstin?: string;
  legalName?: string;
  gstinState?: string;
}

export interface Invoice {
  number: string;
  issuedAt: string;
  /** '2026-27'. */
  financialYear: string;
  seller: InvoiceParty;
  buyer: InvoiceBuyer;
  placeOfSupply: { state: string; stateCode: string };
  intraState: boolean;
  lines: InvoiceLine[];
  totals: TaxTotals;
}

export interface CreditNote {
  number: string;
  issuedAt: string;
  financialYear: string;
  invoiceNumber: string;
  reason: string;
  /** The whole order is cancelled, so these equal the invoice's totals. */
  totals: TaxTotals;
  /** The registered buyer of the invoice it cancels (CDNR, issue 41); absent for an unregistered one. */
  buyerGstin?: string;
}

export const CREDIT_NOTE_REASON = 'Order cancelled';

// ── Months (the tax view) ─────────────────────────────────────────────────────────────

export const MONTH_PATTERN = /^(\d{4})-(0[1-9]|1[0-2])$/;

/** The IST month of an instant: '2026-11'. */
export function istMonthOf(date: Date): string {
  const { year, month } = istParts(date);
  return `${year}-${String(month).padStart(2, '0')}`;
}

/** [start, end) of an IST calendar month as instants; null for a malformed 'YYYY-MM'. */
export function istMonthRange(month: string): { start: Date; end: Date } | null {
  const m = MONTH_PATTERN.exec(month);
  if (!m) return null;
  const year = Number(m[1]);
  const mon = Number(m[2]);
  return {
    start: new Date(Date.UTC(year, mon - 1, 1) - IST_OFFSET_MS),
    end: new Date(Date.UTC(year, mon, 1) - IST_OFFSET_MS),
  };
}

/** 'November 2026'. */
export function monthLabel(month: string): string {
  const range = istMonthRange(month);
  if (!range) return month;
  return new Intl.DateTimeFormat('en-IN', { month: 'long', year: 'numeric', timeZone: 'Asia/Kolkata' }).format(range.start);
}

// ── The monthly report ────────────────────────────────────────────────────────────────

export type TaxDocumentKind = 'invoice' | 'credit-note';

/** One invoice or credit note in a month's report. */
export interface TaxDocumentRow {
  kind: TaxDocumentKind;
  number: string;
  issuedAt: string;
  orderId: string;
  /** For a credit note, the invoice it refers to; '' for an invoice. */
  invoiceNumber: string;
  buyerName: string;
  placeOfSupply: { state: string; stateCode: string };
  intraState: boolean;
  totals: TaxTotals;
  /** Taxable value and tax per rate, for the return's rate-wise tables. */
  byRate: ({ ratePercent: number } & TaxTotals)[];
  /** A partial credit note: the return it credits (docs/returns.md). */
  returnNumber?: string;
}

export interface TaxReport {
  month: string;
  documents: TaxDocumentRow[];
  invoices: { count: number } & TaxTotals;
  creditNotes: { count: number } & TaxTotals;
  /** Invoices less credit notes: what the month's return declares. */
  net: TaxTotals;
  /** Net per place of supply and rate (B2C summary), sorted by state code then rate. */
  byPlaceAndRate: ({ state: string; stateCode: string; ratePercent: number } & TaxTotals)[];
}

const zero = (): TaxTotals => ({ grossPaise: 0, taxablePaise: 0, cgstPaise: 0, sgstPaise: 0, igstPaise: 0 });

function add(into: TaxTotals, t: TaxTotals, sign: 1 | -1 = 1): void {
  into.grossPaise += sign * t.grossPaise;
  into.taxablePaise += sign * t.taxablePaise;
  into.cgstPaise += sign * t.cgstPaise;
  into.sgstPaise += sign * t.sgstPaise;
  into.igstPaise += sign * t.igstPaise;
}

/** Per-rate sums of invoice lines. */
export function totalsByRate(lines: readonly InvoiceLine[]): ({ ratePercent: number } & TaxTotals)[] {
  const map = new Map<number, TaxTotals>();
  for (const l of lines) {
    const t = map.get(l.ratePercent) ?? zero();
    add(t, l);
    map.set(l.ratePercent, t);
  }
  return [...map.entries()].sort((a, b) => a[0] - b[0]).map(([ratePercent, t]) => ({ ratePercent, ...t }));
}

/** Sums a month's documents: invoices, credit notes, the net, and net per place and rate. */
export function taxReport(month: string, documents: readonly TaxDocumentRow[]): TaxReport {
  const sorted = [...documents].sort((a, b) =>
    a.issuedAt === b.issuedAt ? compareDocumentNumbers(a.number, b.number) : a.issuedAt.localeCompare(b.issuedAt),
  );
  const invoices = { count: 0, ...zero() };
  const creditNotes = { count: 0, ...zero() };
  const net = zero();
  const places = new Map<string, { state: string; stateCode: string; ratePercent: number } & TaxTotals>();
  for (const d of sorted) {
    const sign = d.kind === 'invoice' ? 1 : -1;
    const bucket = d.kind === 'invoice' ? invoices : creditNotes;
    bucket.count += 1;
    add(bucket, d.totals);
    add(net, d.totals, sign);
    for (const r of d.byRate) {
      const key = `${d.placeOfSupply.stateCode}|${r.ratePercent}`;
      const entry = places.get(key) ?? {
        state: d.placeOfSupply.state,
        stateCode: d.placeOfSupply.stateCode,
        ratePercent: r.ratePercent,
        ...zero(),
      };
      add(entry, r, sign);
      places.set(key, entry);
    }
  }
  const byPlaceAndRate = [...places.values()].sort((a, b) => a.stateCode.localeCompare(b.stateCode) || a.ratePercent - b.ratePercent);
  return { month, documents: sorted, invoices, creditNotes, net, byPlaceAndRate };
}

function csvCell(value: string | number): string {
  const text = String(value);
  return /[",\n\r]/.test(text) ? `"${text.replace(/"/g, '""')}"` : text;
}

const rupees = (paise: number) => (paise / 100).toFixed(2);

/** Text a person typed: a leading =, +, - or @ would be a formula to a spreadsheet. */
const plainText = (text: string) => (/^[=+\-@\t\r]/.test(text) ? `'${text}` : text);

const CSV_HEADER = [
  'Type',
  'Number',
  'Date (IST)',
  'Order',
  'Against invoice',
  'Buyer',
  'Place of supply',
  'State code',
  'Supply',
  'GST rate %',
  'Taxable value',
  'CGST',
  'SGST',
  'IGST',
  'Total',
];

const csvLine = (cells: readonly (string | number)[]) => `${cells.map(csvCell).join(',')}\r\n`;

/** The CSV's header line (with its CRLF). */
export const taxCsvHeader = (): string => csvLine(CSV_HEADER);

const csvDay = new Intl.DateTimeFormat('en-CA', { timeZone: 'Asia/Kolkata', year: 'numeric', month: '2-digit', day: '2-digit' });

/** The CSV lines of some documents (one per document and rate), for an export written page by page. */
export function taxCsvLines(documents: readonly TaxDocumentRow[]): string {
  let out = '';
  for (const d of documents) {
    const sign = d.kind === 'invoice' ? 1 : -1;
    for (const r of d.byRate) {
      out += csvLine([
        d.kind === 'invoice' ? 'Invoice' : d.returnNumber ? `Credit note (return ${d.returnNumber})` : 'Credit note',
        d.number,
        csvDay.format(new Date(d.issuedAt)),
        d.orderId,
        d.invoiceNumber,
        plainText(d.buyerName),
        d.placeOfSupply.state,
        d.placeOfSupply.stateCode,
        d.intraState ? 'Intra-state' : 'Inter-state',
        r.ratePercent,
        rupees(sign * r.taxablePaise),
        rupees(sign * r.cgstPaise),
        rupees(sign * r.sgstPaise),
        rupees(sign * r.igstPaise),
        rupees(sign * r.grossPaise),
      ]);
    }
  }
  return out;
}

/**
 * The report as CSV: one row per document and rate (amounts in rupees with two decimals,
 * credit notes negative), so the rows add up to the month's net.
 */
export function taxReportCsv(report: Pick<TaxReport, 'documents'>): string {
  return taxCsvHeader() + taxCsvLines(report.documents);
}
