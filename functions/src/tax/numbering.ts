/**
 * The single writer of invoice and credit-note numbers (docs/gst-invoices.md "Numbers",
 * docs/decisions/0029-invoice-numbers-single-writer.md).
 *
 * Confirming or cancelling an order only leaves a draft on it and an entry in `taxQueue`
 * (tax/invoices.ts). `issueQueuedDocuments` takes the oldest entries, up to a batch,
 * and in ONE transaction reads the year's counters, gives every draft the next number of
 * its series (invoices before credit notes, so a credit note can name an invoice numbered
 * in the same batch), writes the orders, deletes the entries and moves the counters on.
 * A transaction that aborts writes nothing, so no number is used up or given twice.
 *
 * It runs from the `numberTaxDocuments` Firestore trigger (one instance, one request at a
 * time in production), from the minute sweep (a trigger that never arrived), and after an
 * admin's or shopper's move (so its answer carries the number). Runs that overlap are
 * serialised by the counter documents; the payment webhook never runs it.
 */
import {
  addToSeriesMonth,
  backoffDelayMs,
  retryFits,
  CREDIT_NOTE_SERIES_MAX,
  creditNoteFromData,
  creditNoteNumber,
  creditNoteRow,
  financialYearCode,
  INVOICE_SERIES_MAX,
  invoiceFromData,
  invoiceNumber,
  invoiceRow,
  istMonthOf,
  seriesMonthsFromData,
  type SeriesMonth,
  type TaxDocumentRow,
} from '@bagshop/domain';
import { logger } from 'firebase-functions';
import { FieldValue, Timestamp, type DocumentSnapshot, type Transaction } from 'firebase-admin/firestore';
import { db } from '../lib/admin.js';
import { conflict } from '../lib/errors.js';
import { plainData } from '../lib/firestore-data.js';
import { INVOICE_BEING_PREPARED, invoicePending, taxQueue, taxSeries } from './invoices.js';
import { orders, runOrderTransaction } from '../orders/store.js';
import { recordTaxDocuments } from './months.js';
import { einvoicePending, IRN_PENDING_SHIP, pendingEinvoice, reportEinvoice, reportEinvoices } from './einvoice.js';

/** At most this many orders a transaction (each is one order write and one queue delete; Firestore allows 500 writes). */
export const NUMBERING_BATCH = 200;

type Series = 'invoice' | 'credit-note';

interface Counter {
  key: string;
  series: Series;
  fyStart: number;
  last: number;
  lastNumber: string;
  orderId: string;
  changed: boolean;
  /** Per IST month: how many numbers and the lowest and highest (the Tax view's documents-issued table). */
  months: Record<string, SeriesMonth>;
}

function counterKey(series: Series, fyStart: number): string {
  return `${series}-${fyStart}`;
}

function fyOf(value: unknown): number | null {
  const n = Number(value);
  return Number.isInteger(n) && n > 2000 ? n : null;
}

/** The drafts an order waits with: which series and years it needs. */
function needs(order: FirebaseFirestore.DocumentData): { invoiceFy: number | null; noteFy: number | null } {
  const invoiceFy = !order.invoice && order.pendingInvoice ? fyOf(order.pendingInvoice.fyStart) : null;
  const noteFy = !order.creditNote && order.pendingCreditNote ? fyOf(order.pendingCreditNote.fyStart) : null;
  return { invoiceFy, noteFy };
}

function counterOf(counters: Map<string, Counter>, series: Series, fyStart: number): Counter {
  const counter = counters.get(counterKey(series, fyStart));
  if (!counter) throw new Error(`The ${series} counter of ${fyStart} was not read`);
  return counter;
}

/** The next number of a counter, not yet taken; throws when the series is full. */
function peek(counter: Counter, max: number): number {
  if (counter.last >= max) throw new Error(`The ${counter.series} series of ${financialYearCode(counter.fyStart)} is full (${max})`);
  return counter.last + 1;
}

