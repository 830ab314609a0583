/**
 * `returns/{RET-YYYY-NNNNN}` (docs/returns.md): a shopper's return or exchange of some units of
 * a delivered order, as the API answers it. The shopper sees it without the admin's notes on
 * the payout account beyond its last digits (`returnForShopper`).
 */
import { SHIPMENT_EVENTS, type ShipmentEvent } from '../fulfilment.js';
import type { InvoiceLine, TaxTotals } from '../gst.js';
import {
  RETURN_REASONS,
  RETURN_RESOLUTIONS,
  RETURN_STATUSES,
  type ReturnReason,
  type ReturnResolution,
  type ReturnStatus,
} from '../returns/status.js';
import { Fields } from './plain.js';
import { lineOf, totalsOf } from './tax-documents.js';

export interface ReturnLine {
  lineId: string;
  /** Index of the order line (and of its invoice line). */
  lineIndex: number;
  productId: string;
  variantId: string;
  sku: string;
  name: string;
  variantLabel: string;
  quantity: number;
  /** Units of the line returned before this return. */
  alreadyReturned: number;
  refundPaise: number;
}

export interface ReturnHistoryEntry {
  status: ReturnStatus;
  at: string;
  by: string;
  note: string;
}

export interface ReturnJson {
  _id: string;
  orderId: string;
  userId: string;
  status: ReturnStatus;
  lines: ReturnLine[];
  reason: ReturnReason;
  comment: string;
  resolution: ReturnResolution;
  paymentMethod: 'COD' | 'ONLINE';
  refundPaise: number;
  refundTo: { upiId: string } | { accountName: string; accountNumber: string; ifsc: string } | null;
  photos: { url: string; hash: string }[];
  exchange: {
    variantId: string;
    sku: string;
    variantLabel: string;
    options: Record<string, string>;
    heldAt: string | null;
    releasedAt: string | null;
    shipmentId: string | null;
    awb: string | null;
  } | null;
  pickup: {
    courier: string;
    awb: string;
    provider: 'manual' | 'shiprocket';
    scheduledAt: string;
    /** The courier's scans of the reverse pickup, oldest first (docs/returns.md, "Pickup tracking"). */
    events: { status: ShipmentEvent; at: string; location: string; note: string }[];
    /** When the courier delivered it to the seller: the quality check is next. */
    arrivedAt: string | null;
  } | null;
  qualityCheck: { passed: boolean; note: string; at: string } | null;
  stockRestockedAt: string | null;
  refund: {
    provider: string;
    id: string | null;
    status: 'pending' | 'succeeded' | 'failed';
    amountPaise: number;
    idempotencyKey: string;
    requestedAt: string;
    refundedAt: string | null;
  } | null;
  payout: {
    method: 'upi' | 'bank';
    to: string;
    amountPaise: number;
    status: 'pending' | 'paid';
    reference: string;
    paidAt: string | null;
    paidBy: string;
  } | null;
  creditNote: {
    number: string;
    issuedAt: string;
    financialYear: string;
    invoiceNumber: string;
    reason: string;
    returnNumber: string;
    lines: InvoiceLine[];
    totals: TaxTotals;
  } | null;
  rejectionReason: string;
  history: ReturnHistoryEntry[];
  createdAt: string;
  updatedAt: string;
}

