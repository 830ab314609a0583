/**
 * Offers (docs/offers.md, decision 0027): coupon codes and automatic offers, their rules, and
 * how an order's discount is spread over its lines for GST. Money here is integer paise; an
 * offer's discount is whole rupees (a multiple of 100 paise), so an order's `totalAmount` stays
 * whole rupees (decision 0005), while each line's share of it is exact to the paisa.
 */
import { formatINR } from './money.js';
import type { PaymentMethod } from './order-status.js';

/** `no_cost_emi` (issue 43, docs/emi.md): the interest of a card EMI plan given back as a discount (domain/src/no-cost-emi.ts). */
export const OFFER_KINDS = ['percent', 'flat', 'no_cost_emi'] as const;
export type OfferKind = (typeof OFFER_KINDS)[number];

/** An offer as the API answers it (and as the codec reads `offers/{id}`). Money in rupees, like the catalog. */
export interface Offer {
  _id: string;
  /** Upper case A–Z 0–9, 4–20; null for an automatic offer (applies without a code). */
  code: string | null;
  title: string;
  kind: OfferKind;
  /** Percent (1–90) or rupees; 0 for a no-cost EMI offer (its discount is the plan's interest). */
  value: number;
  /** A `no_cost_emi` offer's plans: the tenures (months) and the banks (Razorpay's codes; empty: every bank). */
  noCostEmi?: { tenures: number[]; banks: string[] };
  /** Rupees; caps a percent offer. */
  maxDiscount: number | null;
  /** Rupees of the bags it applies to, after their own discounts. */
  minOrder: number | null;
  /** Only these categories / products (either matches); null: every bag. */
  appliesTo: { categories: string[]; productIds: string[] } | null;
  /** ISO instants (given in IST, docs/offers.md). */
  startsAt: string;
  endsAt: string;
  usageLimit: number | null;
  /** Uses per shopper; codes default to 1, automatic offers to none. */
  perCustomerLimit: number | null;
  firstOrderOnly: boolean;
  /** Empty: any method. */
  paymentMethods: PaymentMethod[];
  /** Applies together with other offers (both must be combinable). */
  combinable: boolean;
  /**
   * Orders that hold a use (cancelled orders give theirs back). Stored, it is only what orders
   * placed before the use documents counted; the API adds the use documents (docs/offers.md).
   */
  usedCount: number;
  /** Discount given by those orders, paise (stored: as `usedCount`). */
  discountGivenPaise: number;
  createdAt: string;
  updatedAt: string;
}

export const OFFER_MESSAGES = {
  expired: 'This code has expired',
  notStarted: (startsAt: string) => `This code starts on ${formatOfferDate(startsAt)}`,
  minOrder: (shortRupees: number) => `Add ${formatINR(shortRupees)} more to use this code`,
  firstOrder: 'This code is for your first order',
  alreadyUsed: 'You have already used this code',
  notForTheseBags: 'This code is not valid for these bags',
  fullyUsed: 'This code has been fully used',
  unknown: 'This code is not valid',
  onlineOnly: 'This code is only for paying online',
  codOnly: 'This code is only for cash on delivery',
} as const;

let offerDateFormatter: Intl.DateTimeFormat | undefined;

/** '1 December 2026' in India time: the real date, as the offer is stored. */
export function formatOfferDate(iso: string): string {
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) return '';
  offerDateFormatter ??= new Intl.DateTimeFormat('en-IN', { day: 'numeric', month: 'long', year: 'numeric', timeZone: 'Asia/Kolkata' });
  return offerDateFormatter.format(date);
}

/**
 * What `POST /api/cart/coupon` tells the shopper (issue 37): one answer for every code that does
 * not apply to this cart, whether it exists or not, has started, ended, is used up or is for
 * someone else, so the answer says nothing about codes the shopper does not hold. Only the
 * reasons the shopper can act on for a code they hold are said: add more to the cart, pay
 * another way, verify the phone (a first-order code needs a verified phone).
 */
export const COUPON_MESSAGES = {
  cannotUse: 'This code cannot be used on this cart',
  verifyPhone: 'Verify your phone number to use this code',
  tooMany: 'Too many codes tried. Please wait a few minutes and try again.',
} as const;

/**
 * The cart's answer for a refused code: `problem` is `offerProblem`'s message, null for a code
 * that names no offer. `phoneVerified`: the shopper has a verified phone.
 */
