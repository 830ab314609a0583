import { emiInstalmentPaise, formatRupeesPaise, noCostEmiPlan, RAZORPAY_EMI_RATES, type EmiBankRates } from '@bagshop/domain';
import { describe, expect, it } from 'vitest';
import { render, screen } from '../testing/render';
import { EmiPlans } from './emi-plans';

// "EMI from ₹X/month" and its table (issue 43, docs/emi.md): every figure with its rate, tenure and total.
describe('EmiPlans', () => {
  it('a ₹7,999 price: the smallest instalment with its bank, rate and total; a row per bank, a cell per tenure', () => {
    render(<EmiPlans amountPaise={799_900} />);
    const lowest = emiInstalmentPaise(799_900, 13, 12);
    expect(screen.getByText(/^EMI from/)).toHaveTextContent(
      `EMI from ${formatRupeesPaise(lowest)}/month (12 months, Bank of Baroda at 13 % a year, total payable ${formatRupeesPaise(lowest * 12)})`,
    );
    const table = screen.getByRole('table', { hidden: true });
    expect(table.querySelectorAll('tbody tr')).toHaveLength(13);
    const hdfc12 = emiInstalmentPaise(799_900, 15, 12);
    expect(table.querySelector('[data-plan="HDFC-12"]')).toHaveTextContent(
      `${formatRupeesPaise(hdfc12)}/month15 % a year · 12 monthsTotal ${formatRupeesPaise(hdfc12 * 12)}`,
    );
    expect(table).not.toHaveTextContent('No-cost');
  });

  it('"no-cost" only on the plans a no-cost rule covers, with the discount that cancels the interest, and the total is the price', () => {
    render(<EmiPlans amountPaise={799_900} noCost={(bank, tenure) => bank === 'HDFC' && tenure === 3} />);
    const table = screen.getByRole('table', { hidden: true });
    const plan = noCostEmiPlan(RAZORPAY_EMI_RATES.find((b) => b.code === 'HDFC') as EmiBankRates, 3, 799_900);
    const cell = table.querySelector('[data-plan="HDFC-3"]');
    expect(cell).toHaveTextContent(`Total ₹7,999.00No-cost: ${formatRupeesPaise(plan?.noCostDiscountPaise ?? 0)} off at checkout`);
    expect(table.querySelectorAll('td')).toHaveLength(13 * 4);
    expect([...table.querySelectorAll('td')].filter((td) => td.textContent?.includes('No-cost'))).toHaveLength(1);
  });

  it('nothing below every bank’s minimum (₹1,000)', () => {
    const { container } = render(<EmiPlans amountPaise={99_900} />);
    expect(container.querySelector('details')).toBeNull();
  });
});
