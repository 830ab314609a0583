import { once } from 'node:events';
import { Router, type Response } from 'express';
import {
  gstr1Csv,
  gstr1QuerySchema,
  stateOfGstCode,
  istMonthOf,
  istMonthRange,
  MONTH_MESSAGE,
  sellerSettingsSchema,
  TAX_CURSOR_MESSAGE,
  taxCsvHeader,
  taxCsvLines,
  taxReportQuerySchema,
} from '@bagshop/domain';
import { db } from '../../lib/admin.js';
import { badRequest } from '../../lib/errors.js';
import { dashboard } from '../../dashboard/index.js';
import { listPrivacyRequests } from '../../accounts/index.js';
import { decodeTaxCursor, forEachTaxDocument, taxMonthView } from '../../tax/months.js';
import { getSellerSettings, saveSellerSettings } from '../../seller/index.js';
import { gstr1Export } from '../../tax/gstr1.js';
import { requireAdmin } from '../auth.js';
import { jsonBody } from '../json-body.js';
import { ok } from '../respond.js';

/** Until the response can take more (or is closed), leaving no listener behind. */
async function drained(res: Response): Promise<void> {
  const done = new AbortController();
  try {
    await Promise.race([once(res, 'drain', { signal: done.signal }), once(res, 'close', { signal: done.signal })]);
  } finally {
    done.abort();
  }
}

/** /api/admin/*: admin-only views that aggregate on the server. */
export function adminRouter(): Router {
  const router = Router();

  router.get('/dashboard', async (req, res) => {
    await requireAdmin(req);
    ok(res, await dashboard());
  });

  // Export and erasure requests of shoppers' data (docs/accounts-privacy.md).
  router.get('/privacy-requests', async (req, res) => {
    await requireAdmin(req);
    ok(res, await listPrivacyRequests());
  });

  // Seller settings and the monthly tax report (issue 12, docs/gst-invoices.md).
  router.get('/settings/seller', async (req, res) => {
    await requireAdmin(req);
    ok(res, await getSellerSettings());
  });

  router.put('/settings/seller', async (req, res) => {
    await requireAdmin(req);
    const input = sellerSettingsSchema.parse(jsonBody(req));
    ok(res, await saveSellerSettings(input), 'Seller settings saved');
  });

  const monthOf = (query: unknown) => {
    const { month = istMonthOf(new Date()), cursor } = taxReportQuerySchema.parse(query);
    const range = istMonthRange(month);
    if (!range) throw badRequest(MONTH_MESSAGE);
    const after = cursor === undefined ? null : decodeTaxCursor(cursor);
    if (cursor !== undefined && !after) throw badRequest(TAX_CURSOR_MESSAGE);
    return { month, range, after };
  };

  // The month's totals from its counters and one page of documents (tax/months.ts).
  router.get('/tax', async (req, res) => {
    await requireAdmin(req);
    const { month, range, after } = monthOf(req.query);
    ok(res, await taxMonthView(db, month, range, after));
  });

  // Every document of the month, written out page by page as it is read (one streamed query
  // per source, tax/months.ts). Hosting sends /api/admin/** to the admin's function
  // (decision 0031), never to the shoppers' one.
  router.get('/tax/csv', async (req, res) => {
    await requireAdmin(req);
    const { month, range } = monthOf(req.query);
    res.status(200).type('text/csv; charset=utf-8').set('Content-Disposition', `attachment; filename="gst-${month}.csv"`);
    // The byte-order mark makes spreadsheet programs read the file as UTF-8 (₹, names).
    res.write(`\uFEFF${taxCsvHeader()}`);
    await forEachTaxDocument(db, range, async (documents) => {
      // A download given up stops the reading; a slow one holds it back.
      if (res.destroyed) throw new Error('The CSV download was closed before it finished');
      if (documents.length && !res.write(taxCsvLines(documents))) await drained(res);
    });
    res.end();
  });

  // GSTR-1 of a month in the offline tool's JSON, a CSV per section, or the Tax view's counts (issue 41, docs/gst-b2b.md).
  router.get('/tax/gstr1', async (req, res) => {
    await requireAdmin(req);
    const { period, format = 'json', section } = gstr1QuerySchema().parse(req.query);
    const range = istMonthRange(period);
    if (!range) throw badRequest(MONTH_MESSAGE);
    const { gstr1, counts, receivers } = await gstr1Export(db, period, range);
    res.set('Cache-Control', 'private, no-store');
    if (format === 'summary') return ok(res, { period, fp: gstr1.fp, counts });
    if (format === 'csv' && section) {
      const name = (code: string) => stateOfGstCode(code) ?? (code === '96' ? 'Other Countries' : code);
      res
        .status(200)
        .type('text/csv; charset=utf-8')
        .set('Content-Disposition', `attachment; filename="gstr1-${period}-${section}.csv"`)
        .send(`\uFEFF${gstr1Csv(gstr1, section, name, (ctin) => receivers[ctin] ?? '')}`);
      return;
    }
    res
      .status(200)
      .type('application/json; charset=utf-8')
      .set('Content-Disposition', `attachment; filename="gstr1-${gstr1.fp}.json"`)
      .send(JSON.stringify(gstr1));
  });

  return router;
}
