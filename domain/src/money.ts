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

/**
 * '₹1,23,456': rupee symbol, Indian digit grouping, no paise; what `Intl.NumberFormat('en-IN',
 * INR, no fraction digits)` gives, written out: building that formatter costs ~20 ms of main
 * thread in the browser (its first use is in the hydration of every product list), and the same
 * code on the server and in the browser cannot disagree about a price (docs/storefront.md).
 * Numbers it does not cover (not finite, beyond 10^15) go to Intl.
 */
export function formatINR(amount: number): string {
  const rupees = Math.round(Math.abs(amount));
  if (!Number.isFinite(amount) || rupees >= 1e15) {
    inrFormatter ??= new Intl.NumberFormat('en-IN', {
      style: 'currency',
      currency: 'INR',
      minimumFractionDigits: 0,
      maximumFractionDigits: 0,
    });
    return inrFormatter.format(amount);
  }
  const digits = String(rupees);
  const grouped = digits.length <= 3 ? digits : `${digits.slice(0, -3).replace(/\B(?=(\d{2})+(?!\d))/g, ',')},${digits.slice(-3)}`;
  return `${amount < 0 || Object.is(amount, -0) ? '-' : ''}₹${grouped}`;
}
