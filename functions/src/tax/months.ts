/**
 * The Tax view without reading the month (docs/gst-invoices.md, "Admin Tax view";
 * docs/decisions/0032-tax-view-from-month-totals.md).
 *
 * - **Totals**: `taxMonths/{YYYY-MM}` holds the month's invoice and credit-note counts and
 *   sums and the net per place of supply and rate. Whoever issues a document adds to it, in
 *   the transaction that numbers it, with blind increments (`recordTaxDocuments`): the single
 *   writer (tax/numbering.ts), a return's credit note (returns/moves.ts),
 *   the seed.
 * - **Series** (GSTR-1's documents-issued table): each counter `taxSeries/{kind}-{year}` keeps,
 *   per month, how many numbers it gave and the lowest and highest (`months`), written in the
 *   transaction that already reads and writes the counter.
 * - **Documents**: a page at a time (`taxDocumentsPage`), ordered by date, type, number and id, with a
 *   cursor: at most three queries of a page and one read per document shown.
 * - **The CSV**: every document of the month, from one streamed query per source merged in
 *   order (`forEachTaxDocument`), in the admin's function only.
 *
 * Takes the Firestore instance as an argument (no lib/admin), so the seed, the benchmark and
 * `npm run migrate:tax-months` (`rebuildTaxMonth`) use the same code.
 */
import {
  addToSeriesMonth,
  creditNoteFromData,
  creditNoteRow,
  documentsIssuedRow,
  emptyTaxMonth,
  financialYearName,
  financialYearStart,
  invoiceFromData,
  invoiceRow,
  parseDocumentNumber,
  returnCreditNoteFromData,
  returnCreditNoteRow,
  seriesMonthsFromData,
  TAX_PAGE_SIZE,
  taxMonthFromData,
  taxMonthSummary,
  taxMonthTotals,
  type DocumentsIssuedRow,
  type SeriesMonth,
  type TaxDocumentKind,
  type TaxDocumentRow,
  type TaxMonthTotals,
  type TaxMonthView,
} from '@bagshop/domain';
import {
  FieldPath,
  FieldValue,
  Timestamp,
  type DocumentData,
  type DocumentReference,
  type Firestore,
  type Query,
  type QueryDocumentSnapshot,
} from 'firebase-admin/firestore';
import { plainData } from '../lib/firestore-data.js';

export const taxMonthRef = (db: Firestore, month: string) => db.collection('taxMonths').doc(month);

/** A write of the caller's transaction or batch: `(ref, data) => tx.set(ref, data, { merge: true })`. */
export type MergeSet = (ref: DocumentReference, data: DocumentData) => void;

const TOTALS = ['grossPaise', 'taxablePaise', 'cgstPaise', 'sgstPaise', 'igstPaise'] as const;

function increments(month: string, t: TaxMonthTotals): DocumentData {
  const inc = (n: number) => FieldValue.increment(n);
  const bucket = (b: TaxMonthTotals['invoices']) => ({ count: inc(b.count), ...Object.fromEntries(TOTALS.map((f) => [f, inc(b[f])])) });
  const places: DocumentData = {};
  for (const [key, p] of Object.entries(t.places)) {
    places[key] = {
      state: p.state,
      stateCode: p.stateCode,
      ratePercent: p.ratePercent,
      ...Object.fromEntries(TOTALS.map((f) => [f, inc(p[f])])),
    };
  }
  return { month, invoices: bucket(t.invoices), creditNotes: bucket(t.creditNotes), places, updatedAt: FieldValue.serverTimestamp() };
}

/** Adds the documents' totals to their months: one merge of blind increments per month, no read. */
export function recordTaxDocuments(db: Firestore, set: MergeSet, rows: readonly TaxDocumentRow[]): void {
  for (const [month, totals] of taxMonthTotals(rows)) set(taxMonthRef(db, month), increments(month, totals));
}

// ── A page of documents ──────────────────────────────────────────────────────────────

interface Source {
  /** The order of documents issued at the same instant: invoices, then credit notes, then returns' credit notes. */
  rank: 0 | 1 | 2;
  collection: 'orders' | 'returns';
  field: string;
  /** Within one instant, by number (the series' order: seven digits, zero-padded), then id. */
  number: string;
  select: string[];
}

const SOURCES: readonly Source[] = [
  { rank: 0, collection: 'orders', field: 'invoice.issuedAt', number: 'invoice.number', select: ['invoice'] },
  { rank: 1, collection: 'orders', field: 'creditNote.issuedAt', number: 'creditNote.number', select: ['invoice', 'creditNote'] },
  // Partial credit notes of returns (docs/returns.md): on the return, with its lines.
  { rank: 2, collection: 'returns', field: 'creditNote.issuedAt', number: 'creditNote.number', select: ['orderId', 'creditNote'] },
];

/** Where a page ends: the last document's date (to the nanosecond), source, number and id. */
interface Cursor {
  s: number;
  n: number;
  r: number;
  no: string;
  id: string;
}

export function encodeTaxCursor(c: Cursor): string {
  return Buffer.from(JSON.stringify([c.s, c.n, c.r, c.no, c.id])).toString('base64url');
}

