/**
 * Limits per shopper (docs/orders-and-payments.md). The numbers are server settings
 * (functions/src/config.ts); these are their defaults, which the SPA also uses to stop
 * a quantity control before the server would refuse it.
 */
import type { OrderStatus, PaymentMethod, PaymentStatus } from './order-status.js';

export const DEFAULT_MAX_LINE_QUANTITY = 10;
export const DEFAULT_MAX_OPEN_ONLINE_ORDERS = 3;
export const DEFAULT_MAX_OPEN_COD_ORDERS = 5;
/** How long an unpaid card order holds its stock (30 minutes, Stripe's shortest Checkout Session). */
export const DEFAULT_PAYMENT_HOLD_SECONDS = 1800;

/** The 400 for a cart or order line above the per-line limit. */
export function lineLimitMessage(max: number, where: 'cart' | 'order', name?: string): string {
  const place = where === 'cart' ? 'in your cart' : 'in one order';
  const units = max === 1 ? 'unit' : 'units';
  return `You can have at most ${max} ${units} of one product ${place}${name ? ` ('${name}')` : ''}`;
}

export interface OpenOrderLike {
  status: OrderStatus;
  paymentMethod: PaymentMethod;
  paymentStatus: PaymentStatus;
}

/** Orders that still hold stock for the shopper: unpaid card orders and pending cash-on-delivery ones. */
export function countOpenOrders(orders: readonly OpenOrderLike[]): { online: number; cod: number } {
  let online = 0;
  let cod = 0;
  for (const o of orders) {
    if (o.status !== 'pending') continue;
    if (o.paymentMethod === 'ONLINE' && o.paymentStatus === 'unpaid') online += 1;
    if (o.paymentMethod === 'COD') cod += 1;
  }
  return { online, cod };
}

/** The 409 when a shopper already has as many open orders of this kind as allowed: says what to do. */
export function openOrdersMessage(method: PaymentMethod, max: number): string {
  return method === 'ONLINE'
    ? `You already have ${max} card ${max === 1 ? 'order' : 'orders'} waiting for payment. Pay for or cancel one in My Orders, then try again.`
    : `You already have ${max} cash-on-delivery ${max === 1 ? 'order' : 'orders'} waiting to be confirmed. Cancel one in My Orders, or wait until one is confirmed, then try again.`;
}
