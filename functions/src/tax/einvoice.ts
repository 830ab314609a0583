/**
 * E-invoicing (issue 41, docs/gst-b2b.md "E-invoicing", docs/decisions/0046-einvoice-irp.md).
 *
 * With the seller's `einvoice: 'on'`, a B2B invoice (the buyer's GSTIN on it) is drafted with
 * `pendingInvoice.einvoice: true` (tax/invoices.ts). The single writer that numbers it sets the
 * order's `einvoice: { status: 'pending' }` in the same transaction (tax/numbering.ts) and, after
 * its commit, reports it to the IRP (`reportEinvoices`): the IRN, AckNo, AckDt and signed QR code
 * go on the order (`status: 'registered'`). A call that fails leaves the order "IRN pending"
 * with the error and the time of the next attempt; the minute sweep retries (`retryPendingEinvoices`),
 * and the admin may retry at once (POST /api/order/{id}/einvoice). Nothing ships while the IRN
 * is pending (tax/numbering.ts `ensureInvoiceNumbered`, orders/transition.ts). Cancelling the order
 * within 24 h of AckDt cancels the IRN at the IRP (`cancelEinvoice`); the credit note is issued as before.
 */
import { backoffDelayMs, invoiceFromData, irnCancellable, nicInvoiceOf, type EinvoiceState } from '@bagshop/domain';
import { logger } from 'firebase-functions';
import { FieldValue, Timestamp, type DocumentData } from 'firebase-admin/firestore';
import { plainData } from '../lib/firestore-data.js';
import { conflict, notFound } from '../lib/errors.js';
import { orders } from '../orders/store.js';
import { cancelIrn, generateIrn, irpAccount, IrpCallError } from './einvoice-client.js';

export const IRN_PENDING_SHIP =
  'This order’s e-invoice has no IRN yet (the IRP has not registered it): it cannot ship before the IRN. It is retried every minute, or use Retry IRN on the order';
export const NO_EINVOICE_PENDING = 'This order has no e-invoice waiting for its IRN';

/** Retries: from 1 minute, doubling, at most every 30 minutes. */
const RETRY = { baseMs: 60_000, capMs: 30 * 60_000 };
/** The sweep looks at this many pending orders a minute. */
const SWEEP_LIMIT = 20;

/** What the numbering transaction writes on an order whose B2B invoice it numbered with e-invoicing on. */
export function pendingEinvoice(now: Timestamp): DocumentData {
  return { status: 'pending', attempts: 0, lastError: null, queuedAt: now, nextAttemptAt: now };
}

/** Whether the order waits for its IRN (the ship gate). */
export function einvoicePending(order: DocumentData): boolean {
  return (order.einvoice as { status?: unknown } | undefined)?.status === 'pending';
}

function ackDtOf(order: DocumentData): Date | null {
  const v = (order.einvoice as { ackDt?: unknown } | undefined)?.ackDt;
  return v instanceof Timestamp ? v.toDate() : null;
}

/** Reports one order's invoice to the IRP if it waits for its IRN; answers the state it left. Never throws for the IRP's failures. */
export async function reportEinvoice(orderId: string, now = new Date()): Promise<'registered' | 'pending' | 'none'> {
  const ref = orders().doc(orderId);
  const snap = await ref.get();
  const order = snap.data() ?? {};
  if (!einvoicePending(order)) return 'none';
  const invoice = invoiceFromData(plainData(order.invoice));
  const request = invoice ? nicInvoiceOf(invoice) : null;
  const attempts = Number((order.einvoice as { attempts?: unknown }).attempts ?? 0) + 1;
  try {
    if (!invoice || !request) throw new IrpCallError('The order has no numbered B2B invoice to report', null, false);
    const r = await generateIrn(irpAccount(invoice.seller.gstin), request);
    await ref.update({
      einvoice: {
        status: 'registered',
        irn: r.irn,
        ackNo: r.ackNo,
        ackDt: Timestamp.fromDate(r.ackDt),
        signedQrCode: r.signedQrCode,
        signedInvoice: r.signedInvoice,
        attempts,
        lastError: null,
        registeredAt: Timestamp.fromDate(now),
      },
      updatedAt: Timestamp.fromDate(now),
    });
    logger.info('einvoice_registered', { orderId, irn: r.irn, attempts });
    return 'registered';
  } catch (error) {
    const message = error instanceof Error ? error.message : String(error);
    const next = new Date(now.getTime() + backoffDelayMs(attempts - 1, RETRY));
    await ref.update({
      'einvoice.attempts': attempts,
      'einvoice.lastError': message,
      'einvoice.lastAttemptAt': Timestamp.fromDate(now),
      'einvoice.nextAttemptAt': Timestamp.fromDate(next),
    });
    logger.error('einvoice_failed', { orderId, attempts, error: message });
    return 'pending';
  }
}

