import { Router } from 'express';
import { istMonthOf, istMonthRange, sellerSettingsSchema, taxReportCsv, taxReportQuerySchema } from '@bagshop/domain';
import { badRequest } from '../../lib/errors.js';
import { dashboard } from '../../services/dashboard.js';
import { listPrivacyRequests } from '../../services/accounts/privacy.js';
import { monthlyTaxReport } from '../../services/invoices.js';
import { getSellerSettings, saveSellerSettings } from '../../services/seller.js';
import { requireAdmin } from '../auth.js';
import { jsonBody } from '../json-body.js';
import { ok } from '../respond.js';

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

  const reportOf = async (query: unknown) => {
    const month = taxReportQuerySchema.parse(query).month ?? istMonthOf(new Date());
    const range = istMonthRange(month);
    if (!range) throw badRequest('Month must be a month like 2026-11');
    return monthlyTaxReport(month, range);
  };

  router.get('/tax', async (req, res) => {
    await requireAdmin(req);
    ok(res, await reportOf(req.query));
  });

  router.get('/tax/csv', async (req, res) => {
    await requireAdmin(req);
    const report = await reportOf(req.query);
    res
      .status(200)
      .type('text/csv; charset=utf-8')
      .set('Content-Disposition', `attachment; filename="gst-${report.month}.csv"`)
      // The byte-order mark makes spreadsheet programs read the file as UTF-8 (₹, names).
      .send(`\uFEFF${taxReportCsv(report)}`);
  });

  return router;
}
