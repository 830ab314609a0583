import {
  creditNoteFromData,
  invoiceFromData,
  isOrderStatus,
  isPaymentMethod,
  isPaymentStatus,
  type ExtraPayment,
  parseOrderDelivery,
  type Order,
  type OrderAttention,
  type OrderItem,
  type PaymentRefund,
  type ShippingAddress,
  type StatusChange,
} from '@bagshop/domain';
import type { DocumentData } from 'firebase/firestore';
import { toIso } from '../../lib/firestore';

const num = (value: unknown): number => (typeof value === 'number' && Number.isFinite(value) ? value : 0);
const str = (value: unknown): string => (typeof value === 'string' ? value : '');
const obj = (value: unknown): Record<string, unknown> => (value && typeof value === 'object' ? (value as Record<string, unknown>) : {});

/** An item's product image: `{ url, hash }`, or a bare URL string in older documents. */
function imageOf(value: unknown): { url: string; hash: string } {
  if (typeof value === 'string') return { url: value, hash: '' };
  const image = obj(value);
  return { url: str(image.url), hash: str(image.hash) };
}

function itemFromDoc(value: unknown): OrderItem {
  const item = obj(value);
  const product = obj(item.product);
  return {
    _id: str(item._id),
    name: str(item.name),
    price: num(item.price),
    discount: num(item.discount),
    quantity: num(item.quantity),
    product: { _id: str(product._id) || str(item._id), image: imageOf(product.image) },
  };
}

function addressFromDoc(value: unknown): ShippingAddress {
  const a = obj(value);
  return {
    street: str(a.street),
    city: str(a.city),
    state: str(a.state),
    postalCode: str(a.postalCode),
    country: str(a.country),
    landmark: str(a.landmark),
  };
}

function refundFromDoc(value: unknown): PaymentRefund | null {
  if (!value || typeof value !== 'object') return null;
  const r = obj(value);
  return {
    id: typeof r.id === 'string' ? r.id : null,
    status: r.status === 'succeeded' || r.status === 'failed' ? r.status : 'pending',
    amountPaise: num(r.amountPaise),
    requestedAt: toIso(r.requestedAt),
    refundedAt: r.refundedAt ? toIso(r.refundedAt) : null,
  };
}

function extraPaymentFromDoc(value: unknown): ExtraPayment {
  const e = obj(value);
  return {
    sessionId: typeof e.sessionId === 'string' ? e.sessionId : null,
    paymentIntentId: typeof e.paymentIntentId === 'string' ? e.paymentIntentId : null,
    amountPaise: num(e.amountPaise),
    reason: str(e.reason),
    receivedAt: toIso(e.receivedAt),
    refund: refundFromDoc(e.refund),
  };
}

function attentionFromDoc(value: unknown): OrderAttention[] {
  return Array.isArray(value) ? value.map(obj).map((a) => ({ code: str(a.code), message: str(a.message), at: toIso(a.at) })) : [];
}

/** An `orders/{id}` document as the API's Order shape (ids as `_id`, Timestamps as ISO strings). */
export function orderFromDoc(id: string, data: DocumentData): Order {
  const user = obj(data.user);
  const fullname = obj(user.fullname);
  const payment = obj(data.payment);
  const history: StatusChange[] = Array.isArray(data.statusHistory)
    ? data.statusHistory
        .map(obj)
        .filter((h) => isOrderStatus(h.status))
        .map((h) => ({ status: isOrderStatus(h.status) ? h.status : 'pending', at: toIso(h.at), by: str(h.by) }))
    : [];
  return {
    _id: id,
    userId: str(data.userId),
    user: { _id: str(user._id), fullname: { firstname: str(fullname.firstname), lastname: str(fullname.lastname) }, email: str(user.email) },
    items: Array.isArray(data.items) ? data.items.map(itemFromDoc) : [],
    shippingAddress: addressFromDoc(data.shippingAddress),
    subtotal: num(data.subtotal),
    totalAmount: num(data.totalAmount),
    status: isOrderStatus(data.status) ? data.status : 'pending',
    paymentMethod: isPaymentMethod(data.paymentMethod) ? data.paymentMethod : 'COD',
    payment: {
      status: isPaymentStatus(payment.status) ? payment.status : 'unpaid',
      sessionId: typeof payment.sessionId === 'string' ? payment.sessionId : null,
      paidAt: payment.paidAt ? toIso(payment.paidAt) : null,
      holdUntil: payment.holdUntil ? toIso(payment.holdUntil) : null,
      refund: refundFromDoc(payment.refund),
      extraPayments: Array.isArray(payment.extraPayments) ? payment.extraPayments.map(extraPaymentFromDoc) : [],
    },
    statusHistory: history,
    attention: attentionFromDoc(data.attention),
    delivery: parseOrderDelivery(data.delivery),
    invoice: invoiceFromData(data.invoice),
    creditNote: creditNoteFromData(data.creditNote),
    createdAt: toIso(data.createdAt),
    updatedAt: toIso(data.updatedAt),
  };
}

/** 'street, city, state, country, postal code' as the spec's order card lists them. */
export function addressLine(a: ShippingAddress): string {
  return [a.street, a.city, a.state, a.country, a.postalCode].filter(Boolean).join(', ');
}
