/** `orders/{id}` (docs/architecture.md, "Data model"; the lifecycle in docs/orders-and-payments.md). */
import { parseOrderDelivery } from '../delivery.js';
import type { OrderOffer } from '../offers.js';
import type { OrderPaymentPlan } from '../emi.js';
import {
  SHIPMENT_EVENTS,
  type CodConfirmation,
  type OrderNdr,
  type Shipment,
  type ShipmentEventEntry,
  type ShipmentItem,
} from '../fulfilment.js';
import { ORDER_STATUSES, PAYMENT_METHODS, PAYMENT_STATUSES } from '../order-status.js';
import type { ExtraPayment, Order, OrderAttention, OrderItem, OrderPayment, PaymentRefund, ProductImage, StatusChange } from '../types.js';
import { shippingAddressFromData } from './address.js';
import { fullNameOf } from './profile.js';
import { Fields } from './plain.js';
import { creditNoteFromData, invoiceFromData } from './tax-documents.js';
import type { EinvoiceState } from '../einvoice.js';

/** An order line's picture: `{ url, hash }`, or, in older documents, the bare URL `/api/images/{sha256}`. */
function itemImageOf(value: unknown, path: string): ProductImage {
  if (typeof value === 'string') return { url: value, hash: value.split('/').pop() ?? '' };
  const image = Fields.orEmpty(value, path);
  return { url: image.text('url'), hash: image.text('hash') };
}

export function orderItemFromData(value: unknown, path = 'item'): OrderItem {
  const item = Fields.of(value, path);
  const product = item.object('product');
  const id = item.text('_id') || product.text('_id');
  return {
    _id: id,
    name: item.text('name'),
    price: item.number('price'),
    discount: item.number('discount'),
    quantity: item.number('quantity'),
    product: { _id: product.text('_id') || id, image: itemImageOf(product.raw('image'), `${path}.product.image`) },
    // Lines from before variants: the product's one variant, whose id is the product's.
    variantId: item.text('variantId') || product.text('_id') || id,
    sku: item.text('sku'),
    options: textMap(item.object('options')),
    variantLabel: item.text('variantLabel'),
    offerDiscountPaise: item.number('offerDiscountPaise'),
  };
}

const textMap = (f: Fields): Record<string, string> => Object.fromEntries(Object.keys(f.data).map((k) => [k, f.text(k)]));

function orderOfferOf(value: unknown, path: string): OrderOffer {
  const o = Fields.of(value, path);
  return {
    offerId: o.text('offerId'),
    ...(o.textOrNull('kind') === 'no_cost_emi' ? { kind: 'no_cost_emi' as const } : {}),
    code: o.textOrNull('code'),
    title: o.text('title'),
    amountPaise: o.number('amountPaise'),
  };
}

function refundOf(r: Fields | null): PaymentRefund | null {
  if (!r) return null;
  return {
    id: r.textOrNull('id'),
    status: r.oneOf('status', ['pending', 'succeeded', 'failed'], 'pending'),
    amountPaise: r.number('amountPaise'),
    requestedAt: r.date('requestedAt'),
    refundedAt: r.dateOrNull('refundedAt'),
  };
}

function extraPaymentOf(value: unknown, path: string): ExtraPayment {
  const e = Fields.of(value, path);
  return {
    sessionId: e.textOrNull('sessionId'),
    paymentIntentId: e.textOrNull('paymentIntentId'),
    amountPaise: e.number('amountPaise'),
    reason: e.text('reason'),
    receivedAt: e.date('receivedAt'),
    refund: refundOf(e.objectOrNull('refund')),
  };
}

