// Issue 30: the dashboard and the Tax view read aggregates and counters, not every order
// (docs/decisions/0031-reads-follow-changes.md, 0032-tax-view-from-month-totals.md). These
// tests compute each figure directly from the stored documents and compare. Other suites
// write orders too, and the sweeper and the single writer run in the background, so each
// comparison reads the documents before and after the API call and is only judged when both
// reads agree (the figures were not moving).
import {
  creditNoteFromData,
  creditNoteRow,
  FULFILMENT_DASHBOARD_DAYS,
  fulfilmentFigures,
  invoiceFromData,
  invoiceRow,
  istDayKey,
  istMonthOf,
  istMonthRange,
  lastIstDays,
  ORDER_STATUSES,
  parseDocumentNumber,
  REVENUE_DAYS,
  returnCreditNoteFromData,
  returnCreditNoteRow,
  taxReport,
  toPlainData,
  type AdminDashboard,
  type FulfilmentFact,
  type OrderStatus,
  type TaxDocumentRow,
  type TaxMonthView,
} from '@bagshop/domain';
import { Timestamp } from 'firebase-admin/firestore';
import { beforeAll, describe, expect, it } from 'vitest';
import { transitionOrder } from '../../functions/src/orders/transition';
import { decodeTaxCursor, forEachTaxDocument, rebuildTaxMonth, taxDocumentsPage } from '../../functions/src/tax/months';
import { admin, api, createTestUser, type TestUser } from '../support/api';
import { createProduct, placeOrder, placeUnconfirmedOrder, shopperWithAddress, storedOrder, type Envelope } from '../support/commerce';
import { numberedOrder } from '../support/tax-documents';

let adminUser: TestUser;

const plain = (v: unknown) => toPlainData(v, (x) => (x instanceof Timestamp ? x.toDate() : null));

async function adminPatch(path: string, body: unknown) {
  const res = await api<Envelope<unknown>>(path, { method: 'PATCH', token: adminUser.idToken, body });
  if (res.status !== 200) throw new Error(`PATCH ${path} answered ${res.status}: ${JSON.stringify(res.body)}`);
}

/** A COD order of a new shopper, confirmed by the admin and shipped by hand. */
async function shippedCodOrder(productId: string): Promise<string> {
  const shopper = await shopperWithAddress();
  const placed = await placeOrder(shopper, { paymentMethod: 'COD', addressId: shopper.addressId, productId });
  expect(placed.status).toBe(201);
  const id = placed.body.data._id;
  await adminPatch(`order/${id}/status`, { status: 'confirmed' });
  const shipped = await api(`order/${id}/shipments`, {
    method: 'POST',
    token: adminUser.idToken,
    body: { courier: 'Delhivery', awb: `DL${Date.now()}${Math.floor(Math.random() * 1000)}` },
  });
  expect(shipped.status).toBe(201);
  return id;
}

/** Reads `direct` before and after `fromApi` until both reads agree; answers the pair. */
async function steady<D, A>(direct: () => Promise<D>, fromApi: () => Promise<A>): Promise<{ direct: D; api: A }> {
  for (let attempt = 0; attempt < 6; attempt += 1) {
    const before = await direct();
    const answer = await fromApi();
    const after = await direct();
    if (JSON.stringify(before) === JSON.stringify(after)) return { direct: after, api: answer };
  }
  throw new Error('The stored orders kept changing: no steady moment to compare in');
}

beforeAll(async () => {
  adminUser = await createTestUser({ role: 'admin', firstname: 'Aggregates' });
});

