/**
 * Money is whole rupees. `discount` is an amount in rupees, never a percent.
 * Stripe wants paise: use `toPaise` at that boundary only.
 */

export interface PricedLine {
  price: number;
  discount: number;
  quantity: number;
}

export interface OrderTotals {
  /** Sum of price × quantity, before discounts. */
  subtotal: number;
  /** Sum of what the discounts took off. */
  discountTotal: number;
  /** Sum of sale price × quantity: what the shopper pays. */
  totalAmount: number;
  /** Sum of quantities. */
  itemCount: number;
}

/** Price after discount, never below 0. */
export function salePrice(price: number, discount: number): number {
  return Math.max(0, price - discount);
}

/** Discount as a whole percent of the price (0 when there is no price). */
export function discountPercent(price: number, discount: number): number {
  return price > 0 ? Math.round((discount / price) * 100) : 0;
}

export const DEAL_PERCENT = 30;
export const PREMIUM_PERCENT = 35;

/** The 'DEAL' badge: 30 % off or more. */
export function isDeal(price: number, discount: number): boolean {
  return discountPercent(price, discount) >= DEAL_PERCENT;
}

/** The 'PREMIUM' badge: 35 % off or more. */
export function isPremium(price: number, discount: number): boolean {
  return discountPercent(price, discount) >= PREMIUM_PERCENT;
}

/** Sale price × quantity. */
export function lineTotal({ price, discount, quantity }: PricedLine): number {
  return salePrice(price, discount) * quantity;
}

export function orderTotals(lines: readonly PricedLine[]): OrderTotals {
  let subtotal = 0;
  let totalAmount = 0;
  let itemCount = 0;
  for (const line of lines) {
    subtotal += line.price * line.quantity;
    totalAmount += lineTotal(line);
    itemCount += line.quantity;
  }
  return { subtotal, discountTotal: subtotal - totalAmount, totalAmount, itemCount };
}

/** Rupees to paise (Stripe's unit), as an integer. */
export function toPaise(rupees: number): number {
  return Math.round(rupees * 100);
}

let inrFormatter: Intl.NumberFormat | undefined;

/** '₹1,23,456': rupee symbol, Indian digit grouping, no paise. */
export function formatINR(amount: number): string {
  inrFormatter ??= new Intl.NumberFormat('en-IN', {
    style: 'currency',
    currency: 'INR',
    minimumFractionDigits: 0,
    maximumFractionDigits: 0,
  });
  return inrFormatter.format(amount);
}

let dateFormatter: Intl.DateTimeFormat | undefined;

/**
 * '21 Nov 2026' (en-IN, day month year), in India's time zone so the server and every
 * browser show the same day. An unparseable date gives ''.
 */
export function formatDateIN(iso: string): string {
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) return '';
  dateFormatter ??= new Intl.DateTimeFormat('en-IN', {
    day: 'numeric',
    month: 'short',
    year: 'numeric',
    timeZone: 'Asia/Kolkata',
  });
  return dateFormatter.format(date);
}

/** '1 item' / '3 items'. */
export function itemCountLabel(n: number): string {
  return n === 1 ? '1 item' : `${n} items`;
}

/** The last 6 characters of an order id, as shown after 'Order #'. */
export function shortOrderId(id: string): string {
  return id.slice(-6);
}
