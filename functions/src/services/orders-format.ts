import { creditNoteFromData, invoiceFromData } from '@bagshop/domain';
import type { Order, OrderItem, OrderStatus, PaymentMethod, PaymentStatus, ShippingAddress, StatusChange } from '@bagshop/domain';
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
    },
    statusHistory: history.map(
      (h): StatusChange => ({ status: h.status as OrderStatus, at: iso(h.at), by: String(h.by ?? '') }),
    ),
    invoice: invoiceFromData(d.invoice),
    creditNote: creditNoteFromData(d.creditNote),
    createdAt: iso(d.createdAt),
    updatedAt: iso(d.updatedAt ?? d.createdAt),
  };
}
