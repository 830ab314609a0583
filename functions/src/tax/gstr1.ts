/**
 * GSTR-1 of a month (issue 41, docs/gst-b2b.md): every invoice and credit note issued in the
 * IST month with its invoice (three range queries: orders' invoices, orders' credit notes,
 * returns' credit notes and their orders' invoices), the series' ranges from the year's
 * counters, and the seller's GSTIN; the sections are built by `buildGstr1` (domain).
 *
 * Reads the whole month (one read per document), in the admin's function only (Hosting sends
 * /api/admin/** there, decision 0031), like the Tax view's CSV.
 */
import {
  buildGstr1,
  creditNoteFromData,
  documentsIssuedRow,
  financialYearName,
  financialYearStart,
  gstr1Counts,
  invoiceFromData,
  returnCreditNoteFromData,
  seriesMonthsFromData,
  type DocumentsIssuedRow,
  type Gstr1,
  type Gstr1Counts,
  type Gstr1Document,
  type Invoice,
  type TaxDocumentKind,
} from '@bagshop/domain';
import { Timestamp, type Firestore, type Query } from 'firebase-admin/firestore';
import { conflict } from '../lib/errors.js';
import { plainData } from '../lib/firestore-data.js';
import { getSellerSettings } from '../seller/index.js';

export const GSTR1_NO_SELLER = 'Fill in the seller settings (the GSTIN) before making the GSTR-1';

type Range = { start: Date; end: Date };

const inMonth = (db: Firestore, collection: string, field: string, range: Range): Query =>
  db.collection(collection).where(field, '>=', Timestamp.fromDate(range.start)).where(field, '<', Timestamp.fromDate(range.end));

/** The month's documents, each with its invoice and its own lines. */
export async function gstr1Documents(db: Firestore, range: Range): Promise<Gstr1Document[]> {
  const [invoices, notes, returns] = await Promise.all([
    inMonth(db, 'orders', 'invoice.issuedAt', range).select('invoice').get(),
    inMonth(db, 'orders', 'creditNote.issuedAt', range).select('invoice', 'creditNote').get(),
    inMonth(db, 'returns', 'creditNote.issuedAt', range).select('orderId', 'creditNote').get(),
  ]);
  const documents: Gstr1Document[] = [];
  for (const doc of invoices.docs) {
    const invoice = invoiceFromData(plainData(doc.get('invoice')));
    if (invoice)
      documents.push({
        kind: 'invoice',
        number: invoice.number,
        issuedAt: invoice.issuedAt,
        invoice,
        lines: invoice.lines,
        totals: invoice.totals,
      });
  }
  for (const doc of notes.docs) {
    const invoice = invoiceFromData(plainData(doc.get('invoice')));
    const note = creditNoteFromData(plainData(doc.get('creditNote')));
    // A whole order's credit note: the invoice's lines.
    if (invoice && note)
      documents.push({
        kind: 'credit-note',
        number: note.number,
        issuedAt: note.issuedAt,
        invoice,
        lines: invoice.lines,
        totals: note.totals,
      });
  }
  const orderIds = [...new Set(returns.docs.map((d) => String(d.get('orderId') ?? '')).filter(Boolean))];
  const orders = orderIds.length
    ? await db.getAll(...orderIds.map((id) => db.collection('orders').doc(id)), { fieldMask: ['invoice'] })
    : [];
  const invoiceOf = new Map<string, Invoice | null>(orders.map((o) => [o.id, invoiceFromData(plainData(o.get('invoice')))]));
  for (const doc of returns.docs) {
    const invoice = invoiceOf.get(String(doc.get('orderId') ?? ''));
    const note = returnCreditNoteFromData(plainData(doc.get('creditNote')));
    // A return's partial credit note: its own lines.
    if (invoice && note)
      documents.push({
        kind: 'credit-note',
        number: note.number,
        issuedAt: note.issuedAt,
        invoice,
        lines: note.lines,
        totals: note.totals,
      });
  }
  return documents;
}

const SERIES: readonly TaxDocumentKind[] = ['invoice', 'credit-note'];

/** The month's ranges of each series (GSTR-1 Table 13), from the year's counters, as the Tax view shows them. */
export async function gstr1DocumentsIssued(db: Firestore, month: string, range: Range): Promise<DocumentsIssuedRow[]> {
  const fyStart = financialYearStart(range.start);
  const counters = await db.getAll(...SERIES.map((kind) => db.collection('taxSeries').doc(`${kind}-${fyStart}`)));
  const rows: DocumentsIssuedRow[] = [];
  SERIES.forEach((kind, i) => {
    const m = seriesMonthsFromData(counters[i]?.get('months'))[month];
    if (m && m.count > 0) rows.push(documentsIssuedRow(kind, financialYearName(fyStart), m));
  });
  return rows;
}

export interface Gstr1Export {
  gstr1: Gstr1;
  counts: Gstr1Counts;
  /** Legal names of the month's registered buyers, by GSTIN (the CSV's "Receiver Name"). */
  receivers: Record<string, string>;
}

/** GET /api/admin/tax/gstr1: the month's return. 409 without the seller's GSTIN. */
export async function gstr1Export(db: Firestore, month: string, range: Range): Promise<Gstr1Export> {
  const seller = await getSellerSettings();
  if (!seller?.gstin) throw conflict(GSTR1_NO_SELLER);
  const [documents, documentsIssued] = await Promise.all([gstr1Documents(db, range), gstr1DocumentsIssued(db, month, range)]);
  const receivers: Record<string, string> = {};
  for (const d of documents) if (d.invoice.buyer.gstin) receivers[d.invoice.buyer.gstin] = d.invoice.buyer.legalName ?? '';
  return { gstr1: buildGstr1({ gstin: seller.gstin, month, documents, documentsIssued }), counts: gstr1Counts(documents), receivers };
}
