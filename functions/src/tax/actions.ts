/**
 * The admin's tax-document actions on one order (issue 37, docs/gst-invoices.md "Before dispatch",
 * "Refunds after dispatch"): Issue invoice for a confirmed order that has none (a payment that
 * confirmed it while the seller settings were missing), and Issue credit note for a dispatched
 * order whose whole payment was refunded at the provider. Both leave a draft and a queue entry in
 * one transaction, as a confirmation or a cancel does, and wait for the single writer's number.
 */
import {
  creditNoteDue,
  INVOICE_NOT_MISSING,
  invoiceMissing,
  NO_CREDIT_NOTE_DUE,
  NOT_INVOICEABLE_HERE,
  orderFromData,
  REFUND_CREDIT_NOTE_REASON,
  type Order,
} from '@bagshop/domain';
import { Timestamp } from 'firebase-admin/firestore';
import { conflict, notFound } from '../lib/errors.js';
import { plainDoc } from '../lib/firestore-data.js';
import { awaitTaxNumbers } from './numbering.js';
import { prepareCreditNote, prepareInvoice } from './invoices.js';
import { ORDER_NOT_FOUND, orders, runOrderTransaction } from '../orders/store.js';
import { toOrder } from '../orders/format.js';

/** POST /api/order/{id}/invoice (admin). */
export async function issueMissingInvoice(orderId: string, now = new Date()): Promise<Order> {
  const ref = orders().doc(orderId);
  await runOrderTransaction(async (tx) => {
    const snap = await tx.get(ref);
    if (!snap.exists) throw notFound(ORDER_NOT_FOUND);
    const order = orderFromData(snap.id, plainDoc(snap));
    if (!invoiceMissing(order)) throw conflict(order.invoice || order.invoicePending ? INVOICE_NOT_MISSING : NOT_INVOICEABLE_HERE);
    // 409 with the reason when the seller settings or the delivery state still stop it.
    const apply = await prepareInvoice(tx, ref, snap.data() ?? {}, now);
    if (!apply) throw conflict(INVOICE_NOT_MISSING);
    tx.update(ref, { ...apply(tx), updatedAt: Timestamp.fromDate(now) });
  });
  await awaitTaxNumbers(orderId, 'admin');
  return toOrder(await ref.get());
}

/** POST /api/order/{id}/credit-note (admin). */
export async function issueRefundCreditNote(orderId: string, now = new Date()): Promise<Order> {
  const ref = orders().doc(orderId);
  await runOrderTransaction(async (tx) => {
    const snap = await tx.get(ref);
    if (!snap.exists) throw notFound(ORDER_NOT_FOUND);
    const data = snap.data() ?? {};
    const order = orderFromData(snap.id, plainDoc(snap));
    if (!creditNoteDue(order) || data.pendingCreditNote) throw conflict(NO_CREDIT_NOTE_DUE);
    const apply = await prepareCreditNote(tx, ref, data, now);
    if (!apply) throw conflict(NO_CREDIT_NOTE_DUE);
    const { pendingCreditNote } = apply(tx);
    tx.update(ref, {
      pendingCreditNote: { ...pendingCreditNote, creditNote: { ...pendingCreditNote.creditNote, reason: REFUND_CREDIT_NOTE_REASON } },
      updatedAt: Timestamp.fromDate(now),
    });
  });
  await awaitTaxNumbers(orderId, 'admin');
  return toOrder(await ref.get());
}
