import type { Order, OrderItem } from '@bagshop/domain';

const dateTime = new Intl.DateTimeFormat('en-IN', { dateStyle: 'medium', timeStyle: 'short', timeZone: 'Asia/Kolkata' });

/** '18 Nov 2026, 10:15 pm' in India time. */
export function formatDateTimeIN(iso: string | null | undefined): string {
  if (!iso) return '';
  const date = new Date(iso);
  return Number.isNaN(date.getTime()) ? '' : dateTime.format(date);
}

/** An order line's picture (older orders stored the URL as a plain string). */
export function itemImageUrl(item: OrderItem): string {
  const image: unknown = item.product?.image;
  if (typeof image === 'string') return image;
  if (image && typeof image === 'object' && 'url' in image) return String((image as { url: unknown }).url ?? '');
  return '';
}

export function customerName(order: Order): string {
  const { firstname = '', lastname = '' } = order.user?.fullname ?? {};
  return `${firstname} ${lastname}`.trim() || order.user?.email || '—';
}

export function addressLine(order: Order): string {
  const a = order.shippingAddress;
  if (!a) return '—';
  return [a.street, a.city, a.state, a.postalCode].filter(Boolean).join(', ');
}

/** Client-side search over loaded orders: the order id (any part) or the customer's email. */
export function matchesSearch(order: Order, query: string): boolean {
  const q = query.trim().toLowerCase().replace(/^#/, '');
  if (!q) return true;
  return order._id.toLowerCase().includes(q) || (order.user?.email ?? '').toLowerCase().includes(q);
}