/** The stored return (Timestamps already ISO strings) as the API answers it. */
export function returnFromData(id: string, value: unknown): ReturnJson {
  const d = Fields.of(value, `returns/${id}`);
  const refundTo = d.objectOrNull('refundTo');
  const exchange = d.objectOrNull('exchange');
  const pickup = d.objectOrNull('pickup');
  const qc = d.objectOrNull('qualityCheck');
  const refund = d.objectOrNull('refund');
  const payout = d.objectOrNull('payout');
  const note = d.objectOrNull('creditNote');
  return {
    _id: id,
    orderId: d.text('orderId'),
    userId: d.text('userId'),
    status: d.oneOf('status', RETURN_STATUSES, 'requested'),
    lines: d.list('lines', (v, path) => {
      const l = Fields.of(v, path);
      return {
        lineId: l.text('lineId'),
        lineIndex: l.number('lineIndex'),
        productId: l.text('productId'),
        variantId: l.text('variantId'),
        sku: l.text('sku'),
        name: l.text('name'),
        variantLabel: l.text('variantLabel'),
        quantity: l.number('quantity'),
        alreadyReturned: l.number('alreadyReturned'),
        refundPaise: l.number('refundPaise'),
      };
    }),
    reason: d.oneOf('reason', RETURN_REASONS, 'changed_mind'),
    comment: d.text('comment'),
    resolution: d.oneOf('resolution', RETURN_RESOLUTIONS, 'refund'),
    paymentMethod: d.oneOf('paymentMethod', ['COD', 'ONLINE'] as const, 'ONLINE'),
    refundPaise: d.number('refundPaise'),
    refundTo: refundTo
      ? refundTo.has('upiId')
        ? { upiId: refundTo.text('upiId') }
        : { accountName: refundTo.text('accountName'), accountNumber: refundTo.text('accountNumber'), ifsc: refundTo.text('ifsc') }
      : null,
    photos: d.list('photos', (v, path) => {
      const p = Fields.of(v, path);
      return { url: p.text('url'), hash: p.text('hash') };
    }),
    exchange: exchange
      ? {
          variantId: exchange.text('variantId'),
          sku: exchange.text('sku'),
          variantLabel: exchange.text('variantLabel'),
          options: Object.fromEntries(
            Object.entries((exchange.raw('options') ?? {}) as Record<string, unknown>).map(([k, v]) => [k, String(v)]),
          ),
          heldAt: exchange.dateOrNull('heldAt'),
          releasedAt: exchange.dateOrNull('releasedAt'),
          shipmentId: exchange.textOrNull('shipmentId'),
          awb: exchange.textOrNull('awb'),
        }
      : null,
    pickup: pickup
      ? {
          courier: pickup.text('courier'),
          awb: pickup.text('awb'),
          provider: pickup.oneOf('provider', ['manual', 'shiprocket'] as const, 'manual'),
          scheduledAt: pickup.date('scheduledAt'),
          events: pickup.list('events', (v, path) => {
            const e = Fields.of(v, path);
            return {
              status: e.oneOf('status', SHIPMENT_EVENTS, 'in_transit'),
              at: e.date('at'),
              location: e.text('location'),
              note: e.text('note'),
            };
          }),
          arrivedAt: pickup.dateOrNull('arrivedAt'),
        }
      : null,
    qualityCheck: qc ? { passed: qc.boolean('passed'), note: qc.text('note'), at: qc.date('at') } : null,
    stockRestockedAt: d.dateOrNull('stockRestockedAt'),
    refund: refund
      ? {
          provider: refund.text('provider'),
          id: refund.textOrNull('id'),
          status: refund.oneOf('status', ['pending', 'succeeded', 'failed'] as const, 'pending'),
          amountPaise: refund.number('amountPaise'),
          idempotencyKey: refund.text('idempotencyKey'),
          requestedAt: refund.date('requestedAt'),
          refundedAt: refund.dateOrNull('refundedAt'),
        }
      : null,
    payout: payout
      ? {
          method: payout.oneOf('method', ['upi', 'bank'] as const, 'upi'),
          to: payout.text('to'),
          amountPaise: payout.number('amountPaise'),
          status: payout.oneOf('status', ['pending', 'paid'] as const, 'pending'),
          reference: payout.text('reference'),
          paidAt: payout.dateOrNull('paidAt'),
          paidBy: payout.text('paidBy'),
        }
      : null,
    creditNote: note
      ? {
          number: note.text('number'),
          issuedAt: note.date('issuedAt'),
          financialYear: note.text('financialYear'),
          invoiceNumber: note.text('invoiceNumber'),
          reason: note.text('reason'),
          returnNumber: note.text('returnNumber'),
          lines: note.list('lines', lineOf),
          totals: totalsOf(note.object('totals')),
        }
      : null,
    rejectionReason: d.text('rejectionReason'),
    history: d.list('history', (v, path) => {
      const h = Fields.of(v, path);
      return { status: h.oneOf('status', RETURN_STATUSES, 'requested'), at: h.date('at'), by: h.text('by'), note: h.text('note') };
    }),
    createdAt: d.date('createdAt'),
    updatedAt: d.date('updatedAt'),
  };
}

/** What the shopper is shown: the account number only by its last four digits. */
export function returnForShopper(r: ReturnJson): ReturnJson {
  if (!r.refundTo || !('accountNumber' in r.refundTo)) return r;
  return { ...r, refundTo: { ...r.refundTo, accountNumber: `••••${r.refundTo.accountNumber.slice(-4)}` } };
}

/** A return's `creditNote` alone (the Tax view reads only that field); null when none. */
export function returnCreditNoteFromData(value: unknown): ReturnJson['creditNote'] {
  if (value === undefined || value === null) return null;
  return returnFromData('credit-note', { creditNote: value }).creditNote;
}
