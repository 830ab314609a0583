/**
 * EMI plans (issue 43, docs/emi.md, decision 0040): what a card EMI costs the shopper, from a
 * bank's annual rate, for an amount in paise. Pure and exact to the paisa.
 *
 * Rounding, written down:
 * - A standard plan's instalment is the amortisation P·r(1+r)^n / ((1+r)^n − 1), r = annual
 *   rate / 12, **rounded up to the paisa**; every instalment is that amount, so the total
 *   payable is n × instalment and the total interest is total payable − P. Rounding up means
 *   the shop never shows less than the bank will charge (at most n − 1 paise more).
 * - A no-cost plan on a price P gives the shopper a discount D and the bank finances P − D at
 *   its rate so that the instalments add up to P. The financed amount is the present value of
 *   P/n a month at the bank's rate, **rounded up to the paisa** (the discount rounded down: the
 *   shop never gives more than the interest); the instalments are P/n rounded up to the paisa,
 *   the last one taking what is left. So the total payable is exactly P and the interest
 *   (total payable − financed) is exactly the discount.
 */
import { EMI_TENURES, RAZORPAY_EMI_RATES, type EmiBankRates, type EmiTenure } from './emi-rates.js';
import { formatINR } from './money.js';

export {
  CARDLESS_EMI_PROVIDERS,
  EMI_RATES_SOURCE,
  EMI_TENURES,
  PAY_LATER_PROVIDERS,
  RAZORPAY_EMI_RATES,
  type EmiBankRates,
  type EmiTenure,
} from './emi-rates.js';

export interface EmiPlan {
  bankCode: string;
  bankName: string;
  tenureMonths: EmiTenure;
  /** The bank's annual rate, percent. */
  annualRatePercent: number;
  /** What the shop is paid for the order (the price, or the price less the no-cost discount). */
  financedPaise: number;
  /** Each month's instalment (the last one may be less: `lastInstalmentPaise`). */
  instalmentPaise: number;
  lastInstalmentPaise: number;
  totalInterestPaise: number;
  /** All instalments added up. */
  totalPayablePaise: number;
  /** The shop gives the interest back as a discount: only when the discount cancels it fully. */
  noCost: boolean;
  /** The discount at checkout (0 for a standard plan); for a no-cost plan exactly the interest. */
  noCostDiscountPaise: number;
}

const EPSILON = 1e-6;

/** The exact (unrounded) monthly instalment on `principalPaise`. */
function exactInstalment(principalPaise: number, annualRatePercent: number, months: number): number {
  const r = annualRatePercent / 100 / 12;
  if (r === 0) return principalPaise / months;
  const g = (1 + r) ** months;
  return (principalPaise * r * g) / (g - 1);
}

/** The monthly instalment in paise: the standard amortisation, rounded up to the paisa. */
export function emiInstalmentPaise(principalPaise: number, annualRatePercent: number, months: number): number {
  if (!Number.isInteger(principalPaise) || principalPaise < 0) throw new RangeError('principal must be whole paise');
  if (!Number.isInteger(months) || months < 1) throw new RangeError('months must be a whole number ≥ 1');
  return Math.ceil(exactInstalment(principalPaise, annualRatePercent, months) - EPSILON);
}

/** The present value, in paise (unrounded), of `months` payments of `paymentPaise` at the annual rate. */
export function presentValuePaise(paymentPaise: number, annualRatePercent: number, months: number): number {
  const r = annualRatePercent / 100 / 12;
  if (r === 0) return paymentPaise * months;
  return (paymentPaise * (1 - (1 + r) ** -months)) / r;
}

/** A standard (interest-bearing) plan on `amountPaise`. */
export function standardEmiPlan(bank: EmiBankRates, tenureMonths: EmiTenure, amountPaise: number): EmiPlan | null {
  const rate = bank.rates[tenureMonths];
  if (rate === undefined) return null;
  const instalmentPaise = emiInstalmentPaise(amountPaise, rate, tenureMonths);
  const totalPayablePaise = instalmentPaise * tenureMonths;
  return {
    bankCode: bank.code,
    bankName: bank.name,
    tenureMonths,
    annualRatePercent: rate,
    financedPaise: amountPaise,
    instalmentPaise,
    lastInstalmentPaise: instalmentPaise,
    totalInterestPaise: totalPayablePaise - amountPaise,
    totalPayablePaise,
    noCost: false,
    noCostDiscountPaise: 0,
  };
}