/** null for anything that is not a cursor this code made. */
export function decodeTaxCursor(text: string): Cursor | null {
  try {
    const value: unknown = JSON.parse(Buffer.from(text, 'base64url').toString('utf8'));
    if (!Array.isArray(value) || value.length !== 5) return null;
    const [s, n, r, no, id] = value as unknown[];
    if (!Number.isInteger(s) || !Number.isInteger(n) || (n as number) < 0 || (n as number) >= 1e9) return null;
    if (r !== 0 && r !== 1 && r !== 2) return null;
    if (typeof no !== 'string' || no.length > 40) return null;
    if (typeof id !== 'string' || id === '' || id.length > 200 || id.includes('/')) return null;
    return { s: s as number, n: n as number, r, no, id };
  } catch {
    return null;
  }
}

const text = (a: string, b: string) => (a < b ? -1 : a > b ? 1 : 0);
/** Firestore's order of the queries below: date, then (within a source) number and id as strings. */
const compare = (a: Cursor, b: Cursor) => a.s - b.s || a.n - b.n || a.r - b.r || text(a.no, b.no) || text(a.id, b.id);

/** A source's documents of the month (after `after`, when given) in the order `compare` merges them. */
function sourceQuery(db: Firestore, src: Source, range: { start: Date; end: Date }, after: Cursor | null): Query {
  let q: Query = db
    .collection(src.collection)
    .where(src.field, '<', Timestamp.fromDate(range.end))
    .orderBy(src.field)
    .orderBy(src.number)
    .orderBy(FieldPath.documentId());
  if (!after) return q.where(src.field, '>=', Timestamp.fromDate(range.start)).select(...src.select);
  const at = new Timestamp(after.s, after.n);
  // Strictly after the cursor in (date, source, id) order.
  if (src.rank < after.r) q = q.where(src.field, '>', at);
  else if (src.rank > after.r) q = q.where(src.field, '>=', at);
  else q = q.where(src.field, '>=', at).startAfter(at, after.no, after.id);
  return q.select(...src.select);
}

interface Found {
  key: Cursor;
  src: Source;
  data: DocumentData;
  id: string;
}

function foundOf(src: Source, doc: QueryDocumentSnapshot): Found {
  const at = doc.get(src.field) as Timestamp;
  const no = String(doc.get(src.number) ?? '');
  return { key: { s: at.seconds, n: at.nanoseconds, r: src.rank, no, id: doc.id }, src, data: doc.data(), id: doc.id };
}

/**
 * Up to `size` documents of the month after `cursor`, in (date, type, number, id) order, and the cursor
 * of the next page (null on the last). Reads: at most size + 1 documents of each of the three
 * queries, and the orders of the returns shown (their invoice): never the whole month.
 */
export async function taxDocumentsPage(
  db: Firestore,
  range: { start: Date; end: Date },
  cursor: Cursor | null,
  size = TAX_PAGE_SIZE,
): Promise<{ documents: TaxDocumentRow[]; nextCursor: string | null }> {
  const snaps = await Promise.all(
    SOURCES.map((src) =>
      sourceQuery(db, src, range, cursor)
        .limit(size + 1)
        .get(),
    ),
  );
  const found: Found[] = SOURCES.flatMap((src, i) => (snaps[i]?.docs ?? []).map((doc) => foundOf(src, doc)));
  found.sort((a, b) => compare(a.key, b.key));
  const page = found.slice(0, size);
  const last = page[page.length - 1];
  const nextCursor = found.length > size && last ? encodeTaxCursor(last.key) : null;

  return { documents: await rowsOf(db, page), nextCursor };
}

function rowOf(f: Found, invoiceOf: Map<string, ReturnType<typeof invoiceFromData>>): TaxDocumentRow | null {
  if (f.src.rank === 0) {
    const invoice = invoiceFromData(plainData(f.data.invoice));
    return invoice ? invoiceRow(f.id, invoice) : null;
  }
  if (f.src.rank === 1) {
    const invoice = invoiceFromData(plainData(f.data.invoice));
    const note = creditNoteFromData(plainData(f.data.creditNote));
    return invoice && note ? creditNoteRow(f.id, invoice, note) : null;
  }
  const orderId = String(f.data.orderId ?? '');
  const invoice = invoiceOf.get(orderId);
  const note = returnCreditNoteFromData(plainData(f.data.creditNote));
  return invoice && note ? returnCreditNoteRow(orderId, invoice, { ...note, returnNumber: note.returnNumber || f.id }) : null;
}

/** The rows of a page of found documents; a return's credit note names its order's invoice (one batched read). */
async function rowsOf(db: Firestore, page: Found[]): Promise<TaxDocumentRow[]> {
  const returnOrderIds = [...new Set(page.filter((f) => f.src.rank === 2).map((f) => String(f.data.orderId ?? '')))].filter((id) => id);
  const orderSnaps = returnOrderIds.length
    ? await db.getAll(...returnOrderIds.map((id) => db.collection('orders').doc(id)), { fieldMask: ['invoice'] })
    : [];
  const invoiceOf = new Map(orderSnaps.map((o) => [o.id, invoiceFromData(plainData(o.get('invoice')))]));
  const documents: TaxDocumentRow[] = [];
  for (const f of page) {
    const row = rowOf(f, invoiceOf);
    if (row) documents.push(row);
  }
  return documents;
}