export function couponRefusal(problem: string | null, phoneVerified: boolean): string {
  if (problem === null) return COUPON_MESSAGES.cannotUse;
  if (problem === OFFER_MESSAGES.onlineOnly || problem === OFFER_MESSAGES.codOnly) return problem;
  if (/^Add ₹[\d,.]+ more to use this code$/.test(problem)) return problem;
  if (problem === OFFER_MESSAGES.firstOrder && !phoneVerified) return COUPON_MESSAGES.verifyPhone;
  return COUPON_MESSAGES.cannotUse;
}

/** The status codes of the messages: the shopper's own limits and an offer used up are 409, the rest 400. */
export function offerProblemStatus(message: string): 400 | 409 {
  return message === OFFER_MESSAGES.alreadyUsed || message === OFFER_MESSAGES.fullyUsed ? 409 : 400;
}

/** One line being priced: its value in paise after the product's own discount. */
export interface PricingLine {
  /** The cart line's id = the order line's variantId. */
  lineId: string;
  productId: string;
  category: string;
  /** Sale price × quantity, paise. */
  valuePaise: number;
}

/** What the rules need to know about the shopper and the moment. */
export interface OfferContext {
  now: Date;
  /** null: not chosen yet (offers limited to a method are left out). */
  paymentMethod: PaymentMethod | null;
  /** The shopper has no order other than cancelled ones. */
  firstOrder: boolean;
  /** offerId → orders of this shopper holding a use. */
  customerUses: Readonly<Record<string, number>>;
}

export function offerAppliesToLine(offer: Pick<Offer, 'appliesTo'>, line: Pick<PricingLine, 'productId' | 'category'>): boolean {
  const a = offer.appliesTo;
  if (!a || (a.categories.length === 0 && a.productIds.length === 0)) return true;
  return a.categories.includes(line.category) || a.productIds.includes(line.productId);
}

/** The uses a shopper may have: the set limit, 1 for a code without one, none for an automatic offer. */
export function effectivePerCustomerLimit(offer: Pick<Offer, 'code' | 'perCustomerLimit'>): number | null {
  return offer.perCustomerLimit ?? (offer.code ? 1 : null);
}

/**
 * Why the offer does not apply, as the shopper reads it, or null. The checks run in this
 * order: dates, usage, the shopper's limits, the bags, the minimum, then the payment method.
 * `ignoreMethod` leaves out the last check (the cart accepts a code before the method is chosen).
 */
export function offerProblem(offer: Offer, lines: readonly PricingLine[], ctx: OfferContext, ignoreMethod = false): string | null {
  const now = ctx.now.getTime();
  if (now < new Date(offer.startsAt).getTime()) return OFFER_MESSAGES.notStarted(offer.startsAt);
  if (now >= new Date(offer.endsAt).getTime()) return OFFER_MESSAGES.expired;
  if (offer.usageLimit !== null && offer.usedCount >= offer.usageLimit) return OFFER_MESSAGES.fullyUsed;
  const perCustomer = effectivePerCustomerLimit(offer);
  if (perCustomer !== null && (ctx.customerUses[offer._id] ?? 0) >= perCustomer) return OFFER_MESSAGES.alreadyUsed;
  if (offer.firstOrderOnly && !ctx.firstOrder) return OFFER_MESSAGES.firstOrder;
  const eligible = lines.filter((l) => offerAppliesToLine(offer, l));
  if (eligible.length === 0) return OFFER_MESSAGES.notForTheseBags;
  const eligiblePaise = eligible.reduce((s, l) => s + l.valuePaise, 0);
  if (offer.minOrder !== null && eligiblePaise < offer.minOrder * 100) {
    return OFFER_MESSAGES.minOrder(Math.ceil((offer.minOrder * 100 - eligiblePaise) / 100));
  }
  if (!ignoreMethod) return methodProblem(offer, ctx.paymentMethod);
  return null;
}

function methodProblem(offer: Pick<Offer, 'paymentMethods'>, method: PaymentMethod | null): string | null {
  const methods = offer.paymentMethods;
  if (methods.length === 0 || (methods.includes('COD') && methods.includes('ONLINE'))) return null;
  if (method !== null && methods.includes(method)) return null;
  return methods.includes('ONLINE') ? OFFER_MESSAGES.onlineOnly : OFFER_MESSAGES.codOnly;
}

/**
 * The discount of one offer on values (paise) of the lines it applies to: a percent of their
 * sum (capped by maxDiscount), or the flat amount, never more than the sum; rounded down to
 * whole rupees.
 */
