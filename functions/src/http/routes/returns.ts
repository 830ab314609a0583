import { Router, type Request } from 'express';
import {
  RETURN_MESSAGES,
  RETURN_NUMBER_PATTERN,
  createReturnSchema,
  docIdSchema,
  documentFileName,
  isReturnStatus,
  returnForShopper,
  returnPayoutSchema,
  returnStatusUpdateSchema,
} from '@bagshop/domain';
import { badRequest, conflict, notFound } from '../../lib/errors.js';
import { limitFromEnv, rateLimit, withinLimit } from '../../lib/rate-limit.js';
import { renderTaxDocumentPdf } from '../../tax/invoice-pdf.js';
import { NO_INVOICE } from '../../tax/invoices.js';
import { getOrder, ORDER_NOT_FOUND } from '../../orders/place.js';
import { createReturn, orderReturns } from '../../returns/create.js';
import { adminReturns, getReturn, markPayoutPaid, moveReturn } from '../../returns/moves.js';
import { requireAdmin, requireUser } from '../auth.js';
import { jsonBody } from '../json-body.js';
import { readPhotoForm } from '../photo-form.js';
import { ok } from '../respond.js';

const MAX_RETURN_PHOTOS = 3;
const HOUR = 3_600_000;
export const RETURN_REQUESTS_TOO_MANY = 'Too many return requests. Please wait a while and try again.';

function orderId(req: Request): string {
  const parsed = docIdSchema.safeParse(req.params.id);
  if (!parsed.success) throw notFound(ORDER_NOT_FOUND);
  return parsed.data;
}

function returnNumberOf(req: Request): string {
  const n = req.params.number;
  if (typeof n !== 'string' || !RETURN_NUMBER_PATTERN.test(n)) throw notFound(RETURN_MESSAGES.notFound);
  return n;
}

/** The shopper's routes, under /api/order (docs/returns.md). */
export function orderReturnsRouter(): Router {
  const router = Router();
  // Each request may carry 3 × 5 MB of photos to decode (issue 37): per shopper and per address,
  // counted before the body is read.
  const perShopper = rateLimit({
    name: 'return_request',
    limit: limitFromEnv('return_request', 20),
    windowMs: HOUR,
    key: async (req) => (await requireUser(req)).uid,
    message: RETURN_REQUESTS_TOO_MANY,
  });
  const perIp = rateLimit({
    name: 'return_request_ip',
    limit: limitFromEnv('return_request_ip', 60),
    windowMs: HOUR,
    message: RETURN_REQUESTS_TOO_MANY,
  });

  router.post('/:id/returns', async (req, res) => {
    const user = await requireUser(req);
    await withinLimit(perIp, req, res);
    await withinLimit(perShopper, req, res);
    const id = orderId(req);
    const form = await readPhotoForm(req, { maxPhotos: MAX_RETURN_PHOTOS, tooManyPhotos: RETURN_MESSAGES.tooManyPhotos });
    const input = createReturnSchema.parse(form.fields);
    const created = await createReturn(user, id, input, form.photos);
    ok(res, { return: returnForShopper(created) }, 'Return requested', 201);
  });

  router.get('/:id/returns', async (req, res) => {
    const user = await requireUser(req);
    const answer = await orderReturns(user, orderId(req));
    ok(res, user.role === 'admin' ? answer : { ...answer, returns: answer.returns.map(returnForShopper) });
  });

  router.get('/:id/returns/:number/credit-note', async (req, res) => {
    const user = await requireUser(req);
    const order = await getOrder(user, orderId(req));
    const ret = await getReturn(user, returnNumberOf(req));
    if (ret.orderId !== order._id) throw notFound(RETURN_MESSAGES.notFound);
    if (!order.invoice) throw conflict(NO_INVOICE);
    if (!ret.creditNote) throw conflict('No credit note has been issued for this return');
    const note = ret.creditNote;
    const pdf = await renderTaxDocumentPdf({
      kind: 'credit-note',
      orderId: order._id,
      invoice: { ...order.invoice, lines: note.lines, totals: note.totals },
      creditNote: {
        number: note.number,
        issuedAt: note.issuedAt,
        financialYear: note.financialYear,
        invoiceNumber: note.invoiceNumber,
        reason: note.reason,
        totals: note.totals,
      },
    });
    res
      .status(200)
      .type('application/pdf')
      .set('Content-Disposition', `attachment; filename="${documentFileName(note.number)}"`)
      .set('Content-Length', String(pdf.length))
      .send(pdf);
  });

  return router;
}

/** The admin's routes, under /api/admin. */
export function adminReturnsRouter(): Router {
  const router = Router();

  router.get('/returns', async (req, res) => {
    await requireAdmin(req);
    const status = typeof req.query.status === 'string' ? req.query.status : undefined;
    if (status !== undefined && !isReturnStatus(status)) throw badRequest('Unknown return status');
    ok(res, await adminReturns(status));
  });

  router.get('/returns/:number', async (req, res) => {
    const admin = await requireAdmin(req);
    ok(res, await getReturn(admin, returnNumberOf(req)));
  });

  router.patch('/returns/:number', async (req, res) => {
    const admin = await requireAdmin(req);
    const number = returnNumberOf(req);
    const update = returnStatusUpdateSchema.parse(jsonBody(req));
    ok(res, await moveReturn(admin, number, update), `Return ${update.status.replace(/_/g, ' ')}`);
  });

  router.post('/returns/:number/payout', async (req, res) => {
    const admin = await requireAdmin(req);
    const number = returnNumberOf(req);
    const { reference } = returnPayoutSchema.parse(jsonBody(req));
    ok(res, await markPayoutPaid(admin, number, reference), 'Payout marked paid');
  });

  return router;
}