/** A no-cost plan on a price of `amountPaise`: the discount that cancels the interest (see the rounding above). */
export function noCostEmiPlan(bank: EmiBankRates, tenureMonths: EmiTenure, amountPaise: number): EmiPlan | null {
  const rate = bank.rates[tenureMonths];
  if (rate === undefined) return null;
  const financedPaise = Math.min(amountPaise, Math.ceil(presentValuePaise(amountPaise / tenureMonths, rate, tenureMonths) - EPSILON));
  const instalmentPaise = Math.ceil(amountPaise / tenureMonths);
  const lastInstalmentPaise = amountPaise - instalmentPaise * (tenureMonths - 1);
  const discount = amountPaise - financedPaise;
  return {
    bankCode: bank.code,
    bankName: bank.name,
    tenureMonths,
    annualRatePercent: rate,
    financedPaise,
    instalmentPaise,
    lastInstalmentPaise,
    totalInterestPaise: amountPaise - financedPaise,
    totalPayablePaise: amountPaise,
    noCost: discount === amountPaise - financedPaise,
    noCostDiscountPaise: discount,
  };
}

/**
 * The discount a `no_cost_emi` offer gives on an order of `amountPaise` (decision 0045): orders
 * are whole rupees (decisions 0005, 0027), so the plan's interest (`noCostEmiPlan`) is rounded
 * **up** to the rupee, and up again by a rupee while the bank's instalments on what is left
 * (a standard plan, rounded up to the paisa) would add up to more than the price. So the
 * shopper never pays more than the price: the discount is at least the interest of the plan
 * paid, and at most ₹1 more than the exact no-cost discount in all but rare cases. null: the
 * bank has no such tenure.
 */
export function noCostEmiDiscountPaise(bank: EmiBankRates, tenureMonths: EmiTenure, amountPaise: number): number | null {
  const exact = noCostEmiPlan(bank, tenureMonths, amountPaise);
  if (!exact) return null;
  let discount = Math.ceil(exact.noCostDiscountPaise / 100) * 100;
  while (discount < amountPaise) {
    const paid = standardEmiPlan(bank, tenureMonths, amountPaise - discount);
    if (paid && paid.totalPayablePaise <= amountPaise) return discount;
    discount += 100;
  }
  return amountPaise;
}

/** The plan the bank runs on an order whose no-cost discount is taken off: a standard plan on what is left. */
export function noCostEmiPaidPlan(bank: EmiBankRates, tenureMonths: EmiTenure, amountPaise: number): EmiPlan | null {
  const discount = noCostEmiDiscountPaise(bank, tenureMonths, amountPaise);
  if (discount === null) return null;
  const plan = standardEmiPlan(bank, tenureMonths, amountPaise - discount);
  if (!plan) return null;
  return { ...plan, noCost: plan.totalInterestPaise <= discount && plan.totalPayablePaise <= amountPaise, noCostDiscountPaise: discount };
}

/** Which bank and tenure the shop makes no-cost (a `no_cost_emi` offer); none by default. */
export type NoCostRule = (bankCode: string, tenureMonths: EmiTenure, amountPaise: number) => boolean;

/** Every plan for `amountPaise` whose bank's minimum it meets, banks in the table's order, tenures ascending. */
export function emiPlans(amountPaise: number, rates: readonly EmiBankRates[] = RAZORPAY_EMI_RATES, noCost?: NoCostRule): EmiPlan[] {
  const plans: EmiPlan[] = [];
  for (const bank of rates) {
    if (amountPaise < bank.minAmountRupees * 100) continue;
    for (const tenure of EMI_TENURES) {
      const plan = noCost?.(bank.code, tenure, amountPaise)
        ? noCostEmiPlan(bank, tenure, amountPaise)
        : standardEmiPlan(bank, tenure, amountPaise);
      if (plan) plans.push(plan);
    }
  }
  return plans;
}

