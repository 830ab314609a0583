/**
 * Card EMI rates the shop shows before it has asked Razorpay (issue 43, docs/emi.md): Razorpay's
 * published defaults, "standard credit card interest rates charged by the banks for EMI", from
 * its EMI FAQ (https://razorpay.com/docs/payments/payment-methods/emi/faqs/, question 3, read
 * 2026-12-02; only the 3, 6, 9 and 12 month columns are kept). Banks set these and change them:
 * an account with Razorpay's Methods API (`GET /v1/methods`, `emi_plans`) refreshes this table
 * with `npx tsx scripts/emi-rates.ts` (not done yet: see docs/emi.md).
 *
 * `minAmountRupees`: the bank's minimum order for EMI. `rates`: annual percent per tenure; a
 * tenure the bank does not offer is absent.
 */
export const EMI_TENURES = [3, 6, 9, 12] as const;
export type EmiTenure = (typeof EMI_TENURES)[number];

export interface EmiBankRates {
  /** Razorpay's bank code (`HDFC`, `ICIC`, …). */
  code: string;
  name: string;
  minAmountRupees: number;
  rates: Partial<Record<EmiTenure, number>>;
}

export const EMI_RATES_SOURCE = 'Razorpay EMI FAQ, standard credit card EMI interest rates (read 2 December 2026)';

export const RAZORPAY_EMI_RATES: readonly EmiBankRates[] = [
  { code: 'AMEX', name: 'American Express', minAmountRupees: 5000, rates: { 3: 14, 6: 14, 9: 14, 12: 14 } },
  { code: 'BARB', name: 'Bank of Baroda', minAmountRupees: 2500, rates: { 3: 13, 6: 13, 9: 13, 12: 13 } },
  { code: 'CITI', name: 'Citibank', minAmountRupees: 2500, rates: { 3: 13, 6: 13, 9: 15, 12: 15 } },
  { code: 'HDFC', name: 'HDFC Bank', minAmountRupees: 3000, rates: { 3: 15, 6: 15, 9: 15, 12: 15 } },
  { code: 'HSBC', name: 'HSBC Bank', minAmountRupees: 2000, rates: { 3: 12.5, 6: 12.5, 9: 13.5, 12: 13.5 } },
  { code: 'ICIC', name: 'ICICI Bank', minAmountRupees: 1500, rates: { 3: 12.99, 6: 13.99, 9: 13.99, 12: 13.99 } },
  { code: 'INDB', name: 'IndusInd Bank', minAmountRupees: 2000, rates: { 3: 13, 6: 13, 9: 13, 12: 13 } },
  { code: 'KKBK', name: 'Kotak Mahindra Bank', minAmountRupees: 3000, rates: { 3: 12, 6: 12, 9: 14, 12: 14 } },
  { code: 'RATN', name: 'RBL Bank', minAmountRupees: 1000, rates: { 3: 13, 6: 14, 9: 15, 12: 15 } },
  { code: 'SBIN', name: 'State Bank of India', minAmountRupees: 2500, rates: { 3: 14, 6: 14, 9: 14, 12: 14 } },
  { code: 'SCBL', name: 'Standard Chartered', minAmountRupees: 2500, rates: { 3: 11.88, 6: 13, 9: 14, 12: 14 } },
  { code: 'UTIB', name: 'Axis Bank', minAmountRupees: 3000, rates: { 3: 13, 6: 13, 9: 14, 12: 14 } },
  { code: 'YESB', name: 'Yes Bank', minAmountRupees: 1500, rates: { 3: 13, 6: 13, 9: 14, 12: 14 } },
];

/** Cardless EMI partners and their minimum orders (Razorpay's Cardless EMI page); rates are the partner's. */
export const CARDLESS_EMI_PROVIDERS: readonly { code: string; name: string; minAmountRupees: number }[] = [
  { code: 'icic', name: 'ICICI Bank Cardless EMI', minAmountRupees: 7000 },
  { code: 'idfb', name: 'IDFC FIRST Bank Cardless EMI', minAmountRupees: 5000 },
  { code: 'hdfc', name: 'HDFC Bank Cardless EMI', minAmountRupees: 5000 },
  { code: 'kkbk', name: 'Kotak Bank Cardless EMI', minAmountRupees: 3000 },
  { code: 'walnut369', name: 'axio', minAmountRupees: 900 },
];

/** Pay Later partners (Razorpay's Affordability FAQ). */
export const PAY_LATER_PROVIDERS: readonly { code: string; name: string }[] = [
  { code: 'hdfc', name: 'FlexiPay by HDFC Bank' },
  { code: 'icic', name: 'ICICI Pay Later' },
  { code: 'getsimpl', name: 'Simpl' },
];