describe('the dashboard equals a direct count of the stored orders', () => {
  let onTime = '';
  let late = '';
  let returned = '';

  beforeAll(async () => {
    const product = await createProduct(adminUser, { price: 2100, discount: 100, stock: 30 });
    // Delivered within the promise.
    onTime = await shippedCodOrder(product._id);
    await adminPatch(`order/${onTime}/status`, { status: 'completed' });
    // Delivered after the promised day: the promise is moved into the past before delivery.
    late = await shippedCodOrder(product._id);
    await admin().db.doc(`orders/${late}`).update({ 'delivery.deliverBy.to': '2020-01-01' });
    await adminPatch(`order/${late}/status`, { status: 'completed' });
    // Back to the seller (the courier's RTO, run in-process: the same transition).
    returned = await shippedCodOrder(product._id);
    await transitionOrder(returned, { to: 'returned_to_origin', by: 'system', reason: 'courier' });
    // A COD order its shopper has not confirmed yet.
    const shopper = await shopperWithAddress();
    expect(
      (await placeUnconfirmedOrder(shopper, { paymentMethod: 'COD', addressId: shopper.addressId, productId: product._id })).status,
    ).toBe(201);
  }, 120_000);

  it('delivery stores whether it was late', async () => {
    expect((await storedOrder(onTime)).deliveredLate).toBe(false);
    expect((await storedOrder(late)).deliveredLate).toBe(true);
    expect((await storedOrder(returned)).deliveredLate).toBeUndefined();
  });

  it('orders by status, revenue per IST day and the fulfilment figures', async () => {
    const now = new Date();
    const direct = async () => {
      const all = (await admin().db.collection('orders').get()).docs.map((d) => d.data());
      const byStatus: Record<string, number> = {};
      for (const o of all) byStatus[String(o.status)] = (byStatus[String(o.status)] ?? 0) + 1;
      const days = lastIstDays(now, REVENUE_DAYS);
      const revenue = days.map((date) => {
        const sold = all.filter(
          (o) =>
            ORDER_STATUSES.includes(o.status) &&
            o.status !== 'cancelled' &&
            o.createdAt instanceof Timestamp &&
            istDayKey(o.createdAt.toDate()) === date,
        );
        return { date, orders: sold.length, revenue: sold.reduce((s, o) => s + Number(o.totalAmount ?? 0), 0) };
      });
      const since = now.getTime() - FULFILMENT_DASHBOARD_DAYS * 86_400_000;
      const facts: FulfilmentFact[] = all
        .filter((o) => o.createdAt instanceof Timestamp && o.createdAt.toMillis() >= since)
        .map((o) => {
          const history = (Array.isArray(o.statusHistory) ? o.statusHistory : []) as { status: string; at: Timestamp }[];
          const delivered = history.find((h) => h.status === 'completed');
          return {
            paymentMethod: o.paymentMethod === 'ONLINE' ? 'ONLINE' : 'COD',
            status: o.status as OrderStatus,
            shipped: ['shipped', 'out_for_delivery', 'delivery_failed', 'completed', 'returned_to_origin'].includes(String(o.status)),
            deliveredAt: delivered ? delivered.at.toDate().toISOString() : null,
            promisedBy: typeof o.delivery?.deliverBy?.to === 'string' ? o.delivery.deliverBy.to : null,
            speed: o.delivery?.speed === 'express' ? 'express' : 'standard',
          };
        });
      const openNdrs = all.filter((o) => o.ndr?.status === 'open').length;
      // Stored `cod.confirmedAt: null` (what placing a COD order writes) until confirmed.
      const codAwaitingConfirmation = all.filter(
        (o) => o.status === 'pending' && o.cod?.required === true && o.cod.confirmedAt === null,
      ).length;
      return { byStatus, revenue, fulfilment: fulfilmentFigures(facts, { openNdrs, codAwaitingConfirmation }) };
    };
    const { direct: d, api: dashboard } = await steady(direct, async () => {
      const res = await api<Envelope<AdminDashboard>>('admin/dashboard', { token: adminUser.idToken });
      expect(res.status).toBe(200);
      return res.body.data;
    });

    for (const [status, count] of Object.entries(dashboard.ordersByStatus)) expect(count, status).toBe(d.byStatus[status] ?? 0);
    expect(dashboard.totalOrders).toBe(ORDER_STATUSES.reduce((n, status) => n + (d.byStatus[status] ?? 0), 0));
    expect(dashboard.revenue.byDay).toEqual(d.revenue);
    expect(dashboard.fulfilment).toEqual(d.fulfilment);
    // This file's own orders are in it: one late and one returned at least.
    expect(d.fulfilment.deliveries.delivered - d.fulfilment.deliveries.onTime).toBeGreaterThanOrEqual(1);
    expect(d.fulfilment.rto.cod.returned).toBeGreaterThanOrEqual(1);
    expect(d.fulfilment.codAwaitingConfirmation).toBeGreaterThanOrEqual(1);
  });
});

