import { Router, type Request, type Response } from 'express';
import { docIdSchema, documentFileName } from '@bagshop/domain';
import { conflict, notFound } from '../../lib/errors.js';
import { renderTaxDocumentPdf } from '../../tax/invoice-pdf.js';
import { INVOICE_BEING_PREPARED, NO_CREDIT_NOTE, NO_INVOICE } from '../../tax/invoices.js';
import { getOrder, ORDER_NOT_FOUND } from '../../orders/place.js';
import { issueMissingInvoice, issueRefundCreditNote } from '../../tax/actions.js';
import { requireAdmin, requireUser } from '../auth.js';
import { ok } from '../respond.js';
import { invoiceWarrantyNotes } from '../../warranty/index.js';
import { retryEinvoiceNow } from '../../tax/einvoice.js';

function orderId(req: Request): string {
  const parsed = docIdSchema.safeParse(req.params.id);
  if (!parsed.success) throw notFound(ORDER_NOT_FOUND);
  return parsed.data;
}

function sendPdf(res: Response, pdf: Buffer, number: string): void {
  res
    .status(200)
    .type('application/pdf')
    .set('Content-Disposition', `attachment; filename="${documentFileName(number)}"`)
    .set('Content-Length', String(pdf.length))
    .send(pdf);
}

/**
 * GET /api/order/{id}/invoice and /credit-note: the PDF of the order's tax invoice or credit
 * note, for the order's owner or an admin (anyone else 404, like the order itself). POST: the
 * admin's Issue invoice / Issue credit note (issue 37, docs/gst-invoices.md).
 */
export function taxDocumentsRouter(): Router {
  const router = Router();

  // Issue 37: the admin's tax-document actions (docs/gst-invoices.md "Before dispatch", "Refunds after dispatch").
  router.post('/:id/invoice', async (req, res) => {
    await requireAdmin(req);
    ok(res, await issueMissingInvoice(orderId(req)), 'Invoice issued');
  });

  router.post('/:id/credit-note', async (req, res) => {
    await requireAdmin(req);
    ok(res, await issueRefundCreditNote(orderId(req)), 'Credit note issued');
  });

  // Issue 41: Retry IRN now (an e-invoice the IRP has not registered yet; the sweep retries too).
  router.post('/:id/einvoice', async (req, res) => {
    const admin = await requireAdmin(req);
    const id = orderId(req);
    await retryEinvoiceNow(id);
    ok(res, await getOrder(admin, id), 'E-invoice reported');
  });

  router.get('/:id/invoice', async (req, res) => {
    const user = await requireUser(req);
    const order = await getOrder(user, orderId(req));
    if (!order.invoice) throw conflict(order.invoicePending ? INVOICE_BEING_PREPARED : NO_INVOICE);
    const warrantyNotes = await invoiceWarrantyNotes(order);
    sendPdf(
      res,
      await renderTaxDocumentPdf({
        kind: 'invoice',
        orderId: order._id,
        invoice: order.invoice,
        warrantyNotes,
        einvoice: order.einvoice ?? null,
      }),
      order.invoice.number,
    );
  });

  router.get('/:id/credit-note', async (req, res) => {
    const user = await requireUser(req);
    const order = await getOrder(user, orderId(req));
    if (!order.invoice || !order.creditNote) throw conflict(order.invoice ? NO_CREDIT_NOTE : NO_INVOICE);
    const pdf = await renderTaxDocumentPdf({
      kind: 'credit-note',
      orderId: order._id,
      invoice: order.invoice,
      creditNote: order.creditNote,
    });
    sendPdf(res, pdf, order.creditNote.number);
  });

  return router;
}
