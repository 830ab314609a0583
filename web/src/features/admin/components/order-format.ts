import { addressLine, type Order } from '@bagshop/domain';

export function customerName(order: Order): string {
  const { firstname = '', lastname = '' } = order.user?.fullname ?? {};
  return `${firstname} ${lastname}`.trim() || order.user?.email || '—';
}

/** The order's shipping address on one line, country included; '—' when it has none. */
export function orderAddressLine(order: Order): string {
  return addressLine(order.shippingAddress) || '—';
}

/** Client-side search over loaded orders: the order id (any part) or the customer's email. */
export function matchesSearch(order: Order, query: string): boolean {
  const q = query.trim().toLowerCase().replace(/^#/, '');
  if (!q) return true;
  return order._id.toLowerCase().includes(q) || (order.user?.email ?? '').toLowerCase().includes(q);
}
