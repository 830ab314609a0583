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
