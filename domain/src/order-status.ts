export const ORDER_STATUSES = ['pending', 'confirmed', 'shipped', 'completed', 'cancelled'] as const;
export type OrderStatus = (typeof ORDER_STATUSES)[number];

export const PAYMENT_STATUSES = ['unpaid', 'paid', 'refunded', 'failed'] as const;
export type PaymentStatus = (typeof PAYMENT_STATUSES)[number];

export const PAYMENT_METHODS = ['COD', 'ONLINE'] as const;
export type PaymentMethod = (typeof PAYMENT_METHODS)[number];

export const PAYMENT_METHOD_LABELS: Record<PaymentMethod, string> = {
  COD: 'Cash on Delivery',
  ONLINE: 'Pay Online (Card)',
};

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
