/**
 * GSTR-1 in the JSON of the GST portal's offline tool (issue 41, docs/gst-b2b.md): a month's
 * invoices and credit notes sorted into the return's sections. Pure; amounts are summed in
 * integer paise and turned into rupees (two decimals) only when written, so the sections add
 * up to the Tax view's month totals to the paisa. The shape is described by
 * `gstr1.schema.json` beside this file (checked in gstr1.test.ts).
 *
 * - b2b: invoices to a registered buyer (a GSTIN), one per invoice, grouped by the buyer's GSTIN.
 * - b2cl: invoices to an unregistered buyer, inter-state, worth more than ₹1,00,000 tax included.
 * - exp: deliveries abroad (place of supply 96), exports with payment of IGST.
 * - b2cs: every other invoice, summed per supply type, place of supply and rate, LESS the credit
 *   notes of such invoices (B2CS is reported net).
 * - cdnr: credit notes of B2B invoices; cdnur: credit notes of B2CL (typ "B2CL") and export
 *   (typ "EXPWP") invoices.
 * - hsn: per HSN code and rate, invoices less credit notes, split into hsn_b2b and hsn_b2c (Table 12).
 * - doc_issue: the series' ranges of the month (Table 13).
 */
import type { InvoiceLine, TaxTotals } from './gst.js';
import { OTHER_COUNTRY_CODE } from './gst.js';
import type { Invoice } from './tax-documents.js';
import type { DocumentsIssuedRow } from './tax-months.js';

/** B2CL: an inter-state invoice to an unregistered buyer of more than ₹1,00,000 (tax included), since 1 August 2024. */
export const B2CL_THRESHOLD_PAISE = 1_00_000_00;

export type Gstr1Section = 'b2b' | 'b2cl' | 'b2cs' | 'exp';

/** One document of the month, with the invoice it is (or refers to) and its own lines. */
export interface Gstr1Document {
  kind: 'invoice' | 'credit-note';
  number: string;
  issuedAt: string;
  /** The invoice itself, or the one a credit note refers to. */
  invoice: Invoice;
  /** The document's lines: the invoice's, a whole credit note's (the invoice's), or a return's partial note's. */
  lines: readonly InvoiceLine[];
  totals: TaxTotals;
}

/** Where an invoice goes in GSTR-1 (its credit notes follow it: cdnr, cdnur, or b2cs). */
export function gstr1SectionOf(invoice: Pick<Invoice, 'buyer' | 'intraState' | 'placeOfSupply' | 'totals'>): Gstr1Section {
  if (invoice.buyer.gstin) return 'b2b';
  if (invoice.placeOfSupply.stateCode === OTHER_COUNTRY_CODE) return 'exp';
  if (!invoice.intraState && invoice.totals.grossPaise > B2CL_THRESHOLD_PAISE) return 'b2cl';
  return 'b2cs';
}

// ── The JSON ─────────────────────────────────────────────────────────────────────────

export interface Gstr1ItemDetail {
  rt: number;
  txval: number;
  iamt: number;
  camt: number;
  samt: number;
  csamt: number;
}
export interface Gstr1Item {
  num: number;
  itm_det: Gstr1ItemDetail;
}
export interface Gstr1IgstItem {
  num: number;
  itm_det: { rt: number; txval: number; iamt: number; csamt: number };
}
export interface Gstr1B2bInvoice {
  inum: string;
  idt: string;
  val: number;
  pos: string;
  rchrg: 'N';
  inv_typ: 'R';
  itms: Gstr1Item[];
}
export interface Gstr1B2clInvoice {
  inum: string;
  idt: string;
  val: number;
  itms: Gstr1IgstItem[];
}
export interface Gstr1B2cs {
  sply_ty: 'INTRA' | 'INTER';
  pos: string;
  typ: 'OE';
  rt: number;
  txval: number;
  iamt: number;
  camt: number;
  samt: number;
  csamt: number;
}
export interface Gstr1ExpInvoice {
  inum: string;
  idt: string;
  val: number;
  itms: { txval: number; rt: number; iamt: number; csamt: number }[];
}
export interface Gstr1Note {
  ntty: 'C';
  nt_num: string;
  nt_dt: string;
  val: number;
  pos: string;
  rchrg: 'N';
  inv_typ: 'R';
  itms: Gstr1Item[];
}
export interface Gstr1UnregisteredNote {
  typ: 'B2CL' | 'EXPWP';
  ntty: 'C';
  nt_num: string;
  nt_dt: string;
  val: number;
  pos: string;
  itms: Gstr1IgstItem[];
}
export interface Gstr1HsnRow {
  num: number;
  hsn_sc: string;
  desc: string;
  uqc: string;
  qty: number;
  rt: number;
  txval: number;
  iamt: number;
  camt: number;
  samt: number;
  csamt: number;
}
export interface Gstr1DocRange {
  num: number;
  from: string;
  to: string;
  totnum: number;
  cancel: number;
  net_issue: number;
}

