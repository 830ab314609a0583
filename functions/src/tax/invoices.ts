/**
 * Tax invoices and credit notes (docs/gst-invoices.md,
 * docs/decisions/0029-invoice-numbers-single-writer.md).
 *
 * The status change that confirms (or cancels) an order does not number anything: it reads
 * the seller, builds the whole snapshot except its number (a draft, `pendingInvoice` /
 * `pendingCreditNote` on the order) and puts the order on the numbering queue
 * (`taxQueue/{orderId}`), in its own transaction, without reading a counter. The single
 * writer (tax/numbering.ts) then gives the drafts their consecutive numbers.
 *
 * Both prepare functions are TWO-PHASE, because a Firestore transaction must do all its
 * reads before any write: they read and return `apply(tx)`, which only writes the queue
 * entry and returns the patch for the order document.
 */
import {
  buildCreditNote,
  buildInvoice,
  financialYearStart,
  INVOICE_PREFIX_PATTERN,
  invoiceFromData,
  placeOfSupplyOf,
  type CreditNote,
  type Invoice,
  type StoredAddress,
} from '@bagshop/domain';
import { Timestamp, type DocumentReference, type Transaction } from 'firebase-admin/firestore';
import { db } from '../lib/admin.js';
import { plainData } from '../lib/firestore-data.js';
import { conflict } from '../lib/errors.js';
import { sellerFromData, sellerRef } from '../seller/index.js';

export const NO_INVOICE = 'No invoice has been issued for this order yet';
export const INVOICE_BEING_PREPARED = 'The invoice of this order is being prepared: try again in a moment';
export const NO_CREDIT_NOTE = 'No credit note has been issued for this order';
export const SELLER_MISSING =
  'Fill in the seller settings (legal name, address, GSTIN, invoice prefix) before confirming orders: every confirmed order gets a tax invoice';

/** One counter document per series and financial year: taxSeries/invoice-2026, taxSeries/credit-note-2026. */
export const taxSeries = () => db.collection('taxSeries');

/** The numbering queue: one entry per order with a draft to number (`{ orderId, queuedAt }`). */
export const taxQueue = () => db.collection('taxQueue');

type Data = FirebaseFirestore.DocumentData;

/** What the order document keeps: the snapshot, with its date as a Firestore Timestamp. */
export type Stored<T extends { issuedAt: string }> = Omit<T, 'issuedAt'> & { issuedAt: Timestamp };

/** A draft waiting for its number: the snapshot with `number: ''`, and where its number comes from. */
export interface PendingInvoice {
  prefix: string;
  fyStart: number;
  invoice: Stored<Invoice>;
  /** E-invoicing was on and the buyer has a GSTIN: the numbered invoice goes to the IRP (tax/einvoice.ts). */
  einvoice?: boolean;
}
export interface PendingCreditNote {
  fyStart: number;
  creditNote: Stored<CreditNote>;
}

export type ApplyInvoice = (tx: Transaction) => { pendingInvoice: PendingInvoice };
export type ApplyCreditNote = (tx: Transaction) => { pendingCreditNote: PendingCreditNote };

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

/** Whether the order waits for the single writer to number its invoice. */
export function invoicePending(order: Data): boolean {
  return !order.invoice && order.pendingInvoice != null;
}

function queue(tx: Transaction, orderRef: DocumentReference, now: Date): void {
  tx.set(taxQueue().doc(orderRef.id), { orderId: orderRef.id, queuedAt: Timestamp.fromDate(now) });
}

/**
 * Phase 1 of the invoice when an order becomes `confirmed`: reads the seller and builds the
 * draft dated `now` (its financial year is `now`'s). Returns null when the order already has
 * an invoice or a draft (it is issued once and never changes). Throws a 409
 * (`isInvoiceNotIssuable`) when the seller settings are missing or the delivery state is unknown.
 */
export async function prepareInvoice(tx: Transaction, orderRef: DocumentReference, order: Data, now: Date): Promise<ApplyInvoice | null> {
  if (order.invoice || order.pendingInvoice) return null;
  const seller = sellerFromData((await tx.get(sellerRef())).data());
  if (!seller || !seller.gstin || !seller.invoicePrefix || !seller.legalName) fail(SELLER_MISSING);
  if (!INVOICE_PREFIX_PATTERN.test(seller.invoicePrefix))
    fail(`The invoice prefix '${seller.invoicePrefix}' is too long: save 1 or 2 capital letters or digits in the seller settings`);
  const fyStart = financialYearStart(now);
  const address = (order.shippingAddress ?? {}) as StoredAddress;
  const placeOfSupply = placeOfSupplyOf(address);
  if (!placeOfSupply) {
    fail(
      `The delivery state '${String(address.state ?? '')}' is not an Indian state or union territory, so the invoice has no place of supply: correct the address first`,
    );
  }
  const invoice = buildInvoice({
    fyStart,
    sequence: null,
    issuedAt: now,
    seller,
    placeOfSupply,
    user: (order.user ?? {}) as Data,
    shippingAddress: address,
    items: Array.isArray(order.items) ? (order.items as Data[]) : [],
    // A registered buyer (issue 41, functions/src/tax): a B2B invoice with the GSTIN.
    businessBuyer: (order.buyer ?? null) as Data | null,
    // An express fee above ₹0 is the invoice's own line (issue 40).
    delivery: order.delivery,
  });
  return (writer) => {
    queue(writer, orderRef, now);
    const einvoice = seller.einvoice === 'on' && Boolean(invoice.buyer.gstin);
    return { pendingInvoice: { prefix: seller.invoicePrefix, fyStart, invoice: stored(invoice), ...(einvoice ? { einvoice } : {}) } };
  };
}

/**
 * Phase 1 of the credit note when an invoiced order is cancelled (or comes back undelivered):
 * a draft dated `now`, numbered by the single writer with the invoice (after it, when the
 * invoice itself still waits for its number). Null when the order has no invoice nor draft,
 * or already has a credit note.
 */
export async function prepareCreditNote(
  _tx: Transaction,
  orderRef: DocumentReference,
  order: Data,
  now: Date,
): Promise<ApplyCreditNote | null> {
  if (order.creditNote || order.pendingCreditNote) return null;
  const pending = order.pendingInvoice as { invoice?: unknown } | undefined;
  const invoice = invoiceFromData(plainData(order.invoice ?? pending?.invoice));
  if (!invoice) return null;
  const fyStart = financialYearStart(now);
  const creditNote = buildCreditNote(invoice, { fyStart, sequence: null, issuedAt: now });
  return (writer) => {
    queue(writer, orderRef, now);
    return { pendingCreditNote: { fyStart, creditNote: stored(creditNote) } };
  };
}
