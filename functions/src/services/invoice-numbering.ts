/**
 * The single writer of invoice and credit-note numbers (docs/gst-invoices.md "Numbers",
 * docs/decisions/0029-invoice-numbers-single-writer.md).
 *
 * Confirming or cancelling an order only leaves a draft on it and an entry in `taxQueue`
 * (services/invoices.ts). `issueQueuedDocuments` takes the oldest entries, up to a batch,
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
import { CREDIT_NOTE_SERIES_MAX, creditNoteNumber, financialYearCode, INVOICE_SERIES_MAX, invoiceNumber } from '@bagshop/domain';
import { logger } from 'firebase-functions';
import { FieldValue, Timestamp, type DocumentSnapshot, type Transaction } from 'firebase-admin/firestore';
import { db } from '../lib/admin.js';
import { conflict } from '../lib/errors.js';
import { INVOICE_BEING_PREPARED, invoicePending, taxQueue, taxSeries } from './invoices.js';
import { orders } from './order-store.js';

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

function next(counter: Counter, max: number, orderId: string): number {
  if (counter.last >= max) {
    throw new Error(`The ${counter.series} series of ${financialYearCode(counter.fyStart)} is full (${max})`);
  }
  counter.last += 1;
  counter.orderId = orderId;
  counter.changed = true;
  return counter.last;
}

/** Numbers one batch in one transaction; answers how many queue entries it took. */
async function numberBatch(limit: number): Promise<number> {
  return db.runTransaction(
    async (tx: Transaction) => {
      const queued = await tx.get(taxQueue().orderBy('queuedAt').limit(limit));
      if (queued.empty) return 0;
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
        });
      }

      const now = Timestamp.now();
      for (const snap of snaps) {
        tx.delete(taxQueue().doc(snap.id));
        if (!snap.exists) continue;
        const order = snap.data() ?? {};
        const { invoiceFy, noteFy } = needs(order);
        const patch: Record<string, unknown> = {};
        let numberOfInvoice = typeof order.invoice?.number === 'string' ? (order.invoice.number as string) : '';
        if (invoiceFy !== null) {
          const counter = counterOf(counters, 'invoice', invoiceFy);
          const sequence = next(counter, INVOICE_SERIES_MAX, snap.id);
          numberOfInvoice = invoiceNumber(String(order.pendingInvoice.prefix), invoiceFy, sequence);
          counter.lastNumber = numberOfInvoice;
          patch.invoice = { ...order.pendingInvoice.invoice, number: numberOfInvoice };
          patch.pendingInvoice = FieldValue.delete();
        }
        if (noteFy !== null && numberOfInvoice) {
          const counter = counterOf(counters, 'credit-note', noteFy);
          const sequence = next(counter, CREDIT_NOTE_SERIES_MAX, snap.id);
          const number = creditNoteNumber(numberOfInvoice.split('/')[0] ?? '', noteFy, sequence);
          counter.lastNumber = number;
          patch.creditNote = { ...order.pendingCreditNote.creditNote, number, invoiceNumber: numberOfInvoice };
          patch.pendingCreditNote = FieldValue.delete();
        }
        if (Object.keys(patch).length) tx.update(snap.ref, patch);
      }
      for (const c of counters.values()) {
        if (!c.changed) continue;
        tx.set(taxSeries().doc(c.key), {
          series: c.series,
          financialYear: `${c.fyStart}-${financialYearCode(c.fyStart).slice(2)}`,
          last: c.last,
          lastNumber: c.lastNumber,
          orderId: c.orderId,
          updatedAt: now,
        });
      }
      return queued.size;
    },
    { maxAttempts: 10 },
  );
}

/** Numbers every queued draft, batch after batch; answers how many orders it took off the queue. */
export async function issueQueuedDocuments(batch = NUMBERING_BATCH): Promise<number> {
  let total = 0;
  for (;;) {
    const taken = await numberBatch(batch);
    total += taken;
    if (taken < batch) return total;
  }
}

/** Like `issueQueuedDocuments`, but a failure (contention, a full series) is logged, not thrown. */
export async function issueQueuedDocumentsQuietly(source: string): Promise<void> {
  try {
    const numbered = await issueQueuedDocuments();
    if (numbered > 0) logger.info('tax_documents_numbered', { source, numbered });
  } catch (error) {
    logger.error('tax_numbering_failed', { source, error: error instanceof Error ? error.message : String(error) });
  }
}

/**
 * Before an order leaves (Ship): its invoice must be numbered. Runs the writer if the order
 * still waits; 409 "being prepared" if it still does afterwards.
 */
export async function ensureInvoiceNumbered(orderId: string): Promise<void> {
  const ref = orders().doc(orderId);
  if (!invoicePending((await ref.get()).data() ?? {})) return;
  await issueQueuedDocumentsQuietly('dispatch');
  if (invoicePending((await ref.get()).data() ?? {})) throw conflict(INVOICE_BEING_PREPARED);
}
