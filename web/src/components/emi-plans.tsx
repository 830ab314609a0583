import {
  EMI_TENURES,
  emiPlans,
  findEmiPlan,
  formatAnnualRate,
  formatRupeesPaise,
  lowestEmiPlan,
  RAZORPAY_EMI_RATES,
  type NoCostRule,
} from '@bagshop/domain';
import classes from './emi-plans.module.css';

export interface EmiPlansProps {
  /** What the shopper would pay: the chosen variant's sale price, or the cart's total. */
  amountPaise: number;
  /** Banks and tenures a no-cost EMI offer covers (docs/emi.md). */
  noCost?: NoCostRule;
  /** Distinguishes the table's id when a page shows more than one. */
  id?: string;
}

/**
 * "EMI from ₹X/month", opening a table of banks × tenures (issue 43): every figure says the
 * bank's rate, the tenure and the total payable; "no-cost" only where the discount at checkout
 * cancels the interest (domain/src/emi.ts). Plain elements: drawn by the server, nothing to
 * hydrate, works before JavaScript. Nothing when no bank's minimum is met.
 */
export function EmiPlans({ amountPaise, noCost, id = 'emi' }: EmiPlansProps) {
  const plans = emiPlans(amountPaise, RAZORPAY_EMI_RATES, noCost);
  const lowest = lowestEmiPlan(plans);
  if (!lowest) return null;
  const banks = RAZORPAY_EMI_RATES.filter((b) => plans.some((p) => p.bankCode === b.code));
  return (
    <details className={classes.emi} data-testid="emi-plans">
      <summary>
        EMI from {formatRupeesPaise(lowest.instalmentPaise)}/month{' '}
        <span className={classes.lead}>
          ({lowest.tenureMonths} months, {lowest.bankName} at {formatAnnualRate(lowest.annualRatePercent)}, total payable{' '}
          {formatRupeesPaise(lowest.totalPayablePaise)})
        </span>
      </summary>
      <div className={classes.scroll}>
        <table className={classes.table} aria-labelledby={`${id}-caption`}>
          <caption id={`${id}-caption`}>
            Card EMI on {formatRupeesPaise(amountPaise)}: monthly instalment, the bank&apos;s rate and the total payable
          </caption>
          <thead>
            <tr>
              <th scope="col">Bank</th>
              {EMI_TENURES.map((t) => (
                <th scope="col" key={t}>
                  {t} months
                </th>
              ))}
            </tr>
          </thead>
          <tbody>
            {banks.map((bank) => (
              <tr key={bank.code}>
                <th scope="row">{bank.name}</th>
                {EMI_TENURES.map((t) => {
                  const plan = findEmiPlan(plans, bank.code, t);
                  if (!plan) return <td key={t}>—</td>;
                  return (
                    <td key={t} data-plan={`${bank.code}-${t}`}>
                      <span className={classes.instalment}>{formatRupeesPaise(plan.instalmentPaise)}/month</span>
                      <span>
                        {formatAnnualRate(plan.annualRatePercent)} · {t} months
                      </span>
                      <span>Total {formatRupeesPaise(plan.totalPayablePaise)}</span>
                      {plan.noCost && (
                        <span className={classes.noCost}>No-cost: {formatRupeesPaise(plan.noCostDiscountPaise)} off at checkout</span>
                      )}
                    </td>
                  );
                })}
              </tr>
            ))}
          </tbody>
        </table>
      </div>
      <p className={classes.note}>
        Rates are set by the banks (Razorpay&apos;s published card EMI rates); the bank may also charge a processing fee. Choose EMI when
        you pay online.
      </p>
    </details>
  );
}