export function offerAmountPaise(offer: Pick<Offer, 'kind' | 'value' | 'maxDiscount'>, eligiblePaise: number): number {
  if (offer.kind === 'no_cost_emi') return 0;
  let amount = offer.kind === 'percent' ? Math.floor((eligiblePaise * offer.value) / 100) : offer.value * 100;
  if (offer.kind === 'percent' && offer.maxDiscount !== null) amount = Math.min(amount, offer.maxDiscount * 100);
  amount = Math.min(amount, eligiblePaise);
  return Math.max(0, Math.floor(amount / 100) * 100);
}

/**
 * Spreads `amountPaise` over lines in proportion to their values, in paise: each line gets
 * the floor of its exact share, then the paise left over go one each to the lines with the
 * largest remainders (ties: the larger value, then the earlier line). The shares add up to the
 * amount exactly, and no share is more than its line's value (the amount must not exceed the
 * sum of the values).
 */
export function allocatePaise(amountPaise: number, valuesPaise: readonly number[]): number[] {
  const total = valuesPaise.reduce((s, v) => s + v, 0);
  if (!Number.isInteger(amountPaise) || amountPaise < 0) throw new RangeError('amount must be a whole number of paise, not negative');
  if (amountPaise > total) throw new RangeError('amount is more than the lines are worth');
  if (amountPaise === 0 || total === 0) return valuesPaise.map(() => 0);
  const A = BigInt(amountPaise);
  const T = BigInt(total);
  const shares = valuesPaise.map((v) => Number((A * BigInt(v)) / T));
  const remainders = valuesPaise.map((v) => (A * BigInt(v)) % T);
  let left = amountPaise - shares.reduce((s, v) => s + v, 0);
  const order = valuesPaise
    .map((v, i) => i)
    .sort((a, b) => {
      const ra = remainders[a] as bigint;
      const rb = remainders[b] as bigint;
      if (ra !== rb) return ra > rb ? -1 : 1;
      const va = valuesPaise[a] as number;
      const vb = valuesPaise[b] as number;
      return va !== vb ? vb - va : a - b;
    });
  for (const i of order) {
    if (left === 0) break;
    shares[i] = (shares[i] as number) + 1;
    left -= 1;
  }
  return shares;
}

export interface AppliedDiscount {
  offerId: string;
  code?: string;
  title: string;
  amountPaise: number;
  /** The offer's real end (ISO), shown as it is: no countdowns (docs/offers.md, "Honest display"). */
  endsAt: string;
  /** Set for a no-cost EMI discount (shown as "No-cost EMI discount"). */
  kind?: 'no_cost_emi';
}

export interface PricedOffers {
  /** Sum of the lines' values (after the products' own discounts), paise. */
  subtotalPaise: number;
  discounts: AppliedDiscount[];
  /** Each line's share of all the discounts, paise, in the order of the lines. */
  lineDiscountsPaise: number[];
  totalPaise: number;
}

/**
 * The discounts on lines for one payment method: the code first (if its rules hold), then the
 * automatic offers whose rules hold, the largest first. An offer joins others only when it and
 * every offer already in are `combinable`. Each offer is worked on what the earlier ones left
 * of its lines, and spread over those lines by `allocatePaise`.
 */
export function priceWithOffers(
  lines: readonly PricingLine[],
  codeOffer: Offer | null,
  automatic: readonly Offer[],
  ctx: OfferContext,
): PricedOffers {
  const remaining = lines.map((l) => l.valuePaise);
  const lineDiscounts = lines.map(() => 0);
  const discounts: AppliedDiscount[] = [];
  const applied: Offer[] = [];
  const apply = (offer: Offer): void => {
    const idx = lines.map((l, i) => (offerAppliesToLine(offer, l) ? i : -1)).filter((i) => i >= 0);
    const values = idx.map((i) => remaining[i] as number);
    const amount = offerAmountPaise(
      offer,
      values.reduce((s, v) => s + v, 0),
    );
    if (amount <= 0) return;
    const shares = allocatePaise(amount, values);
    idx.forEach((lineIndex, k) => {
      remaining[lineIndex] = (remaining[lineIndex] as number) - (shares[k] as number);
      lineDiscounts[lineIndex] = (lineDiscounts[lineIndex] as number) + (shares[k] as number);
    });
    applied.push(offer);
    discounts.push({
      offerId: offer._id,
      ...(offer.code ? { code: offer.code } : {}),
      title: offer.title,
      amountPaise: amount,
      endsAt: offer.endsAt,
    });
  };
  // A no-cost EMI offer is worked on the plan chosen at checkout, after these (no-cost-emi.ts).
  if (codeOffer && codeOffer.kind !== 'no_cost_emi' && offerProblem(codeOffer, lines, ctx) === null) apply(codeOffer);
  const candidates = automatic
    .filter((o) => o.code === null && o.kind !== 'no_cost_emi' && offerProblem(o, lines, ctx) === null)
    .map((o) => ({
      o,
      standalone: offerAmountPaise(
        o,
        lines.filter((l) => offerAppliesToLine(o, l)).reduce((s, l) => s + l.valuePaise, 0),
      ),
    }))
    .sort((a, b) => b.standalone - a.standalone || a.o._id.localeCompare(b.o._id));
  for (const { o } of candidates) {
    if (applied.length === 0 || (o.combinable && applied.every((a) => a.combinable))) apply(o);
  }
  const subtotalPaise = lines.reduce((s, l) => s + l.valuePaise, 0);
  const discountPaise = discounts.reduce((s, d) => s + d.amountPaise, 0);
  return { subtotalPaise, discounts, lineDiscountsPaise: lineDiscounts, totalPaise: subtotalPaise - discountPaise };
}