function paymentOf(p: Fields): OrderPayment {
  return {
    status: p.oneOf('status', PAYMENT_STATUSES, 'unpaid'),
    // Who takes the payment of an ONLINE order (issue 24); older online orders are Stripe's.
    provider: p.has('provider') ? p.oneOf('provider', ['stripe', 'razorpay'] as const, 'stripe') : null,
    sessionId: p.textOrNull('sessionId'),
    paidAt: p.dateOrNull('paidAt'),
    holdUntil: p.dateOrNull('holdUntil'),
    refund: refundOf(p.objectOrNull('refund')),
    refundedPaise: p.number('refundedPaise'),
    extraPayments: p.list('extraPayments', extraPaymentOf),
    plan: paymentPlanOf(p.objectOrNull('plan')),
    emiPlan: emiPlanChosenOf(p.objectOrNull('emiPlan')),
  };
}

/** `payment.emiPlan` (issue 43): the card EMI plan chosen at checkout, and its no-cost discount. */
function emiPlanChosenOf(p: Fields | null): OrderPayment['emiPlan'] {
  if (!p) return null;
  return {
    bankCode: p.text('bankCode'),
    tenureMonths: p.number('tenureMonths'),
    noCostOfferId: p.textOrNull('noCostOfferId'),
    noCostDiscountPaise: p.number('noCostDiscountPaise'),
  };
}

/** `payment.plan` (issue 43): how the captured payment was made; null on orders paid before it was kept. */
function paymentPlanOf(p: Fields | null): OrderPaymentPlan | null {
  if (!p) return null;
  const num = (key: string) => (p.has(key) ? p.number(key) : null);
  return {
    method: p.text('method'),
    issuer: p.textOrNull('issuer'),
    issuerName: p.textOrNull('issuerName'),
    tenureMonths: num('tenureMonths'),
    annualRatePercent: num('annualRatePercent'),
    instalmentPaise: num('instalmentPaise'),
    totalPayablePaise: num('totalPayablePaise'),
  };
}

function statusChangeOf(value: unknown, path: string): StatusChange {
  const h = Fields.of(value, path);
  return { status: h.oneOf('status', ORDER_STATUSES, 'pending'), at: h.date('at'), by: h.text('by') };
}

function attentionOf(value: unknown, path: string): OrderAttention {
  const a = Fields.of(value, path);
  return { code: a.text('code'), message: a.text('message'), at: a.date('at') };
}

function shipmentEventOf(value: unknown, path: string): ShipmentEventEntry {
  const e = Fields.of(value, path);
  return {
    key: e.text('key'),
    status: e.oneOf('status', SHIPMENT_EVENTS, 'booked'),
    at: e.date('at'),
    location: e.text('location'),
    note: e.text('note'),
  };
}

function shipmentOf(value: unknown, path: string): Shipment {
  const s = Fields.of(value, path);
  const dims = s.object('dimensionsCm');
  const labelUrl = s.textOrNull('labelUrl');
  return {
    _id: s.text('_id'),
    courier: s.text('courier'),
    awb: s.text('awb'),
    trackingUrl: s.text('trackingUrl'),
    ...(labelUrl ? { labelUrl } : {}),
    provider: s.text('provider'),
    status: s.oneOf('status', SHIPMENT_EVENTS, 'booked'),
    weightGrams: s.number('weightGrams'),
    dimensionsCm: { length: dims.number('length'), breadth: dims.number('breadth'), height: dims.number('height') },
    events: s.list('events', shipmentEventOf),
    createdAt: s.date('createdAt'),
    ...(s.text('kind') === 'exchange'
      ? {
          kind: 'exchange' as const,
          returnNumber: s.text('returnNumber'),
          items: s.list('items', (v, p): ShipmentItem => {
            const i = Fields.of(v, p);
            return { name: i.text('name'), variantLabel: i.text('variantLabel'), sku: i.text('sku'), quantity: i.number('quantity') };
          }),
        }
      : {}),
  };
}

function ndrOf(n: Fields | null): OrderNdr | null {
  if (!n) return null;
  return {
    status: n.oneOf('status', ['open', 'reattempt_requested', 'rto_requested', 'closed'], 'open'),
    reason: n.text('reason'),
    failedAt: n.date('failedAt'),
    respondBy: n.date('respondBy'),
    reattemptDate: n.textOrNull('reattemptDate'),
    note: n.textOrNull('note'),
    answeredAt: n.dateOrNull('answeredAt'),
  };
}

