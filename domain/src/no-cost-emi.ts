/**
 * No-cost EMI offers (issue 43, docs/emi.md "No-cost EMI offers", decision 0045): an offer of
 * kind `no_cost_emi` names tenures and banks; when the shopper pays by card EMI on a plan it
 * covers, the plan's interest is taken off the order as a discount, spread over the lines for
 * GST like every other offer (`allocatePaise`, to the paisa). It is worked last, on what the
 * other offers left plus the delivery fee (the bank finances the whole payment), and joins
 * other offers only when it and every one of them are `combinable` (docs/offers.md).
 */
import { noCostEmiDiscountPaise } from './emi.js';
import { EMI_TENURES, RAZORPAY_EMI_RATES, type EmiBankRates, type EmiTenure } from './emi-rates.js';
import {
  allocatePaise,
  offerAppliesToLine,
  offerProblem,
  type Offer,
  type OfferContext,
  type PricedOffers,
  type PricingLine,
} from './offers.js';

/** The card EMI plan the shopper chose at checkout: a bank (Razorpay's code) and a tenure. */
export interface EmiChoice {
  bankCode: string;
  tenureMonths: number;
}

export const NO_COST_EMI_LABEL = 'No-cost EMI discount';

function bankOf(code: string, rates: readonly EmiBankRates[]): EmiBankRates | null {
  return rates.find((b) => b.code === code) ?? null;
}

function tenureOf(months: number): EmiTenure | null {
  return (EMI_TENURES as readonly number[]).includes(months) ? (months as EmiTenure) : null;
}

/** Does the offer cover this bank and tenure? */
export function noCostEmiCovers(offer: Pick<Offer, 'kind' | 'noCostEmi'>, choice: EmiChoice): boolean {
  if (offer.kind !== 'no_cost_emi' || !offer.noCostEmi) return false;
  const { tenures, banks } = offer.noCostEmi;
  return tenures.includes(choice.tenureMonths) && (banks.length === 0 || banks.includes(choice.bankCode));
}

export interface NoCostEmiPricing extends PricedOffers {
  /** The no-cost offer applied, or null (none covers the plan, or its rules do not hold). */
  noCostEmi: { offerId: string; bankCode: string; tenureMonths: number; discountPaise: number } | null;
}

/**
 * `priced` (from `priceWithOffers`) with the no-cost EMI discount of the chosen plan added, when
 * an offer in `offers` covers it and its rules hold (dates, uses, minimum order, method).
 * `feePaise`: the delivery fee, financed with the goods. The amount financed must meet the bank's
 * minimum. `offers` holds every offer in play (the code's and the automatic ones).
 */
export function withNoCostEmi(
  priced: PricedOffers,
  lines: readonly PricingLine[],
  offers: readonly Offer[],
  ctx: OfferContext,
  choice: EmiChoice | null,
  feePaise = 0,
  rates: readonly EmiBankRates[] = RAZORPAY_EMI_RATES,
): NoCostEmiPricing {
  const none: NoCostEmiPricing = { ...priced, noCostEmi: null };
  if (!choice) return none;
  const bank = bankOf(choice.bankCode, rates);
  const tenure = tenureOf(choice.tenureMonths);
  if (!bank || tenure === null || bank.rates[tenure] === undefined) return none;
  const applied = priced.discounts.map((d) => offers.find((o) => o._id === d.offerId));
  const joins = (o: Offer) => applied.length === 0 || (o.combinable && applied.every((a) => a?.combinable === true));
  const offer = offers
    .filter((o) => noCostEmiCovers(o, choice) && offerProblem(o, lines, ctx) === null && joins(o))
    .sort((a, b) => a._id.localeCompare(b._id))[0];
  if (!offer) return none;
  const financed = priced.totalPaise + feePaise;
  if (financed < bank.minAmountRupees * 100) return none;
  const idx = lines.map((l, i) => (offerAppliesToLine(offer, l) ? i : -1)).filter((i) => i >= 0);
  const remaining = idx.map((i) => (lines[i] as PricingLine).valuePaise - (priced.lineDiscountsPaise[i] ?? 0));
  const room = remaining.reduce((s, v) => s + v, 0);
  const amount = Math.min(noCostEmiDiscountPaise(bank, tenure, financed) ?? 0, Math.floor(room / 100) * 100);
  if (amount <= 0) return none;
  const shares = allocatePaise(amount, remaining);
  const lineDiscountsPaise = [...priced.lineDiscountsPaise];
  idx.forEach((lineIndex, k) => (lineDiscountsPaise[lineIndex] = (lineDiscountsPaise[lineIndex] ?? 0) + (shares[k] as number)));
  return {
    subtotalPaise: priced.subtotalPaise,
    discounts: [
      ...priced.discounts,
      { offerId: offer._id, title: offer.title, amountPaise: amount, endsAt: offer.endsAt, kind: 'no_cost_emi' },
    ],
    lineDiscountsPaise,
    totalPaise: priced.totalPaise - amount,
    noCostEmi: { offerId: offer._id, bankCode: bank.code, tenureMonths: tenure, discountPaise: amount },
  };
}

/** Every (bank, tenure) an active offer makes no-cost for these lines (the checkout's plan list). */
export function noCostEmiChoices(
  priced: PricedOffers,
  lines: readonly PricingLine[],
  offers: readonly Offer[],
  ctx: OfferContext,
  feePaise = 0,
  rates: readonly EmiBankRates[] = RAZORPAY_EMI_RATES,
): { bankCode: string; tenureMonths: number; discountPaise: number; offerId: string }[] {
  const out: { bankCode: string; tenureMonths: number; discountPaise: number; offerId: string }[] = [];
  if (!offers.some((o) => o.kind === 'no_cost_emi')) return out;
  for (const bank of rates) {
    for (const tenure of EMI_TENURES) {
      const r = withNoCostEmi(priced, lines, offers, ctx, { bankCode: bank.code, tenureMonths: tenure }, feePaise, rates);
      if (r.noCostEmi)
        out.push({ bankCode: bank.code, tenureMonths: tenure, discountPaise: r.noCostEmi.discountPaise, offerId: r.noCostEmi.offerId });
    }
  }
  return out;
}