/** Every invoice and credit note issued in the month, read one by one: the reference. */
async function storedDocuments(month: string): Promise<TaxDocumentRow[]> {
  const range = istMonthRange(month);
  if (!range) throw new Error(month);
  const { db } = admin();
  const [start, end] = [Timestamp.fromDate(range.start), Timestamp.fromDate(range.end)];
  const [invoiced, credited, returns] = await Promise.all([
    db.collection('orders').where('invoice.issuedAt', '>=', start).where('invoice.issuedAt', '<', end).get(),
    db.collection('orders').where('creditNote.issuedAt', '>=', start).where('creditNote.issuedAt', '<', end).get(),
    db.collection('returns').where('creditNote.issuedAt', '>=', start).where('creditNote.issuedAt', '<', end).get(),
  ]);
  const rows: TaxDocumentRow[] = [];
  for (const d of invoiced.docs) {
    const invoice = invoiceFromData(plain(d.get('invoice')));
    if (invoice) rows.push(invoiceRow(d.id, invoice));
  }
  for (const d of credited.docs) {
    const invoice = invoiceFromData(plain(d.get('invoice')));
    const note = creditNoteFromData(plain(d.get('creditNote')));
    if (invoice && note) rows.push(creditNoteRow(d.id, invoice, note));
  }
  for (const r of returns.docs) {
    const orderId = String(r.get('orderId'));
    const invoice = invoiceFromData(plain((await db.doc(`orders/${orderId}`).get()).get('invoice')));
    const note = returnCreditNoteFromData(plain(r.get('creditNote')));
    if (invoice && note) rows.push(returnCreditNoteRow(orderId, invoice, note));
  }
  return rows;
}

/** GSTR-1's documents-issued rows, counted from the documents. */
function seriesOf(rows: readonly TaxDocumentRow[]) {
  const out = new Map<string, { kind: string; from: string; to: string; total: number; first: number; last: number }>();
  for (const r of rows) {
    const p = parseDocumentNumber(r.number);
    if (!p) throw new Error(`Unreadable number ${r.number}`);
    const key = `${p.kind}-${p.fyStart}`;
    const s = out.get(key) ?? { kind: p.kind, from: r.number, to: r.number, total: 0, first: p.sequence, last: p.sequence };
    s.total += 1;
    if (p.sequence < s.first) Object.assign(s, { first: p.sequence, from: r.number });
    if (p.sequence > s.last) Object.assign(s, { last: p.sequence, to: r.number });
    out.set(key, s);
  }
  return [...out.values()].map(({ kind, from, to, total }) => ({ kind, from, to, total, cancelled: 0, netIssued: total }));
}

const key = (r: TaxDocumentRow) => `${r.kind} ${r.number} ${r.orderId} ${r.returnNumber ?? ''}`;