export interface Gstr1 {
  gstin: string;
  /** 'MMYYYY'. */
  fp: string;
  b2b: { ctin: string; inv: Gstr1B2bInvoice[] }[];
  b2cl: { pos: string; inv: Gstr1B2clInvoice[] }[];
  b2cs: Gstr1B2cs[];
  exp: { exp_typ: 'WPAY'; inv: Gstr1ExpInvoice[] }[];
  cdnr: { ctin: string; nt: Gstr1Note[] }[];
  cdnur: Gstr1UnregisteredNote[];
  hsn: { hsn_b2b: Gstr1HsnRow[]; hsn_b2c: Gstr1HsnRow[] };
  doc_issue: { doc_det: { doc_num: number; doc_typ: string; docs: Gstr1DocRange[] }[] };
}

/** Paise to rupees with two decimals, as a JSON number (exact: one division of an integer). */
export const rupeesOf = (paise: number): number => Math.round(paise) / 100;

/** 'MMYYYY' of 'YYYY-MM'. */
export function gstr1Period(month: string): string {
  const [year = '', mon = ''] = month.split('-');
  return `${mon}${year}`;
}

const dayFormat = new Intl.DateTimeFormat('en-GB', { timeZone: 'Asia/Kolkata', day: '2-digit', month: '2-digit', year: 'numeric' });