/** After the single writer's commit: reports the orders it marked pending (one after another). */
export async function reportEinvoices(orderIds: readonly string[]): Promise<void> {
  for (const id of orderIds) {
    await reportEinvoice(id).catch((error: unknown) =>
      logger.error('einvoice_report_failed', { orderId: id, error: error instanceof Error ? error.message : String(error) }),
    );
  }
}

/** The minute sweep: pending e-invoices whose next attempt is due (single-field query on einvoice.status). */
export async function retryPendingEinvoices(now = new Date()): Promise<string[]> {
  const pending = await orders().where('einvoice.status', '==', 'pending').limit(SWEEP_LIMIT).get();
  const registered: string[] = [];
  for (const doc of pending.docs) {
    const due = doc.get('einvoice.nextAttemptAt');
    if (due instanceof Timestamp && due.toMillis() > now.getTime()) continue;
    if ((await reportEinvoice(doc.id, now)) === 'registered') registered.push(doc.id);
  }
  return registered;
}

/** POST /api/order/{id}/einvoice (admin): Retry IRN now. */
export async function retryEinvoiceNow(orderId: string): Promise<void> {
  const snap = await orders().doc(orderId).get();
  if (!snap.exists) throw notFound('Order not found');
  if (!einvoicePending(snap.data() ?? {})) throw conflict(NO_EINVOICE_PENDING);
  await reportEinvoice(orderId);
}

/**
 * After an order's cancel committed: its IRN, registered less than 24 h ago, is cancelled at the
 * IRP (CnlRsn 3, order cancelled). Older, the credit note alone stands (as without e-invoicing).
 * A failed cancel is kept on the order (`einvoice.cancelError`) and logged.
 */
export async function cancelEinvoice(orderId: string, now = new Date()): Promise<'cancelled' | 'too-late' | 'none' | 'failed'> {
  const ref = orders().doc(orderId);
  const order = (await ref.get()).data() ?? {};
  const e = order.einvoice as { status?: unknown; irn?: unknown } | undefined;
  const ackDt = ackDtOf(order);
  if (e?.status !== 'registered' || typeof e.irn !== 'string' || !ackDt) return 'none';
  if (!irnCancellable(ackDt, now)) {
    await ref.update({ 'einvoice.cancelSkipped': 'More than 24 hours after the IRN: the credit note stands instead' });
    return 'too-late';
  }
  const invoice = invoiceFromData(plainData(order.invoice));
  try {
    const r = await cancelIrn(irpAccount(invoice?.seller.gstin ?? ''), e.irn, 'Order cancelled');
    await ref.update({
      'einvoice.status': 'cancelled',
      'einvoice.cancelledAt': Timestamp.fromDate(r.cancelDate ?? now),
      'einvoice.cancelError': FieldValue.delete(),
    });
    logger.info('einvoice_cancelled', { orderId, irn: e.irn });
    return 'cancelled';
  } catch (error) {
    const message = error instanceof Error ? error.message : String(error);
    await ref.update({ 'einvoice.cancelError': message });
    logger.error('einvoice_cancel_failed', { orderId, error: message });
    return 'failed';
  }
}

/** The order's `einvoice` as the API answers it (the codec reads the same fields: domain/src/codecs/order.ts). */
export type { EinvoiceState };
