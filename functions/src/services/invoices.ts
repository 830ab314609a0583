/**
 * Tax invoices and credit notes (docs/gst-invoices.md).
 *
 * Both are written TWO-PHASE, because a Firestore transaction must do all its reads before
 * any write: `prepareInvoice(tx, …)` reads the seller and the year's counter and returns
 * `apply(tx)`, which only writes the counter and returns the patch for the order document.
 * The status change that calls them commits the number and the order together, so a number
 * is never skipped or shared.
 */
import {
  CREDIT_NOTE_SERIES_MAX,
  INVOICE_SERIES_MAX,
  buildCreditNote,
  buildInvoice,
  creditNoteFromData,
  financialYearLabel,
  financialYearStart,
  invoiceFromData,
  placeOfSupplyOf,
  returnCreditNoteFromData,
  taxReport,
  totalsByRate,
  type CreditNote,
  type Invoice,
  type StoredAddress,
  type TaxDocumentRow,
  type TaxReport,
} from '@bagshop/domain';
import { Timestamp, type DocumentReference, type Transaction } from 'firebase-admin/firestore';
import { db } from '../lib/admin.js';
import { plainData } from '../lib/firestore-data.js';
import { conflict } from '../lib/errors.js';
import { sellerFromData, sellerRef } from './seller.js';

export const NO_INVOICE = 'No invoice has been issued for this order yet';
export const NO_CREDIT_NOTE = 'No credit note has been issued for this order';
export const SELLER_MISSING =
  'Fill in the seller settings (legal name, address, GSTIN, invoice prefix) before confirming orders: every confirmed order gets a tax invoice';

/** One counter document per series and financial year: taxSeries/invoice-2026, taxSeries/credit-note-2026. */
export const taxSeries = () => db.collection('taxSeries');

type Data = FirebaseFirestore.DocumentData;

/** What the order document keeps: the snapshot, with its date as a Firestore Timestamp. */
export type Stored<T extends { issuedAt: string }> = Omit<T, 'issuedAt'> & { issuedAt: Timestamp };

export type ApplyInvoice = (tx: Transaction) => { invoice: Stored<Invoice> };
export type ApplyCreditNote = (tx: Transaction) => { creditNote: Stored<CreditNote> };

export function stored<T extends { issuedAt: string }>(snapshot: T): Stored<T> {
  return { ...snapshot, issuedAt: Timestamp.fromDate(new Date(snapshot.issuedAt)) };
}

function fail(message: string): never {
  throw Object.assign(conflict(message), { invoiceNotIssuable: true });
}

/** Whether an error is `prepareInvoice` refusing to make an invoice (a 409 with a reason). */
export function isInvoiceNotIssuable(error: unknown): boolean {
  return typeof error === 'object' && error !== null && (error as { invoiceNotIssuable?: unknown }).invoiceNotIssuable === true;
}

/**
 * Phase 1 of issuing the invoice when an order becomes `confirmed`: reads the seller and
 * the counter of the financial year `now` falls in. Returns null when the order already has
 * an invoice (it is issued once and never changes). Throws a 409 (`isInvoiceNotIssuable`)
 * when the seller settings are missing or the delivery state is unknown.
 */
export async function prepareInvoice(tx: Transaction, orderRef: DocumentReference, order: Data, now: Date): Promise<ApplyInvoice | null> {
  if (order.invoice) return null;
  const seller = sellerFromData((await tx.get(sellerRef())).data());
  if (!seller || !seller.gstin || !seller.invoicePrefix || !seller.legalName) fail(SELLER_MISSING);
  const fyStart = financialYearStart(now);
  const counterRef = taxSeries().doc(`invoice-${fyStart}`);
  const sequence = Number((await tx.get(counterRef)).get('last') ?? 0) + 1;
  if (sequence > INVOICE_SERIES_MAX) fail(`The invoice series of ${financialYearLabel(fyStart)} is full (${INVOICE_SERIES_MAX} invoices)`);
  const address = (order.shippingAddress ?? {}) as StoredAddress;
  const placeOfSupply = placeOfSupplyOf(address);
  if (!placeOfSupply) {
    fail(
      `The delivery state '${String(address.state ?? '')}' is not an Indian state or union territory, so the invoice has no place of supply: correct the address first`,
    );
  }
  const invoice = buildInvoice({
    fyStart,
    sequence,
    issuedAt: now,
    seller,
    placeOfSupply,
    user: (order.user ?? {}) as Data,
    shippingAddress: address,
    items: Array.isArray(order.items) ? (order.items as Data[]) : [],
  });
  return (writer) => {
    writer.set(counterRef, {
      series: 'invoice',
      financialYear: invoice.financialYear,
      last: sequence,
      lastNumber: invoice.number,
      orderId: orderRef.id,
      updatedAt: Timestamp.fromDate(now),
    });
    return { invoice: stored(invoice) };
  };
}

