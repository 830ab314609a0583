import {
  creditNoteFromData,
  invoiceFromData,
  isOrderStatus,
  isPaymentMethod,
  isPaymentStatus,
  type Order,
  type OrderItem,
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
    },
    statusHistory: history,
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