/** 'DD-MM-YYYY' in India time. */
export function gstr1Date(iso: string): string {
  return dayFormat.format(new Date(iso)).replace(/\//g, '-');
}

type RateTotals = { ratePercent: number } & TaxTotals;

const zero = (): TaxTotals => ({ grossPaise: 0, taxablePaise: 0, cgstPaise: 0, sgstPaise: 0, igstPaise: 0 });

function addTotals(into: TaxTotals, t: TaxTotals, sign: 1 | -1 = 1): void {
  into.grossPaise += sign * t.grossPaise;
  into.taxablePaise += sign * t.taxablePaise;
  into.cgstPaise += sign * t.cgstPaise;
  into.sgstPaise += sign * t.sgstPaise;
  into.igstPaise += sign * t.igstPaise;
}

function byRate(lines: readonly InvoiceLine[]): RateTotals[] {
  const map = new Map<number, TaxTotals>();
  for (const l of lines) {
    const t = map.get(l.ratePercent) ?? zero();
    addTotals(t, l);
    map.set(l.ratePercent, t);
  }
  return [...map.entries()].sort((a, b) => a[0] - b[0]).map(([ratePercent, t]) => ({ ratePercent, ...t }));
}

const items = (lines: readonly InvoiceLine[]): Gstr1Item[] =>
  byRate(lines).map((r, i) => ({
    num: i + 1,
    itm_det: {
      rt: r.ratePercent,
      txval: rupeesOf(r.taxablePaise),
      iamt: rupeesOf(r.igstPaise),
      camt: rupeesOf(r.cgstPaise),
      samt: rupeesOf(r.sgstPaise),
      csamt: 0,
    },
  }));

const igstItems = (lines: readonly InvoiceLine[]): Gstr1IgstItem[] =>
  byRate(lines).map((r, i) => ({
    num: i + 1,
    itm_det: { rt: r.ratePercent, txval: rupeesOf(r.taxablePaise), iamt: rupeesOf(r.igstPaise), csamt: 0 },
  }));

/** HSN descriptions of the shop's goods (the portal fills them from its master; kept for the CSV and the tool). */
const HSN_DESCRIPTIONS: Readonly<Record<string, string>> = {
  '4202': 'Trunks, suit-cases, travel bags, handbags and similar containers',
};

function hsnDescription(hsn: string): string {
  return HSN_DESCRIPTIONS[hsn.slice(0, 4)] ?? '';
}

/** The unit of quantity code of the portal's list: bags are counted in numbers. */
export const GSTR1_UQC = 'NOS';

export const DOC_TYPES = {
  invoice: { doc_num: 1, doc_typ: 'Invoices for outward supply' },
  'credit-note': { doc_num: 5, doc_typ: 'Credit Note' },
} as const;

interface HsnSum extends TaxTotals {
  hsn: string;
  ratePercent: number;
  quantity: number;
}

function hsnRows(map: Map<string, HsnSum>): Gstr1HsnRow[] {
  return [...map.values()]
    .sort((a, b) => a.hsn.localeCompare(b.hsn) || a.ratePercent - b.ratePercent)
    .map((h, i) => ({
      num: i + 1,
      hsn_sc: h.hsn,
      desc: hsnDescription(h.hsn),
      uqc: GSTR1_UQC,
      qty: h.quantity,
      rt: h.ratePercent,
      txval: rupeesOf(h.taxablePaise),
      iamt: rupeesOf(h.igstPaise),
      camt: rupeesOf(h.cgstPaise),
      samt: rupeesOf(h.sgstPaise),
      csamt: 0,
    }));
}

/** The GSTR-1 of a month ('YYYY-MM') from its documents and its series' ranges. */
export function buildGstr1(input: {
  gstin: string;
  month: string;
  documents: readonly Gstr1Document[];
  documentsIssued: readonly DocumentsIssuedRow[];
}): Gstr1 {
  const docs = [...input.documents].sort((a, b) => a.issuedAt.localeCompare(b.issuedAt) || a.number.localeCompare(b.number));
  const b2b = new Map<string, Gstr1B2bInvoice[]>();
  const b2cl = new Map<string, Gstr1B2clInvoice[]>();
  const exp: Gstr1ExpInvoice[] = [];
  const cdnr = new Map<string, Gstr1Note[]>();
  const cdnur: Gstr1UnregisteredNote[] = [];
  const b2cs = new Map<string, { sply: 'INTRA' | 'INTER'; pos: string; rt: number } & TaxTotals>();
  const hsnB2b = new Map<string, HsnSum>();
  const hsnB2c = new Map<string, HsnSum>();

  for (const d of docs) {
    const inv = d.invoice;
    const section = gstr1SectionOf(inv);
    const pos = inv.placeOfSupply.stateCode;
    const sign = d.kind === 'invoice' ? 1 : -1;
    const ctin = inv.buyer.gstin ?? '';
    if (d.kind === 'invoice') {
      const head = { inum: d.number, idt: gstr1Date(d.issuedAt), val: rupeesOf(d.totals.grossPaise) };
      if (section === 'b2b') b2b.set(ctin, [...(b2b.get(ctin) ?? []), { ...head, pos, rchrg: 'N', inv_typ: 'R', itms: items(d.lines) }]);
      else if (section === 'b2cl') b2cl.set(pos, [...(b2cl.get(pos) ?? []), { ...head, itms: igstItems(d.lines) }]);
      else if (section === 'exp')
        exp.push({ ...head, itms: igstItems(d.lines).map(({ itm_det: t }) => ({ txval: t.txval, rt: t.rt, iamt: t.iamt, csamt: 0 })) });
    } else {
      const head = { ntty: 'C' as const, nt_num: d.number, nt_dt: gstr1Date(d.issuedAt), val: rupeesOf(d.totals.grossPaise), pos };
      if (section === 'b2b') cdnr.set(ctin, [...(cdnr.get(ctin) ?? []), { ...head, rchrg: 'N', inv_typ: 'R', itms: items(d.lines) }]);
      else if (section === 'b2cl' || section === 'exp')
        cdnur.push({ typ: section === 'b2cl' ? 'B2CL' : 'EXPWP', ...head, itms: igstItems(d.lines) });
    }
    if (section === 'b2cs') {
      const sply = inv.intraState ? 'INTRA' : 'INTER';
      for (const r of byRate(d.lines)) {
        const key = `${sply}|${pos}|${r.ratePercent}`;
        const entry = b2cs.get(key) ?? { sply, pos, rt: r.ratePercent, ...zero() };
        addTotals(entry, r, sign);
        b2cs.set(key, entry);
      }
    }
    const hsn = section === 'b2b' ? hsnB2b : hsnB2c;
    for (const l of d.lines) {
      const key = `${l.hsn}|${l.ratePercent}`;
      const entry = hsn.get(key) ?? { hsn: l.hsn, ratePercent: l.ratePercent, quantity: 0, ...zero() };
      addTotals(entry, l, sign);
      entry.quantity += sign * l.quantity;
      hsn.set(key, entry);
    }
  }

  const sortedKeys = <T>(m: Map<string, T>) => [...m.entries()].sort((a, b) => a[0].localeCompare(b[0]));
  return {
    gstin: input.gstin,
    fp: gstr1Period(input.month),
    b2b: sortedKeys(b2b).map(([ctin, inv]) => ({ ctin, inv })),
    b2cl: sortedKeys(b2cl).map(([pos, inv]) => ({ pos, inv })),
    b2cs: [...b2cs.values()]
      .filter((e) => e.taxablePaise !== 0 || e.cgstPaise !== 0 || e.sgstPaise !== 0 || e.igstPaise !== 0)
      .sort((a, b) => a.pos.localeCompare(b.pos) || a.sply.localeCompare(b.sply) || a.rt - b.rt)
      .map((e) => ({
        sply_ty: e.sply,
        pos: e.pos,
        typ: 'OE',
        rt: e.rt,
        txval: rupeesOf(e.taxablePaise),
        iamt: rupeesOf(e.igstPaise),
        camt: rupeesOf(e.cgstPaise),
        samt: rupeesOf(e.sgstPaise),
        csamt: 0,
      })),
    exp: exp.length ? [{ exp_typ: 'WPAY', inv: exp }] : [],
    cdnr: sortedKeys(cdnr).map(([ctin, nt]) => ({ ctin, nt })),
    cdnur,
    hsn: { hsn_b2b: hsnRows(hsnB2b), hsn_b2c: hsnRows(hsnB2c) },
    doc_issue: {
      doc_det: (['invoice', 'credit-note'] as const)
        .map((kind) => ({
          ...DOC_TYPES[kind],
          docs: input.documentsIssued
            .filter((r) => r.kind === kind)
            .map((r, i) => ({ num: i + 1, from: r.from, to: r.to, totnum: r.total, cancel: r.cancelled, net_issue: r.netIssued })),
        }))
        .filter((d) => d.docs.length > 0),
    },
  };
}

// ── Checks and counts ────────────────────────────────────────────────────────────────

/** Net taxable value and tax the return declares, in paise: invoices less credit notes over every section. */
export function gstr1NetPaise(g: Gstr1): { taxablePaise: number; igstPaise: number; cgstPaise: number; samtPaise: number } {
  const p = (r: number) => Math.round(r * 100);
  const out = { taxablePaise: 0, igstPaise: 0, cgstPaise: 0, samtPaise: 0 };
  const addItem = (t: { txval: number; iamt: number; camt?: number; samt?: number }, sign: 1 | -1) => {
    out.taxablePaise += sign * p(t.txval);
    out.igstPaise += sign * p(t.iamt);
    out.cgstPaise += sign * p(t.camt ?? 0);
    out.samtPaise += sign * p(t.samt ?? 0);
  };
  for (const c of g.b2b) for (const i of c.inv) for (const it of i.itms) addItem(it.itm_det, 1);
  for (const c of g.b2cl) for (const i of c.inv) for (const it of i.itms) addItem(it.itm_det, 1);
  for (const e of g.exp) for (const i of e.inv) for (const it of i.itms) addItem(it, 1);
  for (const r of g.b2cs) addItem(r, 1);
  for (const c of g.cdnr) for (const n of c.nt) for (const it of n.itms) addItem(it.itm_det, -1);
  for (const n of g.cdnur) for (const it of n.itms) addItem(it.itm_det, -1);
  return out;
}

/** The Tax view's counts (issue 41): the month's invoices per section, and credit notes per section of their invoice. */
export interface Gstr1Counts {
  b2b: number;
  b2cl: number;
  b2cs: number;
  exp: number;
  cdnr: number;
  cdnur: number;
  /** Credit notes of B2CS invoices (netted into b2cs). */
  b2csNotes: number;
}

export function gstr1Counts(documents: readonly Gstr1Document[]): Gstr1Counts {
  const c: Gstr1Counts = { b2b: 0, b2cl: 0, b2cs: 0, exp: 0, cdnr: 0, cdnur: 0, b2csNotes: 0 };
  for (const d of documents) {
    const section = gstr1SectionOf(d.invoice);
    if (d.kind === 'invoice') c[section] += 1;
    else if (section === 'b2b') c.cdnr += 1;
    else if (section === 'b2cs') c.b2csNotes += 1;
    else c.cdnur += 1;
  }
  return c;
}

// ── CSV per section (the offline tool's templates) ──────────────────────────────────

export const GSTR1_CSV_SECTIONS = ['b2b', 'b2cl', 'b2cs', 'exp', 'cdnr', 'cdnur', 'hsn_b2b', 'hsn_b2c', 'docs'] as const;
export type Gstr1CsvSection = (typeof GSTR1_CSV_SECTIONS)[number];

const csvCell = (value: string | number) => {
  const text = String(value);
  const safe = typeof value === 'string' && /^[=+\-@\t\r]/.test(text) ? `'${text}` : text;
  return /[",\n\r]/.test(safe) ? `"${safe.replace(/"/g, '""')}"` : safe;
};
const money = (r: number) => r.toFixed(2);
const csvLine = (cells: readonly (string | number)[]) => `${cells.map(csvCell).join(',')}\r\n`;

const MONTHS = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'];
/** 'DD-MM-YYYY' as the tool's CSV writes it: '05-Nov-2026'. */
function csvDate(d: string): string {
  const [day = '', mon = '', year = ''] = d.split('-');
  return `${day}-${MONTHS[Number(mon) - 1] ?? mon}-${year}`;
}

/** 'Karnataka' of '29' (the tool's CSV writes the place of supply as '29-Karnataka'). */
export type StateNameOf = (code: string) => string;

const HEADERS: Record<Gstr1CsvSection, string[]> = {
  b2b: [
    'GSTIN/UIN of Recipient',
    'Receiver Name',
    'Invoice Number',
    'Invoice date',
    'Invoice Value',
    'Place Of Supply',
    'Reverse Charge',
    'Applicable % of Tax Rate',
    'Invoice Type',
    'E-Commerce GSTIN',
    'Rate',
    'Taxable Value',
    'Cess Amount',
  ],
  b2cl: [
    'Invoice Number',
    'Invoice date',
    'Invoice Value',
    'Place Of Supply',
    'Applicable % of Tax Rate',
    'Rate',
    'Taxable Value',
    'Cess Amount',
    'E-Commerce GSTIN',
  ],
  b2cs: ['Type', 'Place Of Supply', 'Applicable % of Tax Rate', 'Rate', 'Taxable Value', 'Cess Amount', 'E-Commerce GSTIN'],
  exp: [
    'Export Type',
    'Invoice Number',
    'Invoice date',
    'Invoice Value',
    'Port Code',
    'Shipping Bill Number',
    'Shipping Bill Date',
    'Rate',
    'Taxable Value',
    'Cess Amount',
  ],
  cdnr: [
    'GSTIN/UIN of Recipient',
    'Receiver Name',
    'Note Number',
    'Note Date',
    'Note Type',
    'Place Of Supply',
    'Reverse Charge',
    'Note Supply Type',
    'Note Value',
    'Applicable % of Tax Rate',
    'Rate',
    'Taxable Value',
    'Cess Amount',
  ],
  cdnur: [
    'UR Type',
    'Note Number',
    'Note Date',
    'Note Type',
    'Place Of Supply',
    'Note Value',
    'Applicable % of Tax Rate',
    'Rate',
    'Taxable Value',
    'Cess Amount',
  ],
  hsn_b2b: [
    'HSN',
    'Description',
    'UQC',
    'Total Quantity',
    'Total Value',
    'Rate',
    'Taxable Value',
    'Integrated Tax Amount',
    'Central Tax Amount',
    'State/UT Tax Amount',
    'Cess Amount',
  ],
  hsn_b2c: [
    'HSN',
    'Description',
    'UQC',
    'Total Quantity',
    'Total Value',
    'Rate',
    'Taxable Value',
    'Integrated Tax Amount',
    'Central Tax Amount',
    'State/UT Tax Amount',
    'Cess Amount',
  ],
  docs: ['Nature of Document', 'Sr. No. From', 'Sr. No. To', 'Total Number', 'Cancelled'],
};

/** One section of the return as the offline tool's CSV template (amounts in rupees, two decimals). */
export function gstr1Csv(
  g: Gstr1,
  section: Gstr1CsvSection,
  stateName: StateNameOf,
  receiverName: (ctin: string) => string = () => '',
): string {
  const pos = (code: string) => `${code}-${stateName(code)}`;
  const rows: (string | number)[][] = [];
  if (section === 'b2b')
    for (const c of g.b2b)
      for (const i of c.inv)
        for (const it of i.itms)
          rows.push([
            c.ctin,
            receiverName(c.ctin),
            i.inum,
            csvDate(i.idt),
            money(i.val),
            pos(i.pos),
            'N',
            '',
            'Regular B2B',
            '',
            it.itm_det.rt,
            money(it.itm_det.txval),
            money(0),
          ]);
  if (section === 'b2cl')
    for (const c of g.b2cl)
      for (const i of c.inv)
        for (const it of i.itms)
          rows.push([i.inum, csvDate(i.idt), money(i.val), pos(c.pos), '', it.itm_det.rt, money(it.itm_det.txval), money(0), '']);
  if (section === 'b2cs') for (const r of g.b2cs) rows.push(['OE', pos(r.pos), '', r.rt, money(r.txval), money(0), '']);
  if (section === 'exp')
    for (const e of g.exp)
      for (const i of e.inv)
        for (const it of i.itms) rows.push(['WPAY', i.inum, csvDate(i.idt), money(i.val), '', '', '', it.rt, money(it.txval), money(0)]);
  if (section === 'cdnr')
    for (const c of g.cdnr)
      for (const n of c.nt)
        for (const it of n.itms)
          rows.push([
            c.ctin,
            receiverName(c.ctin),
            n.nt_num,
            csvDate(n.nt_dt),
            'C',
            pos(n.pos),
            'N',
            'Regular B2B',
            money(n.val),
            '',
            it.itm_det.rt,
            money(it.itm_det.txval),
            money(0),
          ]);
  if (section === 'cdnur')
    for (const n of g.cdnur)
      for (const it of n.itms)
        rows.push([n.typ, n.nt_num, csvDate(n.nt_dt), 'C', pos(n.pos), money(n.val), '', it.itm_det.rt, money(it.itm_det.txval), money(0)]);
  if (section === 'hsn_b2b' || section === 'hsn_b2c')
    for (const h of g.hsn[section])
      rows.push([
        h.hsn_sc,
        h.desc,
        `${h.uqc}-NUMBERS`,
        h.qty,
        money(h.txval + h.iamt + h.camt + h.samt),
        h.rt,
        money(h.txval),
        money(h.iamt),
        money(h.camt),
        money(h.samt),
        money(0),
      ]);
  if (section === 'docs')
    for (const d of g.doc_issue.doc_det) for (const r of d.docs) rows.push([d.doc_typ, r.from, r.to, r.totnum, r.cancel]);
  return csvLine(HEADERS[section]) + rows.map(csvLine).join('');
}
