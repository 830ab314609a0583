/**
 * The order lifecycle (docs/orders-and-payments.md, "Lifecycle"; fulfilment in docs/fulfilment.md):
 * pending → confirmed → shipped → out_for_delivery → completed ("Delivered"), with
 * shipped | out_for_delivery → delivery_failed → out_for_delivery (reattempt) or
 * → returned_to_origin (RTO), and cancelled before the order ships.
 */
export const ORDER_STATUSES = [
  'pending',
  'confirmed',
  'shipped',
  'out_for_delivery',
  'delivery_failed',
  'completed',
  'returned_to_origin',
  'cancelled',
] as const;
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

/** How an order was (or is to be) paid, as the order page and the admin drawer name it: an ONLINE order by its provider. */
export function orderPaymentLabel(method: PaymentMethod, provider: OnlinePaymentProvider | null | undefined): string {
  return method === 'ONLINE' ? onlinePaymentLabel(provider ?? 'stripe') : PAYMENT_METHOD_LABELS[method];
}

/** Where an order may go next from each status. */
export const ORDER_FLOW: Readonly<Record<OrderStatus, readonly OrderStatus[]>> = {
  pending: ['confirmed', 'cancelled'],
  confirmed: ['shipped', 'cancelled'],
  shipped: ['out_for_delivery', 'delivery_failed', 'completed', 'returned_to_origin'],
  out_for_delivery: ['completed', 'delivery_failed', 'returned_to_origin'],
  delivery_failed: ['out_for_delivery', 'completed', 'returned_to_origin'],
  completed: [],
  returned_to_origin: [],
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
const NEEDS_PAYMENT: readonly OrderStatus[] = ['confirmed', 'shipped', 'out_for_delivery', 'completed'];

/**
 * Whether the payment allows moving to `to`: an ONLINE order can be confirmed, shipped or
 * completed only once it is paid. Cash on delivery is paid at the door, so it always can.
 */
export function paymentAllowsMove(method: PaymentMethod, payment: PaymentStatus, to: OrderStatus): boolean {
  if (method !== 'ONLINE' || !NEEDS_PAYMENT.includes(to)) return true;
  return payment === 'paid';
}

export const UNPAID_ONLINE_MESSAGE = 'This order is paid by card and its payment has not arrived: it cannot be confirmed or shipped yet';

/** Delivering a cash-on-delivery order is its payment: the courier collected the cash (docs/fulfilment.md). */
export function collectsCashOnDelivery(method: PaymentMethod, payment: PaymentStatus, to: OrderStatus): boolean {
  return method === 'COD' && payment === 'unpaid' && to === 'completed';
}

/** Cancelling refunds what was paid online: only a `paid` card payment has money to give back. */
export function refundsOnCancel(method: PaymentMethod, payment: PaymentStatus): boolean {
  return method === 'ONLINE' && payment === 'paid';
}

/** Where an order ends without reaching the shopper: its stock comes back, its payment is refunded. */
export function endsUndelivered(status: OrderStatus): boolean {
  return status === 'cancelled' || status === 'returned_to_origin';
}

/**
 * Whether this (allowed) move puts the order's stock back: a cancel, or the parcel received
 * back at the warehouse (returned_to_origin).
 */
export function releasesStock(from: OrderStatus, to: OrderStatus): boolean {
  return endsUndelivered(to) && canTransition(from, to);
}

/** Statuses in which the parcel is with the courier. */
export function isWithCourier(status: OrderStatus): boolean {
  return status === 'shipped' || status === 'out_for_delivery' || status === 'delivery_failed';
}

export type StatusColor = 'green' | 'yellow' | 'blue' | 'red';

const STATUS_COLORS: Record<OrderStatus, StatusColor> = {
  pending: 'yellow',
  confirmed: 'blue',
  shipped: 'blue',
  out_for_delivery: 'blue',
  delivery_failed: 'yellow',
  completed: 'green',
  returned_to_origin: 'red',
  cancelled: 'red',
};

/** Badge colour, the same on every page. */
export function statusColor(status: OrderStatus): StatusColor {
  return STATUS_COLORS[status];
}

const STATUS_LABELS: Record<OrderStatus, string> = {
  pending: 'Pending',
  confirmed: 'Confirmed',
  shipped: 'Shipped',
  out_for_delivery: 'Out for delivery',
  delivery_failed: 'Delivery failed',
  completed: 'Delivered',
  returned_to_origin: 'Returned to origin',
  cancelled: 'Cancelled',
};

/** 'pending' → 'Pending'; 'completed' is shown "Delivered". */
export function statusLabel(status: OrderStatus): string {
  return STATUS_LABELS[status];
}