/**
 * Phase 1 of the credit note when an invoiced order is cancelled: reads the credit-note
 * counter of `now`'s financial year. Null when the order has no invoice or already has a
 * credit note.
 */
export async function prepareCreditNote(
  tx: Transaction,
  orderRef: DocumentReference,
  order: Data,
  now: Date,
): Promise<ApplyCreditNote | null> {
  const invoice = invoiceFromData(plainData(order.invoice));
  if (!invoice || order.creditNote) return null;
  const fyStart = financialYearStart(now);
  const counterRef = taxSeries().doc(`credit-note-${fyStart}`);
  const sequence = Number((await tx.get(counterRef)).get('last') ?? 0) + 1;
  if (sequence > CREDIT_NOTE_SERIES_MAX)
    fail(`The credit note series of ${financialYearLabel(fyStart)} is full (${CREDIT_NOTE_SERIES_MAX} notes)`);
  const creditNote = buildCreditNote(invoice, { fyStart, sequence, issuedAt: now });
  return (writer) => {
    writer.set(counterRef, {
      series: 'credit-note',
      financialYear: creditNote.financialYear,
      last: sequence,
      lastNumber: creditNote.number,
      orderId: orderRef.id,
      updatedAt: Timestamp.fromDate(now),
    });
    return { creditNote: stored(creditNote) };
  };
}

// ── The monthly report ────────────────────────────────────────────────────────────────

const orders = () => db.collection('orders');

/** Invoices and credit notes issued in [start, end): two single-field range queries. */
export async function monthlyTaxReport(month: string, range: { start: Date; end: Date }): Promise<TaxReport> {
  const start = Timestamp.fromDate(range.start);
  const end = Timestamp.fromDate(range.end);
  const [invoiced, credited, returned] = await Promise.all([
    orders().where('invoice.issuedAt', '>=', start).where('invoice.issuedAt', '<', end).select('invoice').get(),
    orders().where('creditNote.issuedAt', '>=', start).where('creditNote.issuedAt', '<', end).select('invoice', 'creditNote').get(),
    // Partial credit notes of returns (docs/returns.md): on the return, with its lines.
    db
      .collection('returns')
      .where('creditNote.issuedAt', '>=', start)
      .where('creditNote.issuedAt', '<', end)
      .select('orderId', 'creditNote')
      .get(),
  ]);
  const rows: TaxDocumentRow[] = [];
  for (const doc of invoiced.docs) {
    const invoice = invoiceFromData(plainData(doc.get('invoice')));
    if (!invoice) continue;
    rows.push({
      kind: 'invoice',
      number: invoice.number,
      issuedAt: invoice.issuedAt,
      orderId: doc.id,
      invoiceNumber: '',
      buyerName: invoice.buyer.name,
      placeOfSupply: invoice.placeOfSupply,
      intraState: invoice.intraState,
      totals: invoice.totals,
      byRate: totalsByRate(invoice.lines),
    });
  }
  for (const doc of credited.docs) {
    const invoice = invoiceFromData(plainData(doc.get('invoice')));
    const note = creditNoteFromData(plainData(doc.get('creditNote')));
    if (!invoice || !note) continue;
    rows.push({
      kind: 'credit-note',
      number: note.number,
      issuedAt: note.issuedAt,
      orderId: doc.id,
      invoiceNumber: note.invoiceNumber,
      buyerName: invoice.buyer.name,
      placeOfSupply: invoice.placeOfSupply,
      intraState: invoice.intraState,
      totals: note.totals,
      byRate: totalsByRate(invoice.lines),
    });
  }
  const returnOrders = returned.docs.length
    ? await db.getAll(...[...new Set(returned.docs.map((d) => String(d.get('orderId'))))].map((id) => orders().doc(id)))
    : [];
  const invoiceOf = new Map(returnOrders.map((o) => [o.id, invoiceFromData(plainData(o.get('invoice')))]));
  for (const doc of returned.docs) {
    const orderId = String(doc.get('orderId'));
    const invoice = invoiceOf.get(orderId);
    const note = returnCreditNoteFromData(plainData(doc.get('creditNote')));
    if (!invoice || !note) continue;
    rows.push({
      kind: 'credit-note',
      number: note.number,
      issuedAt: note.issuedAt,
      orderId,
      invoiceNumber: note.invoiceNumber,
      buyerName: invoice.buyer.name,
      placeOfSupply: invoice.placeOfSupply,
      intraState: invoice.intraState,
      totals: note.totals,
      byRate: totalsByRate(note.lines),
      returnNumber: doc.id,
    });
  }
  return taxReport(month, rows);
}
