import { describe, expect, it } from 'vitest';
import {
  emiDisclosure,
  emiInstalmentPaise,
  emiPlans,
  findEmiPlan,
  formatRupeesPaise,
  lowestEmiPlan,
  noCostEmiPlan,
  presentValuePaise,
  RAZORPAY_EMI_RATES,
  standardEmiPlan,
  type EmiBankRates,
} from './emi.js';

/** The amortisation worked independently, in exact integers: ceil(P·R·(D+R)^n / (D·((D+R)^n − D^n))), r = R/D. */
function exactCeilInstalment(principalPaise: number, annualRatePercent: number, months: number): number {
  const R = BigInt(Math.round(annualRatePercent * 100)); // hundredths of a percent
  const D = 120000n; // 12 months × 100 % × 100 hundredths
  const P = BigInt(principalPaise);
  const g = (D + R) ** BigInt(months);
  const d = D ** BigInt(months);
  const num = P * R * g;
  const den = D * (g - d);
  return Number((num + den - 1n) / den);
}

const hdfc = RAZORPAY_EMI_RATES.find((b) => b.code === 'HDFC') as EmiBankRates;
const icici = RAZORPAY_EMI_RATES.find((b) => b.code === 'ICIC') as EmiBankRates;

describe('the instalment', () => {
  it('matches the published worked examples: ₹1,00,000 at 10 % for 12 months is ₹8,791.59; ₹10,000 at 12 % for 12 months is ₹888.49', () => {
    expect(emiInstalmentPaise(10_000_000, 10, 12)).toBe(879_159);
    expect(emiInstalmentPaise(1_000_000, 12, 12)).toBe(88_849);
  });

  it('is the amortisation rounded up to the paisa, for every bank and tenure of the table on ₹7,999 and generated amounts', () => {
    const amounts = [799_900, 499_900, 1_500_000, 150_000, 1_234_567];
    for (let i = 0; i < 40; i += 1) amounts.push(100_000 + ((i * 7_919_993) % 5_000_000));
    for (const amount of amounts)
      for (const bank of RAZORPAY_EMI_RATES)
        for (const [tenure, rate] of Object.entries(bank.rates))
          expect(emiInstalmentPaise(amount, rate, Number(tenure)), `${bank.code} ${tenure} on ${amount}`).toBe(
            exactCeilInstalment(amount, rate, Number(tenure)),
          );
  });

  it('rounds up, never down: n instalments cover the amortisation and overshoot it by less than n paise', () => {
    const plan = standardEmiPlan(hdfc, 3, 799_900);
    if (!plan) throw new Error('no plan');
    // 15 % a year for 3 months on ₹7,999: 799900 × 0.0125 × 1.0125³ / (1.0125³ − 1) = 273,326.77 paise, up to 273,327.
    expect(plan.instalmentPaise).toBe(273_327);
    expect(plan.totalPayablePaise).toBe(3 * 273_327);
    expect(plan.totalInterestPaise).toBe(3 * 273_327 - 799_900);
    const pv = presentValuePaise(plan.instalmentPaise, 15, 3);
    expect(pv).toBeGreaterThanOrEqual(799_900);
    expect(pv - 799_900).toBeLessThan(3);
  });

  it('at 0 % is the amount split evenly, rounded up', () => {
    expect(emiInstalmentPaise(1000, 0, 3)).toBe(334);
    expect(emiInstalmentPaise(900, 0, 3)).toBe(300);
  });

  it('refuses amounts that are not whole paise', () => {
    expect(() => emiInstalmentPaise(10.5, 12, 3)).toThrow(RangeError);
    expect(() => emiInstalmentPaise(100, 12, 0)).toThrow(RangeError);
  });
});