/** Takes the next number for a document dated `issuedAt`. */
function take(counter: Counter, number: string, orderId: string, issuedAt: unknown): void {
  counter.last += 1;
  counter.lastNumber = number;
  counter.orderId = orderId;
  counter.changed = true;
  const date = issuedAt instanceof Timestamp ? issuedAt.toDate() : new Date();
  addToSeriesMonth(counter.months, istMonthOf(date), counter.last, number);
}

/** Numbers one batch in one transaction; answers how many entries it read and how many it took off the queue. */
async function numberBatch(limit: number): Promise<{ read: number; numbered: number; einvoices: string[] }> {
  return runOrderTransaction(async (tx: Transaction) => {
    // The orders this attempt marks "IRN pending" (a retried transaction starts again empty).
    const toReport: string[] = [];
    const queued = await tx.get(taxQueue().orderBy('queuedAt').limit(limit));
    if (queued.empty) return { read: 0, numbered: 0, einvoices: toReport };
    const snaps: DocumentSnapshot[] = await tx.getAll(...queued.docs.map((d) => orders().doc(d.id)));
    const keys = new Map<string, { series: Series; fyStart: number }>();
    for (const snap of snaps) {
      const { invoiceFy, noteFy } = needs(snap.data() ?? {});
      if (invoiceFy !== null) keys.set(counterKey('invoice', invoiceFy), { series: 'invoice', fyStart: invoiceFy });
      if (noteFy !== null) keys.set(counterKey('credit-note', noteFy), { series: 'credit-note', fyStart: noteFy });
    }
    const refs = [...keys.keys()].map((k) => taxSeries().doc(k));
    const counterSnaps = refs.length ? await tx.getAll(...refs) : [];
    const counters = new Map<string, Counter>();
    for (const c of counterSnaps) {
      const k = keys.get(c.id);
      if (!k) continue;
      counters.set(c.id, {
        key: c.id,
        ...k,
        last: Number(c.get('last') ?? 0),
        lastNumber: String(c.get('lastNumber') ?? ''),
        orderId: '',
        changed: false,
        months: seriesMonthsFromData(c.get('months')),
      });
    }

    const now = Timestamp.now();
    let numbered = 0;
    // What the month totals grow by (tax/months.ts), written once per month at the end.
    const issued: TaxDocumentRow[] = [];
    for (const snap of snaps) {
      if (!snap.exists) {
        tx.delete(taxQueue().doc(snap.id));
        numbered += 1;
        continue;
      }
      const order = snap.data() ?? {};
      const { invoiceFy, noteFy } = needs(order);
      // Every number of the order first, counters untouched: one that cannot be made (a full
      // series, a prefix too long for the format) leaves this order queued and logged, not the batch stuck.
      let invoiceNo = typeof order.invoice?.number === 'string' ? (order.invoice.number as string) : '';
      let noteNo = '';
      try {
        if (invoiceFy !== null) {
          invoiceNo = invoiceNumber(
            String(order.pendingInvoice.prefix),
            invoiceFy,
            peek(counterOf(counters, 'invoice', invoiceFy), INVOICE_SERIES_MAX),
          );
        }
        if (noteFy !== null && invoiceNo) {
          const prefix = invoiceNo.split('/')[0] ?? '';
          noteNo = creditNoteNumber(prefix, noteFy, peek(counterOf(counters, 'credit-note', noteFy), CREDIT_NOTE_SERIES_MAX));
        }
      } catch (error) {
        logger.error('tax_number_impossible', { orderId: snap.id, error: error instanceof Error ? error.message : String(error) });
        continue;
      }
      const patch: Record<string, unknown> = {};
      if (invoiceFy !== null) {
        take(counterOf(counters, 'invoice', invoiceFy), invoiceNo, snap.id, order.pendingInvoice.invoice?.issuedAt);
        patch.invoice = { ...order.pendingInvoice.invoice, number: invoiceNo };
        patch.pendingInvoice = FieldValue.delete();
        // E-invoicing (tax/einvoice.ts): "IRN pending" from its number on; reported after the commit.
        if (order.pendingInvoice.einvoice === true) {
          patch.einvoice = pendingEinvoice(now);
          toReport.push(snap.id);
        }
      }
      if (noteNo && noteFy !== null) {
        take(counterOf(counters, 'credit-note', noteFy), noteNo, snap.id, order.pendingCreditNote.creditNote?.issuedAt);
        patch.creditNote = { ...order.pendingCreditNote.creditNote, number: noteNo, invoiceNumber: invoiceNo };
        patch.pendingCreditNote = FieldValue.delete();
      }
      const invoice = invoiceFromData(plainData(patch.invoice ?? order.invoice));
      if (invoice && patch.invoice) issued.push(invoiceRow(snap.id, invoice));
      const note = patch.creditNote ? creditNoteFromData(plainData(patch.creditNote)) : null;
      if (invoice && note) issued.push(creditNoteRow(snap.id, invoice, note));
      if (Object.keys(patch).length) tx.update(snap.ref, patch);
      tx.delete(taxQueue().doc(snap.id));
      numbered += 1;
    }
    for (const c of counters.values()) {
      if (!c.changed) continue;
      tx.set(taxSeries().doc(c.key), {
        series: c.series,
        financialYear: `${c.fyStart}-${financialYearCode(c.fyStart).slice(2)}`,
        last: c.last,
        lastNumber: c.lastNumber,
        orderId: c.orderId,
        months: c.months,
        updatedAt: now,
      });
    }
    recordTaxDocuments(db, (ref, data) => tx.set(ref, data, { merge: true }), issued);
    return { read: queued.size, numbered, einvoices: toReport };
  });
}

