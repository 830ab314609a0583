/**
 * EMI and pay later through Razorpay (issue 43, docs/emi.md): what a captured payment says about
 * how it was made — Razorpay's `method` ('emi' | 'cardless_emi' | 'paylater', or card, UPI,
 * netbanking), card EMI's bank and plan (`emi: { issuer, rate, duration }`, rate in hundredths of
 * a percent), Cardless EMI's and Pay Later's lender (`provider`) — kept on the order as
 * `payment.plan`, with the plan's instalment and total payable worked by the shop's own rule
 * (domain/src/emi.ts) so the order page can say them.
 */
import {
  CARDLESS_EMI_PROVIDERS,
  emiInstalmentPaise,
  PAY_LATER_PROVIDERS,
  RAZORPAY_EMI_RATES,
  type OrderPaymentPlan,
} from '@bagshop/domain';

/** The fields of Razorpay's payment entity this reads (all optional: older events and other methods lack them). */
export interface RazorpayPaymentMethodFields {
  amount: number;
  method?: string | null;
  bank?: string | null;
  provider?: string | null;
  wallet?: string | null;
  emi?: { issuer?: string | null; rate?: number | null; duration?: number | null } | null;
}

const text = (v: unknown): string | null => (typeof v === 'string' && v.length > 0 && v.length <= 40 ? v : null);

/** `payment.plan` for a captured payment; null when Razorpay did not say its method. */
export function paymentPlanOf(payment: RazorpayPaymentMethodFields): OrderPaymentPlan | null {
  const method = text(payment.method);
  if (!method) return null;
  const base: OrderPaymentPlan = {
    method,
    issuer: null,
    issuerName: null,
    tenureMonths: null,
    annualRatePercent: null,
    instalmentPaise: null,
    totalPayablePaise: null,
  };
  if (method === 'emi') {
    const issuer = text(payment.emi?.issuer) ?? text(payment.bank);
    const duration = payment.emi?.duration;
    const rate = payment.emi?.rate;
    const tenureMonths = typeof duration === 'number' && Number.isInteger(duration) && duration > 0 && duration <= 60 ? duration : null;
    const annualRatePercent = typeof rate === 'number' && Number.isFinite(rate) && rate >= 0 && rate <= 10_000 ? rate / 100 : null;
    const instalmentPaise =
      tenureMonths !== null && annualRatePercent !== null && Number.isInteger(payment.amount) && payment.amount > 0
        ? emiInstalmentPaise(payment.amount, annualRatePercent, tenureMonths)
        : null;
    return {
      ...base,
      issuer,
      issuerName: RAZORPAY_EMI_RATES.find((b) => b.code === issuer)?.name ?? issuer,
      tenureMonths,
      annualRatePercent,
      instalmentPaise,
      totalPayablePaise: instalmentPaise !== null && tenureMonths !== null ? instalmentPaise * tenureMonths : null,
    };
  }
  if (method === 'cardless_emi' || method === 'paylater') {
    const issuer = text(payment.provider) ?? text(payment.wallet);
    const known = (method === 'cardless_emi' ? CARDLESS_EMI_PROVIDERS : PAY_LATER_PROVIDERS).find((p) => p.code === issuer);
    return { ...base, issuer, issuerName: known?.name ?? issuer };
  }
  return { ...base, issuer: text(payment.bank) ?? text(payment.wallet) };
}

/** `payment.emiPlan` of an order (the plan chosen at checkout), or null. */
export function chosenEmiPlanOf(payment: Record<string, unknown>): { bankCode: string; tenureMonths: number } | null {
  const p = payment.emiPlan;
  if (!p || typeof p !== 'object') return null;
  const { bankCode, tenureMonths } = p as Record<string, unknown>;
  return typeof bankCode === 'string' && typeof tenureMonths === 'number' ? { bankCode, tenureMonths } : null;
}

/**
 * Why a captured payment is not on the plan the order was placed on (issue 43): an order with a
 * card EMI plan (and so perhaps its no-cost discount) must be paid by card EMI with that bank and
 * tenure. null when it is, or when the order chose no plan. Handled as a price mismatch.
 */
export function emiPlanMismatch(payment: Record<string, unknown>, paid: RazorpayPaymentMethodFields): string | null {
  const chosen = chosenEmiPlanOf(payment);
  if (!chosen) return null;
  const plan = paymentPlanOf(paid);
  const said =
    plan?.method === 'emi' ? `card EMI ${plan.issuer ?? '?'} ${String(plan.tenureMonths ?? '?')} months` : (plan?.method ?? 'no method');
  if (plan?.method === 'emi' && plan.issuer === chosen.bankCode && plan.tenureMonths === chosen.tenureMonths) return null;
  return `paid by ${said}, expected card EMI ${chosen.bankCode} ${String(chosen.tenureMonths)} months`;
}

/** The payment link's note naming the plan chosen ('HDFC:6'), or nothing. */
export function emiPlanNote(payment: Record<string, unknown>): { emi_plan?: string } {
  const chosen = chosenEmiPlanOf(payment);
  return chosen ? { emi_plan: `${chosen.bankCode}:${String(chosen.tenureMonths)}` } : {};
}