describe('the Tax view equals a direct sum of the stored documents', () => {
  const month = istMonthOf(new Date());

  beforeAll(async () => {
    // This month gets at least two invoices and a credit note from this file.
    const product = await createProduct(adminUser, { price: 3100, discount: 0, stock: 10 });
    const kept = await shippedCodOrder(product._id);
    const cancelled = await shippedCodOrder(product._id);
    await transitionOrder(cancelled, { to: 'returned_to_origin', by: 'system', reason: 'courier' });
    await numberedOrder(kept);
    await numberedOrder(cancelled, { creditNote: true });
  }, 120_000);

  async function allPages(): Promise<{ first: TaxMonthView; documents: TaxDocumentRow[]; pages: number }> {
    let cursor: string | null = null;
    let first: TaxMonthView | null = null;
    const documents: TaxDocumentRow[] = [];
    let pages = 0;
    do {
      const query: string = cursor ? `&cursor=${cursor}` : '';
      const res = await api<Envelope<TaxMonthView>>(`admin/tax?month=${month}${query}`, { token: adminUser.idToken });
      expect(res.status).toBe(200);
      const view = res.body.data;
      expect(view.documents.length).toBeLessThanOrEqual(view.pageSize);
      if (view.nextCursor) expect(view.documents).toHaveLength(view.pageSize);
      first ??= view;
      documents.push(...view.documents);
      cursor = view.nextCursor;
      pages += 1;
    } while (cursor);
    if (!first) throw new Error('no page');
    return { first, documents, pages };
  }

  it("totals, net per place and rate, the series' ranges and every page", async () => {
    const { direct: rows, api: view } = await steady(() => storedDocuments(month), allPages);
    const { documents: _documents, ...report } = taxReport(month, rows);
    expect(view.first.invoices).toEqual(report.invoices);
    expect(view.first.creditNotes).toEqual(report.creditNotes);
    expect(view.first.net).toEqual(report.net);
    expect(view.first.byPlaceAndRate).toEqual(report.byPlaceAndRate);
    expect(view.first.documentsIssued.map(({ financialYear: _fy, ...r }) => r)).toEqual(seriesOf(rows));
    expect(report.invoices.count).toBeGreaterThanOrEqual(2);
    expect(report.creditNotes.count).toBeGreaterThanOrEqual(1);

    // The pages hold every document once, in date order.
    expect(view.documents.map(key).sort()).toEqual(rows.map(key).sort());
    expect(new Set(view.documents.map(key)).size).toBe(view.documents.length);
    const dates = view.documents.map((d) => d.issuedAt);
    expect(dates).toEqual([...dates].sort());
    expect(view.pages).toBe(Math.max(1, Math.ceil(rows.length / view.first.pageSize)));
  });

  it('the CSV has a row per document and rate, adding up to the net', async () => {
    const { direct: rows, api: csv } = await steady(
      () => storedDocuments(month),
      async () => (await api<string>(`admin/tax/csv?month=${month}`, { token: adminUser.idToken })).body,
    );
    const lines = csv
      .replace(/^\uFEFF/, '')
      .trimEnd()
      .split('\r\n')
      .slice(1);
    expect(lines).toHaveLength(rows.reduce((n, r) => n + r.byRate.length, 0));
    const totalPaise = lines.reduce((s, l) => s + Math.round(Number(l.split(',').at(-1)) * 100), 0);
    expect(totalPaise).toBe(taxReport(month, rows).net.grossPaise);
  });

  it('pages at any size without losing or repeating a document (several at one instant), and the rebuild of a month without counters', async () => {
    const { db } = admin();
    // Three documents at one instant in a far month: an invoice, a credit note, and an invoice of another order.
    const farMonth = '2096-07';
    const range = istMonthRange(farMonth);
    if (!range) throw new Error(farMonth);
    const at = Timestamp.fromDate(new Date('2096-07-10T06:00:00.000Z'));
    const model = (await db.collection('orders').where('invoice.number', '>', '').limit(1).get()).docs[0]?.get('invoice');
    expect(model).toBeTruthy();
    const tag = Date.now().toString(36);
    await Promise.all([
      db.doc(`orders/tie-a-${tag}`).set({ invoice: { ...model, number: 'BS/9697/0000001', issuedAt: at } }),
      db.doc(`orders/tie-b-${tag}`).set({
        invoice: { ...model, number: 'BS/9697/0000002', issuedAt: at },
        creditNote: {
          number: 'BS/9697/C0000001',
          issuedAt: at,
          financialYear: '2096-97',
          invoiceNumber: 'BS/9697/0000002',
          reason: 'Order cancelled',
          totals: model.totals,
        },
      }),
    ]);
    try {
      await pagesAtAnySize(db, range);
      // Documents written without counters (as before decision 0032): the migration's rebuild
      // sets the month's totals and series from them.
      await rebuildTaxMonth(db, farMonth, range);
      const rows = await storedDocuments(farMonth);
      const view = (await api<Envelope<TaxMonthView>>(`admin/tax?month=${farMonth}`, { token: adminUser.idToken })).body.data;
      const { documents: _documents, ...report } = taxReport(farMonth, rows);
      expect({ invoices: view.invoices, creditNotes: view.creditNotes, net: view.net, byPlaceAndRate: view.byPlaceAndRate }).toEqual({
        invoices: report.invoices,
        creditNotes: report.creditNotes,
        net: report.net,
        byPlaceAndRate: report.byPlaceAndRate,
      });
      expect(report.invoices.count).toBe(2);
      expect(view.documentsIssued.map(({ financialYear: _fy, ...r }) => r)).toEqual(seriesOf(rows));
    } finally {
      await Promise.all(
        [`orders/tie-a-${tag}`, `orders/tie-b-${tag}`, `taxMonths/${farMonth}`, 'taxSeries/invoice-2096', 'taxSeries/credit-note-2096'].map(
          (path) => db.doc(path).delete(),
        ),
      );
    }
  });

  async function pagesAtAnySize(db: FirebaseFirestore.Firestore, range: { start: Date; end: Date }) {
    const everything = await taxDocumentsPage(db, range, null, 1000);
    expect(everything.nextCursor).toBeNull();
    const expected = everything.documents.map(key);
    expect(expected.filter((k) => k.includes(`tie-`))).toHaveLength(3);
    for (const size of [1, 2]) {
      const seen: string[] = [];
      let cursor: ReturnType<typeof decodeTaxCursor> = null;
      do {
        const page = await taxDocumentsPage(db, range, cursor, size);
        expect(page.documents.length).toBeLessThanOrEqual(size);
        seen.push(...page.documents.map(key));
        cursor = page.nextCursor ? decodeTaxCursor(page.nextCursor) : null;
      } while (cursor);
      expect(seen, `page size ${size}`).toEqual(expected);
    }
    // The CSV's reading (one streamed query per source, merged): the same documents in the same
    // order, in batches of any size.
    for (const batch of [1, 2, 500]) {
      const streamed: string[] = [];
      await forEachTaxDocument(
        db,
        range,
        (documents) => {
          expect(documents.length).toBeLessThanOrEqual(batch);
          streamed.push(...documents.map(key));
        },
        batch,
      );
      expect(streamed, `streamed in batches of ${batch}`).toEqual(expected);
    }
    const csv = await api<string>(`admin/tax/csv?month=${istMonthOf(range.start)}`, { token: adminUser.idToken });
    expect(csv.status).toBe(200);
    const numbers = csv.body
      .replace(/^\uFEFF/, '')
      .trimEnd()
      .split('\r\n')
      .slice(1)
      .map((l) => l.split(',')[1]);
    expect(numbers.filter((n, i) => n !== numbers[i - 1])).toEqual(everything.documents.map((d) => d.number));
  }

  it('refuses a cursor it did not make', async () => {
    for (const cursor of ['not-a-cursor', Buffer.from('[1,2,3]').toString('base64url'), 'a%20b']) {
      const res = await api(`admin/tax?month=${month}&cursor=${cursor}`, { token: adminUser.idToken });
      expect(res.status, cursor).toBe(400);
      expect(res.body.message).toBe('That page of the Tax view is not valid: open the month again from its first page');
    }
  });
});
