import { describe, expect, it } from 'vitest';
import { EMI_TENURES, RAZORPAY_EMI_RATES } from './emi-rates.js';
import { noCostEmiDiscountPaise, noCostEmiPaidPlan, noCostEmiPlan } from './emi.js';
import { withNoCostEmi } from './no-cost-emi.js';
import { priceWithOffers, type Offer } from './offers.js';

const offer: Offer = {
  _id: 'nc1',
  code: null,
  title: 'No-cost EMI on HDFC',
  kind: 'no_cost_emi',
  value: 0,
  noCostEmi: { tenures: [3, 6], banks: ['HDFC'] },
  maxDiscount: null,
  minOrder: 3000,
  appliesTo: null,
  startsAt: '2026-01-01T00:00:00.000Z',
  endsAt: '2027-12-31T00:00:00.000Z',
  usageLimit: null,
  perCustomerLimit: null,
  firstOrderOnly: false,
  paymentMethods: ['ONLINE'],
  combinable: false,
  usedCount: 0,
  discountGivenPaise: 0,
  createdAt: '2026-01-01T00:00:00.000Z',
  updatedAt: '2026-01-01T00:00:00.000Z',
};
const ctx = { now: new Date('2026-12-02T00:00:00Z'), paymentMethod: 'ONLINE' as const, firstOrder: false, customerUses: {} };

describe('no-cost EMI discount (whole rupees, decision 0045)', () => {
  it('cancels the interest of the plan paid for every bank and tenure: total payable never above the price', () => {
    for (const bank of RAZORPAY_EMI_RATES) {
      for (const tenure of EMI_TENURES) {
        for (const amount of [150000, 799900, 1234567, 1500000]) {
          const d = noCostEmiDiscountPaise(bank, tenure, amount) as number;
          const exact = noCostEmiPlan(bank, tenure, amount);
          const paid = noCostEmiPaidPlan(bank, tenure, amount);
          expect(d % 100).toBe(0);
          expect(d).toBeGreaterThanOrEqual(exact?.noCostDiscountPaise ?? 0);
          expect(paid?.noCost).toBe(true);
          expect((paid?.totalInterestPaise ?? 0) <= d).toBe(true);
          // The sum: what the bank is paid for the order plus its interest is at most the price.
          expect((paid?.financedPaise ?? 0) + (paid?.totalInterestPaise ?? 0)).toBeLessThanOrEqual(amount);
        }
      }
    }
  });

  it('adds the discount on the chosen plan, allocated over the lines to the paisa', () => {
    const lines = [
      { lineId: 'a', productId: 'p1', category: 'luggage', valuePaise: 533300 },
      { lineId: 'b', productId: 'p2', category: 'backpacks', valuePaise: 266600 },
    ];
    const priced = priceWithOffers(lines, null, [offer], ctx);
    expect(priced.discounts).toEqual([]);
    const r = withNoCostEmi(priced, lines, [offer], ctx, { bankCode: 'HDFC', tenureMonths: 6 });
    const d = noCostEmiDiscountPaise(
      RAZORPAY_EMI_RATES.find((b) => b.code === 'HDFC')!,
      6,
      799900,
    );
    expect(r.noCostEmi?.discountPaise).toBe(d);
    expect(r.lineDiscountsPaise.reduce((s, v) => s + v, 0)).toBe(d);
    expect(r.totalPaise).toBe(799900 - (d ?? 0));
    expect(r.discounts.at(-1)?.kind).toBe('no_cost_emi');
    expect(withNoCostEmi(priced, lines, [offer], ctx, { bankCode: 'HDFC', tenureMonths: 12 }).noCostEmi).toBeNull();
    expect(withNoCostEmi(priced, lines, [offer], ctx, { bankCode: 'ICIC', tenureMonths: 6 }).noCostEmi).toBeNull();
  });
});