/**
 * The writer's lease (issue 37): `taxWriter/lease` `{ holder, until }`. Only its holder runs the
 * numbering transactions, so runs never overlap. Before it, every confirmation ran its own
 * whole-queue transaction after its commit: eight at once each locked the same queue entries,
 * orders and counters, the emulator (and Firestore) made them wait on one another and abort,
 * and one answered after more than 15 s. Taken with a create (fails when held) and given back
 * with a delete conditioned on its own write time, so the lease itself is never a contended
 * transaction; a holder that died loses it at `until`.
 */
const writerLease = () => db.doc('taxWriter/lease');
/** Longer than a run takes (a batch is seconds); a holder that died blocks numbering this long at most. */
export const WRITER_LEASE_MS = 30_000;

async function takeLease(holder: string): Promise<Timestamp | null> {
  const ref = writerLease();
  const lease = () => ({ holder, until: Timestamp.fromMillis(Date.now() + WRITER_LEASE_MS), takenAt: Timestamp.now() });
  try {
    return (await ref.create(lease())).writeTime;
  } catch (error) {
    if (codeOf(error) !== 6) throw error; // ALREADY_EXISTS: held
  }
  const held = await ref.get();
  const until = held.get('until');
  if (held.exists && until instanceof Timestamp && until.toMillis() > Date.now()) return null;
  // Expired (its holder died): taken over, unless someone else just did.
  try {
    if (held.exists && held.updateTime) await ref.delete({ lastUpdateTime: held.updateTime });
    return (await ref.create(lease())).writeTime;
  } catch (error) {
    const code = codeOf(error);
    if (code === 6 || code === 9) return null; // taken, or changed, by another
    throw error;
  }
}

async function giveBackLease(writeTime: Timestamp): Promise<void> {
  try {
    await writerLease().delete({ lastUpdateTime: writeTime });
  } catch (error) {
    // FAILED_PRECONDITION: it expired and another holds it now.
    if (codeOf(error) !== 9) throw error;
  }
}

function codeOf(error: unknown): unknown {
  return typeof error === 'object' && error !== null ? (error as { code?: unknown }).code : undefined;
}

let holderSeq = 0;

/**
 * Numbers every queued draft, batch after batch, holding the writer's lease; answers how many
 * orders it took off the queue, or null when another run holds the lease (that run numbers them:
 * it looks at the queue again after giving the lease back, so an entry queued meanwhile is not left).
 */
export async function issueQueuedDocuments(batch = NUMBERING_BATCH): Promise<number | null> {
  const toReport: string[] = [];
  try {
    return await numberQueue(batch, toReport);
  } finally {
    // The B2B invoices just numbered with e-invoicing on go to the IRP (outside the lease).
    if (toReport.length) await reportEinvoices(toReport);
  }
}

