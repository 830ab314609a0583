// Invoices and credit notes are numbered by a single writer a moment after the move that
// asks for them (docs/gst-invoices.md "Numbers"): tests await the number, never sleep.
import type { TaxDocumentRow, TaxMonthView } from '@bagshop/domain';
import { admin, api } from './api';
import { eventually } from './stripe';

/** The stored order once its invoice (and, with `creditNote`, its credit note) has a number. */
export async function numberedOrder(orderId: string, options: { creditNote?: boolean; timeoutMs?: number } = {}) {
  return eventually(
    async () => {
      const data = (await admin().db.doc(`orders/${orderId}`).get()).data();
      const invoiced = typeof data?.invoice?.number === 'string' && data.invoice.number !== '';
      const credited = !options.creditNote || (typeof data?.creditNote?.number === 'string' && data.creditNote.number !== '');
      return invoiced && credited ? data : null;
    },
    options.timeoutMs ?? 20_000,
    `the ${options.creditNote ? 'credit note' : 'invoice'} of order ${orderId} to be numbered`,
  );
}

/** Its invoice number, once the single writer has given it. */
export async function invoiceNumberOf(orderId: string): Promise<string> {
  return String((await numberedOrder(orderId))?.invoice.number);
}

/**
 * Sets a series' counter (`taxSeries/{series}-{fyStart}`) so that its next number is
 * `last + 1`: how a test starts a series near the top. Safe by construction: it only moves a
 * counter forward (moving it back would give a number twice), and tests use far-future years
 * that no other test numbers in.
 */
export async function seedTaxSeries(series: 'invoice' | 'credit-note', fyStart: number, last: number): Promise<void> {
  if (fyStart < 2080) throw new Error('Seed only far-future financial years (2080 on): real ones are numbered by other tests');
  const ref = admin().db.doc(`taxSeries/${series}-${fyStart}`);
  await admin().db.runTransaction(async (tx) => {
    const current = Number((await tx.get(ref)).get('last') ?? 0);
    if (current > last) throw new Error(`taxSeries/${series}-${fyStart} is at ${current}: a counter never goes back`);
    tx.set(ref, { series, last, lastNumber: '', orderId: '', updatedAt: new Date() });
  });
}

/** Every document of the Tax view's month, following its pages (`nextCursor`) to the end. */
export async function taxViewDocuments(month: string, token: string): Promise<TaxDocumentRow[]> {
  const out: TaxDocumentRow[] = [];
  let cursor: string | null = null;
  do {
    const query: string = cursor ? `&cursor=${cursor}` : '';
    const res = await api<{ data: TaxMonthView }>(`admin/tax?month=${month}${query}`, { token });
    if (res.status !== 200) throw new Error(`admin/tax answered ${res.status}`);
    out.push(...res.body.data.documents);
    cursor = res.body.data.nextCursor;
  } while (cursor);
  return out;
}
