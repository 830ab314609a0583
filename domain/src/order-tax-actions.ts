/**
 * What an order needs from the tax documents before it moves on (issue 37, docs/gst-invoices.md
 * "Before dispatch" and "Refunds after dispatch"): nothing leaves without a numbered invoice, and
 * a whole refund made at the provider after the parcel left gets its credit note from the admin's
 * order drawer (Issue credit note), not from a note to do it by hand.
 */
import type { OrderStatus } from './order-status.js';
import type { Order } from './types.js';

export const NO_INVOICE_TO_SHIP = 'This order has no tax invoice, so it cannot ship: issue it with "Issue invoice" in the order first';
export const INVOICE_NOT_MISSING = 'This order already has its tax invoice';
export const NOT_INVOICEABLE_HERE = 'Only a confirmed order without a tax invoice gets one here';
export const NO_CREDIT_NOTE_DUE =
  'This order needs no credit note from here: it is issued with the cancel, or the refund has not been made';
export const REFUND_CREDIT_NOTE_REASON = 'Payment refunded after dispatch';

type TaxView = Pick<Order, 'status' | 'invoice' | 'invoicePending' | 'creditNote' | 'payment'> & { pendingCreditNote?: unknown };

/** The statuses of an order that has left (or is leaving) the warehouse. */
const DISPATCHED: readonly OrderStatus[] = ['shipped', 'out_for_delivery', 'delivery_failed', 'completed'];

/** 409 text when the order cannot become `shipped` for want of an invoice; null when it can. */
export function invoiceRefusesShipping(order: Pick<Order, 'invoice' | 'invoicePending'>, beingPrepared: string): string | null {
  if (order.invoice) return null;
  return order.invoicePending ? beingPrepared : NO_INVOICE_TO_SHIP;
}

/** A confirmed order with neither an invoice nor a draft (the seller settings were missing when the payment confirmed it). */
export function invoiceMissing(order: TaxView): boolean {
  return order.status === 'confirmed' && !order.invoice && !order.invoicePending;
}

/** A dispatched, invoiced order whose whole payment was refunded (at the provider) and that has no credit note yet. */
export function creditNoteDue(order: TaxView): boolean {
  return DISPATCHED.includes(order.status) && order.payment.status === 'refunded' && order.invoice !== null && order.creditNote === null;
}
