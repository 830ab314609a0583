/**
 * What the shopper paid for returned units, in paise (docs/returns.md, "Money"). The ONE place
 * that knows how an order line's price, its product discount and an optional per-line offer
 * discount (`discountPaise`: the order line's `offerDiscountPaise`, issue 28) turn into the refund of some of its units.
 */
import { toPaise } from '../money.js';

/** An order line as stored: rupees per unit, and optionally an offer's discount on the whole line in paise. */
export interface PaidLine {
  price?: unknown;
  discount?: unknown;
  quantity?: unknown;
  /** Offer discount on the whole line (all units), paise; absent before offers (issue 28). */
  discountPaise?: unknown;
  /** The same, as the stored order line names it (`items[].offerDiscountPaise`, docs/offers.md). */
  offerDiscountPaise?: unknown;
}

/**
 * The part of `total` (paise, over `units` units) that falls on units [from, from + count):
 * each unit gets ⌊total / units⌋ and the remainder goes one paisa each to the first units
 * (largest remainder: all units have the same fraction). Summed over every unit it is `total`
 * exactly, so partial returns of one line add up to the whole line.
 */
export function allocateUnits(total: number, units: number, from: number, count: number): number {
  if (units <= 0 || count <= 0) return 0;
  const cumulative = (x: number) => {
    const n = Math.max(0, Math.min(units, x));
    const base = Math.floor(total / units);
    const remainder = total - base * units;
    return n * base + Math.min(n, remainder);
  };
  return cumulative(from + count) - cumulative(from);
}

/** What the whole line was paid, paise: (price − discount) × quantity − the line's offer discount, never below 0. */
export function wholeLinePaidPaise(line: PaidLine): number {
  const quantity = Math.max(0, Math.trunc(Number(line.quantity ?? 0)));
  const unit = toPaise(Math.max(0, Number(line.price ?? 0) - Number(line.discount ?? 0)));
  const offer = Math.max(0, Math.trunc(Number(line.offerDiscountPaise ?? line.discountPaise ?? 0)) || 0);
  return Math.max(0, unit * quantity - offer);
}

/**
 * The refund of `quantity` units of a line, paise, after `alreadyReturned` units of it were
 * returned before: the unit price × quantity less the units' share of the line's discounts.
 * Issue 28 (offers) only has to put `discountPaise` on the line.
 */
export function returnedLinePaidPaise(line: PaidLine, quantity: number, alreadyReturned = 0): number {
  const units = Math.max(0, Math.trunc(Number(line.quantity ?? 0)));
  return allocateUnits(wholeLinePaidPaise(line), units, alreadyReturned, quantity);
}