async function numberQueue(batch: number, toReport: string[]): Promise<number | null> {
  let total = 0;
  for (;;) {
    holderSeq += 1;
    const writeTime = await takeLease(`${process.pid}-${holderSeq}-${Math.random().toString(36).slice(2, 8)}`);
    if (!writeTime) return total > 0 ? total : null;
    try {
      for (;;) {
        const { read, numbered, einvoices } = await numberBatch(batch);
        toReport.push(...einvoices);
        total += numbered;
        // A short batch was the end of the queue; a batch that numbered nothing is all orders that cannot be numbered (logged).
        if (read < batch || numbered === 0) break;
      }
    } finally {
      await giveBackLease(writeTime);
    }
    // Entries queued while this run held the lease, whose own runs found it held.
    const left = await taxQueue().orderBy('queuedAt').limit(20).get();
    if (left.empty) return total;
    const waiting = await db.getAll(...left.docs.map((d) => orders().doc(d.id)));
    // Only entries that cannot be numbered are left (logged above): stop.
    if (waiting.every((o) => o.exists && !waitsForNumber(o.data() ?? {}))) return total;
  }
}

/** Like `issueQueuedDocuments`, but a failure (contention, a full series) is logged, not thrown. */
export async function issueQueuedDocumentsQuietly(source: string): Promise<void> {
  try {
    const numbered = await issueQueuedDocuments();
    if (numbered) logger.info('tax_documents_numbered', { source, numbered });
  } catch (error) {
    logger.error('tax_numbering_failed', { source, error: error instanceof Error ? error.message : String(error) });
  }
}

/** How long an admin's or shopper's move waits for its document's number before answering "being prepared". */
export const NUMBER_WAIT_MS = 8_000;

/** Whether the order still waits for a number (its invoice, or its credit note). */
function waitsForNumber(order: FirebaseFirestore.DocumentData): boolean {
  const { invoiceFy, noteFy } = needs(order);
  return invoiceFy !== null || noteFy !== null;
}

/**
 * After a person's move (an admin's Confirm, a cancel): runs the writer, or, while another run
 * holds the lease, waits for that run to number this order (reads, with growing pauses), up to
 * `waitMs`. Never throws: an order still waiting answers `invoicePending: true`.
 */
export async function awaitTaxNumbers(orderId: string, source: string, waitMs = NUMBER_WAIT_MS): Promise<void> {
  const deadline = Date.now() + waitMs;
  const ref = orders().doc(orderId);
  for (let attempt = 0; ; attempt += 1) {
    await issueQueuedDocumentsQuietly(source);
    try {
      if (!waitsForNumber((await ref.get()).data() ?? {})) return;
    } catch (error) {
      logger.error('tax_number_wait_failed', { orderId, error: error instanceof Error ? error.message : String(error) });
      return;
    }
    const delay = backoffDelayMs(attempt, { baseMs: 60, capMs: 400 });
    if (!retryFits(Date.now(), delay, deadline)) return;
    await new Promise((resolve) => setTimeout(resolve, delay));
  }
}

/**
 * Before an order leaves (Ship): its invoice must be numbered. Runs (or waits for) the writer if
 * the order still waits; 409 "being prepared" if it still does afterwards.
 */
export async function ensureInvoiceNumbered(orderId: string): Promise<void> {
  const ref = orders().doc(orderId);
  if (invoicePending((await ref.get()).data() ?? {})) {
    await awaitTaxNumbers(orderId, 'dispatch');
    if (invoicePending((await ref.get()).data() ?? {})) throw conflict(INVOICE_BEING_PREPARED);
  }
  // E-invoicing on: nothing ships before the IRN (one more attempt now, then 409).
  if (!einvoicePending((await ref.get()).data() ?? {})) return;
  await reportEinvoice(orderId);
  if (einvoicePending((await ref.get()).data() ?? {})) throw conflict(IRN_PENDING_SHIP);
}