/** A source's documents of the month, in its query's order, from one streamed query. */
async function* sourceDocuments(db: Firestore, src: Source, range: { start: Date; end: Date }): AsyncGenerator<Found> {
  for await (const doc of sourceQuery(db, src, range, null).stream() as AsyncIterable<QueryDocumentSnapshot>) yield foundOf(src, doc);
}

/**
 * Every document of the month in the view's order, `batch` rows at a time (the CSV export, the
 * rebuild). One streamed query per source, merged as they arrive, not a query per page: a
 * page query after a cursor makes Firestore find its place again, which the emulator does by
 * going through the whole month (about 2 s a page at 50,000 documents, so the month took
 * minutes; streamed, seconds). Reads: one per document, as before. Memory: a page and the
 * streams' buffers, never the month. `onPage` is awaited, so a slow consumer (a response
 * waiting to drain) holds the reading back.
 */
export async function forEachTaxDocument(
  db: Firestore,
  range: { start: Date; end: Date },
  onPage: (documents: TaxDocumentRow[]) => void | Promise<void>,
  batch = 500,
): Promise<void> {
  const streams = SOURCES.map((src) => sourceDocuments(db, src, range));
  const heads: (Found | undefined)[] = [];
  try {
    for (const [i, stream] of streams.entries()) heads[i] = (await stream.next()).value ?? undefined;
    let page: Found[] = [];
    const flush = async () => {
      const documents = await rowsOf(db, page);
      page = [];
      await onPage(documents);
    };
    for (;;) {
      let next = -1;
      heads.forEach((h, i) => {
        const best = heads[next];
        if (h && (!best || compare(h.key, best.key) < 0)) next = i;
      });
      const found = heads[next];
      const stream = streams[next];
      if (!found || !stream) break;
      page.push(found);
      heads[next] = (await stream.next()).value ?? undefined;
      if (page.length >= batch) await flush();
    }
    if (page.length) await flush();
  } finally {
    // A consumer that stopped early (a download cancelled, an error) closes the other streams.
    await Promise.all(streams.map((s) => s.return(undefined)));
  }
}

// ── The view ─────────────────────────────────────────────────────────────────────────

const SERIES: readonly TaxDocumentKind[] = ['invoice', 'credit-note'];

/** The month's totals (one document), its series (the year's two counters) and one page of documents. */
export async function taxMonthView(
  db: Firestore,
  month: string,
  range: { start: Date; end: Date },
  cursor: Cursor | null,
  size = TAX_PAGE_SIZE,
): Promise<TaxMonthView> {
  const fyStart = financialYearStart(range.start);
  const [[totals, ...counters], page] = await Promise.all([
    db.getAll(taxMonthRef(db, month), ...SERIES.map((kind) => db.collection('taxSeries').doc(`${kind}-${fyStart}`))),
    taxDocumentsPage(db, range, cursor, size),
  ]);
  const documentsIssued: DocumentsIssuedRow[] = [];
  SERIES.forEach((kind, i) => {
    const m = seriesMonthsFromData(counters[i]?.get('months'))[month];
    if (m && m.count > 0) documentsIssued.push(documentsIssuedRow(kind, financialYearName(fyStart), m));
  });
  return {
    ...taxMonthSummary(month, taxMonthFromData(totals?.data())),
    documentsIssued,
    documents: page.documents,
    nextCursor: page.nextCursor,
    pageSize: size,
  };
}

// ── Rebuilding a month from its documents (npm run migrate:tax-months) ──────────────────

/**
 * Sets a month's totals and its series' ranges from the documents themselves: for months
 * issued before the counters existed, or to repair them. Reads the whole month. Documents
 * issued while it runs may be counted twice or not at all: run it when nothing is being
 * confirmed or cancelled, and again if in doubt (it is idempotent).
 */
export async function rebuildTaxMonth(db: Firestore, month: string, range: { start: Date; end: Date }): Promise<{ documents: number }> {
  const rows: TaxDocumentRow[] = [];
  await forEachTaxDocument(db, range, (docs) => {
    rows.push(...docs);
  });
  const totals = taxMonthTotals(rows).get(month) ?? emptyTaxMonth();
  const series = new Map<string, Record<string, SeriesMonth>>();
  for (const row of rows) {
    const parsed = parseDocumentNumber(row.number);
    if (!parsed) continue;
    const key = `${parsed.kind}-${parsed.fyStart}`;
    const months = series.get(key) ?? {};
    addToSeriesMonth(months, month, parsed.sequence, row.number);
    series.set(key, months);
  }
  const batch = db.batch();
  batch.set(taxMonthRef(db, month), { month, ...totals, updatedAt: FieldValue.serverTimestamp() });
  for (const [key, months] of series) batch.set(db.collection('taxSeries').doc(key), { months }, { merge: true });
  await batch.commit();
  return { documents: rows.length };
}