function codOf(c: Fields | null): CodConfirmation | null {
  if (!c) return null;
  const via = c.textOrNull('via');
  return {
    required: c.boolean('required'),
    confirmBy: c.dateOrNull('confirmBy'),
    confirmedAt: c.dateOrNull('confirmedAt'),
    confirmedBy: c.textOrNull('confirmedBy'),
    via: via === 'shopper' || via === 'phone' ? via : null,
  };
}

/**
 * A stored order as the API's Order: ids as `_id`, ISO dates, no internal fields (`source`,
 * the lines' tax fields). Defaults for older documents: status 'pending', payment 'COD' and
 * 'unpaid', `user._id` the order's `userId`, `updatedAt` its `createdAt`, no delivery promise.
 */
/** The verified phone a cash-on-delivery order records (docs/accounts-privacy.md), when it has one. */
function phoneOf(user: Fields): { phone?: string } {
  const phone = user.textOrNull('phone');
  return phone ? { phone } : {};
}

/** The order's business buyer (issue 41), left out for a person. */
function businessBuyerOfData(buyer: Fields | null): { buyer?: { gstin: string; legalName: string } } {
  const gstin = buyer?.text('gstin') ?? '';
  return buyer && gstin ? { buyer: { gstin, legalName: buyer.text('legalName') } } : {};
}

/** The order's e-invoice (issue 41, docs/gst-b2b.md "E-invoicing"), left out when it was never reported. */
function einvoiceOfData(e: Fields | null): { einvoice?: EinvoiceState } {
  if (!e) return {};
  const status = e.oneOf('status', ['pending', 'registered', 'cancelled'] as const, 'pending');
  return {
    einvoice: {
      status,
      irn: e.textOrNull('irn'),
      ackNo: e.textOrNull('ackNo'),
      ackDt: e.dateOrNull('ackDt'),
      signedQrCode: e.textOrNull('signedQrCode'),
      attempts: e.number('attempts'),
      lastError: e.textOrNull('lastError'),
      cancelledAt: e.dateOrNull('cancelledAt'),
    },
  };
}

export function orderFromData(id: string, data: unknown): Order {
  const d = Fields.of(data, `orders/${id}`);
  const user = d.object('user');
  const userId = d.text('userId');
  const createdAt = d.date('createdAt');
  return {
    _id: id,
    userId,
    user: { _id: user.text('_id') || userId, fullname: fullNameOf(user), email: user.text('email'), ...phoneOf(user) },
    items: d.list('items', orderItemFromData),
    shippingAddress: shippingAddressFromData(d.raw('shippingAddress'), `orders/${id}.shippingAddress`),
    ...businessBuyerOfData(d.objectOrNull('buyer')),
    subtotal: d.number('subtotal'),
    totalAmount: d.number('totalAmount'),
    offers: d.list('offers', orderOfferOf),
    offerDiscountPaise: d.number('offerDiscountPaise'),
    status: d.oneOf('status', ORDER_STATUSES, 'pending'),
    paymentMethod: d.oneOf('paymentMethod', PAYMENT_METHODS, 'COD'),
    payment: paymentOf(d.object('payment')),
    statusHistory: d.list('statusHistory', statusChangeOf),
    attention: d.list('attention', attentionOf),
    delivery: parseOrderDelivery(d.raw('delivery')),
    invoice: invoiceFromData(d.raw('invoice')),
    creditNote: creditNoteFromData(d.raw('creditNote')),
    invoicePending: d.raw('invoice') == null && d.raw('pendingInvoice') != null,
    ...einvoiceOfData(d.objectOrNull('einvoice')),
    shipments: d.list('shipments', shipmentOf),
    ndr: ndrOf(d.objectOrNull('ndr')),
    cod: codOf(d.objectOrNull('cod')),
    createdAt,
    updatedAt: d.date('updatedAt') || createdAt,
  };
}