describe('no-cost plans', () => {
  it('give exactly the interest as the discount, so the instalments add up to the price', () => {
    for (const amount of [799_900, 499_900, 1_499_900, 300_001, 1_000_003])
      for (const bank of RAZORPAY_EMI_RATES)
        for (const tenure of [3, 6, 9, 12] as const) {
          const plan = noCostEmiPlan(bank, tenure, amount);
          if (!plan) continue;
          expect(plan.noCost).toBe(true);
          expect(plan.noCostDiscountPaise).toBe(plan.totalInterestPaise);
          expect(plan.totalPayablePaise).toBe(amount);
          expect(plan.instalmentPaise * (tenure - 1) + plan.lastInstalmentPaise).toBe(amount);
          expect(plan.financedPaise + plan.totalInterestPaise).toBe(amount);
          expect(plan.lastInstalmentPaise).toBeGreaterThan(0);
          expect(plan.lastInstalmentPaise).toBeLessThanOrEqual(plan.instalmentPaise);
          // The bank's own amortisation of what it finances: its instalment on the financed amount is P/n to the paisa.
          expect(Math.abs(emiInstalmentPaise(plan.financedPaise, plan.annualRatePercent, tenure) - amount / tenure)).toBeLessThanOrEqual(1);
        }
  });

  it('₹7,999 over 3 months with HDFC at 15 %: the discount is the present-value gap, rounded down', () => {
    const plan = noCostEmiPlan(hdfc, 3, 799_900);
    if (!plan) throw new Error('no plan');
    // PV of ₹2,666.33⅓ a month for 3 months at 1.25 %: 266633.33 × (1 − 1.0125⁻³) / 0.0125 = 780,311.44 paise, up to 780,312: ₹195.88 off.
    const pv = (799_900 / 3) * ((1 - 1.0125 ** -3) / 0.0125);
    expect(plan.financedPaise).toBe(Math.ceil(pv));
    expect(plan.noCostDiscountPaise).toBe(799_900 - Math.ceil(pv));
    expect(plan.instalmentPaise).toBe(266_634);
    expect(plan.lastInstalmentPaise).toBe(799_900 - 2 * 266_634);
  });
});

describe('the plans for an amount', () => {
  it('take only banks whose minimum it meets, every tenure they offer', () => {
    expect(emiPlans(99_900)).toEqual([]);
    const small = emiPlans(150_000); // ₹1,500: RBL (₹1,000), ICICI and Yes Bank (₹1,500)
    expect([...new Set(small.map((p) => p.bankCode))]).toEqual(['ICIC', 'RATN', 'YESB']);
    const all = emiPlans(799_900);
    expect(all).toHaveLength(RAZORPAY_EMI_RATES.length * 4);
    expect(all.every((p) => !p.noCost && p.noCostDiscountPaise === 0)).toBe(true);
  });

  it('make the chosen banks and tenures no-cost', () => {
    const plans = emiPlans(799_900, RAZORPAY_EMI_RATES, (bank, tenure) => bank === 'HDFC' && tenure <= 6);
    expect(findEmiPlan(plans, 'HDFC', 3)?.noCost).toBe(true);
    expect(findEmiPlan(plans, 'HDFC', 6)?.noCost).toBe(true);
    expect(findEmiPlan(plans, 'HDFC', 9)?.noCost).toBe(false);
    expect(findEmiPlan(plans, 'ICIC', 3)?.noCost).toBe(false);
  });

  it('"EMI from" is the smallest instalment: the longest tenure at the lowest rate', () => {
    const lowest = lowestEmiPlan(emiPlans(799_900));
    expect(lowest).toMatchObject({ tenureMonths: 12, bankCode: 'BARB', annualRatePercent: 13 }); // Bank of Baroda and IndusInd: 13 % for 12 months
    expect(lowest?.instalmentPaise).toBe(exactCeilInstalment(799_900, 13, 12));
    expect(lowestEmiPlan([])).toBeNull();
  });

  it('every figure says the rate, the tenure and the total payable', () => {
    const plan = standardEmiPlan(icici, 6, 799_900);
    if (!plan) throw new Error('no plan');
    const text = emiDisclosure(plan);
    expect(text).toContain('for 6 months with ICICI Bank at 13.99 % a year');
    expect(text).toContain(`total payable ${formatRupeesPaise(plan.totalPayablePaise)}`);
    const free = noCostEmiPlan(hdfc, 3, 799_900);
    if (!free) throw new Error('no plan');
    expect(emiDisclosure(free)).toContain('total payable ₹7,999.00 (no-cost');
  });

  it('formats paise with two decimals and Indian grouping', () => {
    expect(formatRupeesPaise(12_345_607)).toBe('₹1,23,456.07');
    expect(formatRupeesPaise(5)).toBe('₹0.05');
  });
});