/** The plan with the smallest instalment (the "EMI from ₹X/month"); ties: the lower rate, then the shorter tenure. */
export function lowestEmiPlan(plans: readonly EmiPlan[]): EmiPlan | null {
  let best: EmiPlan | null = null;
  for (const p of plans) {
    if (
      !best ||
      p.instalmentPaise < best.instalmentPaise ||
      (p.instalmentPaise === best.instalmentPaise && p.annualRatePercent < best.annualRatePercent)
    )
      best = p;
  }
  return best;
}

/** One bank's plan for a tenure, or null. */
export function findEmiPlan(plans: readonly EmiPlan[], bankCode: string, tenureMonths: number): EmiPlan | null {
  return plans.find((p) => p.bankCode === bankCode && p.tenureMonths === tenureMonths) ?? null;
}

/** '₹2,781.15': rupees with Indian grouping and always two decimals (no Intl: decision 0036's budget). */
export function formatRupeesPaise(paise: number): string {
  const abs = Math.abs(paise);
  const rupees = Math.floor(abs / 100);
  const rest = String(abs % 100).padStart(2, '0');
  return `${paise < 0 ? '-' : ''}${formatINR(rupees)}.${rest}`;
}

/** '15 % a year' / '12.99 % a year'. */
export function formatAnnualRate(percent: number): string {
  return `${String(percent)} % a year`;
}

/** What every figure says (issue 43, "Disclosure"): the bank's rate, the tenure and the total payable. */
export function emiDisclosure(plan: EmiPlan): string {
  const base = `${formatRupeesPaise(plan.instalmentPaise)}/month for ${plan.tenureMonths} months with ${plan.bankName} at ${formatAnnualRate(plan.annualRatePercent)}, total payable ${formatRupeesPaise(plan.totalPayablePaise)}`;
  return plan.noCost
    ? `${base} (no-cost: ${formatRupeesPaise(plan.noCostDiscountPaise)} off at checkout cancels the interest)`
    : `${base} (interest ${formatRupeesPaise(plan.totalInterestPaise)})`;
}

// ── The order's payment method and plan (what Razorpay's payment said) ────────────────

export const EMI_PAYMENT_METHODS = ['emi', 'cardless_emi', 'paylater'] as const;
export type EmiPaymentMethod = (typeof EMI_PAYMENT_METHODS)[number];

/** How an online order was paid, as its captured payment says (`payment.plan` on the order). */
export interface OrderPaymentPlan {
  /** Razorpay's `method`: 'emi' (card EMI), 'cardless_emi', 'paylater' (and 'card', 'upi', 'netbanking'). */
  method: string;
  /** Card EMI: the bank's code; Cardless EMI and Pay Later: the lender's. */
  issuer: string | null;
  issuerName: string | null;
  /** Card EMI only. */
  tenureMonths: number | null;
  annualRatePercent: number | null;
  instalmentPaise: number | null;
  totalPayablePaise: number | null;
}

const METHOD_NAMES: Record<string, string> = {
  emi: 'Card EMI',
  cardless_emi: 'Cardless EMI',
  paylater: 'Pay Later',
  card: 'Card',
  upi: 'UPI',
  netbanking: 'Netbanking',
  wallet: 'Wallet',
};

/** 'Card EMI: HDFC Bank, 6 months at 15 % a year, ₹1,392.30/month, total payable ₹8,353.80' / 'Pay Later: Simpl'. */
export function paymentPlanLabel(plan: OrderPaymentPlan): string {
  const name = METHOD_NAMES[plan.method] ?? plan.method;
  if (plan.method === 'emi' && plan.tenureMonths && plan.annualRatePercent !== null) {
    const figures =
      plan.instalmentPaise !== null && plan.totalPayablePaise !== null
        ? `, ${formatRupeesPaise(plan.instalmentPaise)}/month, total payable ${formatRupeesPaise(plan.totalPayablePaise)}`
        : '';
    return `${name}: ${plan.issuerName ?? plan.issuer ?? 'card'}, ${plan.tenureMonths} months at ${formatAnnualRate(plan.annualRatePercent)}${figures}`;
  }
  return plan.issuerName || plan.issuer ? `${name}: ${plan.issuerName ?? plan.issuer ?? ''}` : name;
}
