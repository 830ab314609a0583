import { creditNoteFromData, invoiceFromData, parseOrderDelivery, type ExtraPayment, type Order, type OrderAttention, type OrderItem, type OrderStatus, type PaymentMethod, type PaymentRefund, type PaymentStatus, type ShippingAddress, type StatusChange } from '@bagshop/domain';
import type { DocumentSnapshot, Timestamp } from 'firebase-admin/firestore';

function isTimestamp(value: unknown): value is Timestamp {
  return Boolean(value) && typeof (value as Timestamp).toDate === 'function';
}

function iso(value: unknown): string {
  if (isTimestamp(value)) return value.toDate().toISOString();
  if (value instanceof Date) return value.toISOString();
  if (typeof value === 'string') return value;
  return new Date(0).toISOString();
}

function isoOrNull(value: unknown): string | null {
  return value === null || value === undefined ? null : iso(value);
}

interface StoredItem {
  _id?: unknown;
  name?: unknown;
  price?: unknown;
  discount?: unknown;
  quantity?: unknown;
  product?: { _id?: unknown; image?: unknown };
}

function itemImage(image: unknown): { url: string; hash: string } {
  // Older documents kept the image as a bare URL string.
  if (typeof image === 'string') return { url: image, hash: image.split('/').pop() ?? '' };
  const i = (image ?? {}) as { url?: unknown; hash?: unknown };
  return { url: String(i.url ?? ''), hash: String(i.hash ?? '') };
}

export function toOrderItem(raw: StoredItem): OrderItem {
  const id = String(raw._id ?? raw.product?._id ?? '');
  return {
    _id: id,
    name: String(raw.name ?? ''),
    price: Number(raw.price ?? 0),
    discount: Number(raw.discount ?? 0),
    quantity: Number(raw.quantity ?? 0),
    product: { _id: String(raw.product?._id ?? id), image: itemImage(raw.product?.image) },
  };
}

/** The address fields of a saved address or an order's copy of one, as strings. */
export function shippingAddressOf(a: Record<string, unknown>): ShippingAddress {
  return {
    street: String(a.street ?? ''),
    city: String(a.city ?? ''),
    state: String(a.state ?? ''),
    postalCode: String(a.postalCode ?? ''),
    country: String(a.country ?? ''),
    landmark: String(a.landmark ?? ''),
  };
}

function refundOf(value: unknown): PaymentRefund | null {
  if (!value || typeof value !== 'object') return null;
  const r = value as Record<string, unknown>;
  const status = r.status === 'succeeded' || r.status === 'failed' ? r.status : 'pending';
  return {
    id: typeof r.id === 'string' ? r.id : null,
    status,
    amountPaise: Number(r.amountPaise ?? 0),
    requestedAt: iso(r.requestedAt),
    refundedAt: isoOrNull(r.refundedAt),
  };
}

function extraPaymentOf(value: Record<string, unknown>): ExtraPayment {
  return {
    sessionId: typeof value.sessionId === 'string' ? value.sessionId : null,
    paymentIntentId: typeof value.paymentIntentId === 'string' ? value.paymentIntentId : null,
    amountPaise: Number(value.amountPaise ?? 0),
    reason: String(value.reason ?? ''),
    receivedAt: iso(value.receivedAt),
    refund: refundOf(value.refund),
  };
}

function attentionOf(value: unknown): OrderAttention[] {
  if (!Array.isArray(value)) return [];
  return (value as Record<string, unknown>[]).map((a) => ({ code: String(a.code ?? ''), message: String(a.message ?? ''), at: iso(a.at) }));
}

/** The API shape of an order document: `_id`, ISO dates, no internal fields. */
export function toOrder(snap: DocumentSnapshot): Order {
  return orderFromData(snap.id, snap.data() ?? {});
}

export function orderFromData(id: string, d: FirebaseFirestore.DocumentData): Order {
  const shippingAddress = shippingAddressOf((d.shippingAddress ?? {}) as Record<string, unknown>);
  const payment = (d.payment ?? {}) as Record<string, unknown>;
  const history = Array.isArray(d.statusHistory) ? (d.statusHistory as Record<string, unknown>[]) : [];
  const user = (d.user ?? {}) as { _id?: unknown; fullname?: { firstname?: unknown; lastname?: unknown }; email?: unknown };
  return {
    _id: id,
    userId: String(d.userId ?? ''),
    user: {
      _id: String(user._id ?? d.userId ?? ''),
      fullname: { firstname: String(user.fullname?.firstname ?? ''), lastname: String(user.fullname?.lastname ?? '') },
      email: String(user.email ?? ''),
    },
    items: Array.isArray(d.items) ? (d.items as StoredItem[]).map(toOrderItem) : [],
    shippingAddress,
    subtotal: Number(d.subtotal ?? 0),
    totalAmount: Number(d.totalAmount ?? 0),
    status: d.status as OrderStatus,
    paymentMethod: d.paymentMethod as PaymentMethod,
    payment: {
      status: (payment.status ?? 'unpaid') as PaymentStatus,
      sessionId: typeof payment.sessionId === 'string' ? payment.sessionId : null,
      paidAt: isoOrNull(payment.paidAt),
      holdUntil: isoOrNull(payment.holdUntil),
      refund: refundOf(payment.refund),
      extraPayments: Array.isArray(payment.extraPayments) ? (payment.extraPayments as Record<string, unknown>[]).map(extraPaymentOf) : [],
    },
    statusHistory: history.map(
      (h): StatusChange => ({ status: h.status as OrderStatus, at: iso(h.at), by: String(h.by ?? '') }),
    ),
    attention: attentionOf(d.attention),
    delivery: parseOrderDelivery(d.delivery),
    invoice: invoiceFromData(d.invoice),
    creditNote: creditNoteFromData(d.creditNote),
    createdAt: iso(d.createdAt),
    updatedAt: iso(d.updatedAt ?? d.createdAt),
  };
}
