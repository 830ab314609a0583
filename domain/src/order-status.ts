export const ORDER_STATUSES = ['pending', 'confirmed', 'shipped', 'completed', 'cancelled'] as const;
export type OrderStatus = (typeof ORDER_STATUSES)[number];

/**
 * `refund_pending`: a refund was asked of Stripe for a paid order that was cancelled;
 * it becomes `refunded` when Stripe's charge.refunded / refund.updated arrives.
 */
export const PAYMENT_STATUSES = ['unpaid', 'paid', 'refund_pending', 'refunded', 'failed'] as const;
export type PaymentStatus = (typeof PAYMENT_STATUSES)[number];

export const PAYMENT_STATUS_LABELS: Record<PaymentStatus, string> = {
  unpaid: 'Unpaid',
  paid: 'Paid',
  refund_pending: 'Refund pending',
  refunded: 'Refunded',
  failed: 'Failed',
};

export const PAYMENT_METHODS = ['COD', 'ONLINE'] as const;
export type PaymentMethod = (typeof PAYMENT_METHODS)[number];

export const PAYMENT_METHOD_LABELS: Record<PaymentMethod, string> = {
  COD: 'Cash on Delivery',
  ONLINE: 'Pay Online (Card)',
};

/** Who takes the shop's online payments (PAYMENT_PROVIDER on the server, VITE_PAYMENT_PROVIDER in the web build). */
export type OnlinePaymentProvider = 'stripe' | 'razorpay';

/** The checkout's label of the ONLINE method: what the provider's page offers (the value stays ONLINE). */
export function onlinePaymentLabel(provider: OnlinePaymentProvider): string {
  return provider === 'razorpay' ? 'Pay Online (UPI, Cards, Netbanking)' : PAYMENT_METHOD_LABELS.ONLINE;
}

/** Where an order may go next from each status. */
export const ORDER_FLOW: Readonly<Record<OrderStatus, readonly OrderStatus[]>> = {
  pending: ['confirmed', 'cancelled'],
  confirmed: ['shipped', 'cancelled'],
  shipped: ['completed'],
  completed: [],
  cancelled: [],
};

export function isOrderStatus(x: unknown): x is OrderStatus {
  return typeof x === 'string' && (ORDER_STATUSES as readonly string[]).includes(x);
}

export function isPaymentStatus(x: unknown): x is PaymentStatus {
  return typeof x === 'string' && (PAYMENT_STATUSES as readonly string[]).includes(x);
}

export function isPaymentMethod(x: unknown): x is PaymentMethod {
  return typeof x === 'string' && (PAYMENT_METHODS as readonly string[]).includes(x);
}

export function nextStatuses(from: OrderStatus): readonly OrderStatus[] {
  return ORDER_FLOW[from];
}

export function canTransition(from: OrderStatus, to: OrderStatus): boolean {
  return ORDER_FLOW[from].includes(to);
}

/** Shoppers may cancel their own order only while it is pending. */
export function canShopperCancel(status: OrderStatus): boolean {
  return status === 'pending';
}

/** Admins may cancel until the order ships. */
export function canAdminCancel(status: OrderStatus): boolean {
  return status === 'pending' || status === 'confirmed';
}

/** Statuses that say the goods are on their way to the shopper: a card order must be paid first. */
const NEEDS_PAYMENT: readonly OrderStatus[] = ['confirmed', 'shipped', 'completed'];

/**
 * Whether the payment allows moving to `to`: an ONLINE order can be confirmed, shipped or
 * completed only once it is paid. Cash on delivery is paid at the door, so it always can.
 */
export function paymentAllowsMove(method: PaymentMethod, payment: PaymentStatus, to: OrderStatus): boolean {
  if (method !== 'ONLINE' || !NEEDS_PAYMENT.includes(to)) return true;
  return payment === 'paid';
}

export const UNPAID_ONLINE_MESSAGE = 'This order is paid by card and its payment has not arrived: it cannot be confirmed or shipped yet';

/** Cancelling refunds what was paid online: only a `paid` card payment has money to give back. */
export function refundsOnCancel(method: PaymentMethod, payment: PaymentStatus): boolean {
  return method === 'ONLINE' && payment === 'paid';
}

/** Whether this (allowed) move puts the order's stock back: any move into cancelled. */
export function releasesStock(from: OrderStatus, to: OrderStatus): boolean {
  return to === 'cancelled' && canTransition(from, to);
}

export type StatusColor = 'green' | 'yellow' | 'blue' | 'red';

const STATUS_COLORS: Record<OrderStatus, StatusColor> = {
  pending: 'yellow',
  confirmed: 'blue',
  shipped: 'blue',
  completed: 'green',
  cancelled: 'red',
};

/** Badge colour, the same on every page. */
export function statusColor(status: OrderStatus): StatusColor {
  return STATUS_COLORS[status];
}

/** 'pending' → 'Pending'. */
export function statusLabel(status: OrderStatus): string {
  return status.charAt(0).toUpperCase() + status.slice(1);
}