/** `GET /api/cart/`'s `pricing`: the chosen method's discounts and total, and both methods' totals. */
export interface CartPricing {
  subtotalPaise: number;
  discounts: AppliedDiscount[];
  totalPaise: number;
  codTotalPaise?: number;
  onlineTotalPaise?: number;
  /** The code the shopper applied, and why it does not apply now (null when it does). */
  coupon?: { code: string; problem: string | null } | null;
}

export function cartPricing(
  lines: readonly PricingLine[],
  codeOffer: Offer | null,
  automatic: readonly Offer[],
  ctx: OfferContext,
  appliedCode: string | null,
): CartPricing {
  const chosen = priceWithOffers(lines, codeOffer, automatic, ctx);
  const cod = priceWithOffers(lines, codeOffer, automatic, { ...ctx, paymentMethod: 'COD' });
  const online = priceWithOffers(lines, codeOffer, automatic, { ...ctx, paymentMethod: 'ONLINE' });
  let coupon: CartPricing['coupon'] = null;
  if (appliedCode) {
    const problem = codeOffer ? offerProblem(codeOffer, lines, ctx, ctx.paymentMethod === null) : OFFER_MESSAGES.unknown;
    coupon = { code: appliedCode, problem };
  }
  return {
    subtotalPaise: chosen.subtotalPaise,
    discounts: chosen.discounts,
    totalPaise: chosen.totalPaise,
    codTotalPaise: cod.totalPaise,
    onlineTotalPaise: online.totalPaise,
    coupon,
  };
}

// ── Placed orders ─────────────────────────────────────────────────────────────────────

/** What an order keeps of the offers it was placed with (docs/offers.md). */
export interface OrderOffer {
  offerId: string;
  /** Kept for a no-cost EMI offer (its invoice line, "No-cost EMI discount"); absent for the others. */
  kind?: OfferKind;
  code: string | null;
  title: string;
  amountPaise: number;
}

/** The fields of a stored or API order line this needs. */
export interface DiscountedLine {
  variantId?: string;
  _id?: string;
  price: number;
  discount: number;
  quantity: number;
  /** The line's share of the order's offers, paise (0 or absent: none). */
  offerDiscountPaise?: number;
}

/** A line's value before offers, paise: (price − discount) × quantity. */
export function lineValuePaise(line: DiscountedLine): number {
  return Math.max(0, line.price - line.discount) * 100 * line.quantity;
}

/**
 * What the shopper paid for one line of a placed order, in paise, after the offers' share:
 * the amount a return of the whole line refunds and credits (issue 27). `lineId` is the line's
 * variantId (a cart line's id), or the product id of an order from before variants.
 */
export function linePaidPaise(order: { items: readonly DiscountedLine[] }, lineId: string): number {
  const line = order.items.find((l) => (l.variantId ?? l._id) === lineId) ?? order.items.find((l) => l._id === lineId);
  if (!line) throw new RangeError(`No line ${lineId} in this order`);
  return lineValuePaise(line) - (line.offerDiscountPaise ?? 0);
}

/**
 * The paid amount of `quantity` units of a line (a partial return): the line's paid amount in
 * proportion, rounded down, the last unit taking what is left so all units add up to the line.
 */
export function unitsPaidPaise(order: { items: readonly DiscountedLine[] }, lineId: string, quantity: number, alreadyReturned = 0): number {
  const line = order.items.find((l) => (l.variantId ?? l._id) === lineId) ?? order.items.find((l) => l._id === lineId);
  if (!line) throw new RangeError(`No line ${lineId} in this order`);
  const paid = linePaidPaise(order, lineId);
  const upTo = (n: number) => Math.floor((paid * n) / line.quantity);
  return upTo(alreadyReturned + quantity) - upTo(alreadyReturned);
}
