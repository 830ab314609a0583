// npm run migrate:tax-months [-- --project PROJECT_ID] [-- --months 2026-10,2026-11]
// Sets the Tax view's month totals (taxMonths/{month}) and the series' month ranges on the
// counters from the invoices and credit notes themselves (functions/src/tax/months.ts,
// docs/decisions/0032-tax-view-from-month-totals.md): once after deploying issue 30's Tax view,
// for the months issued before it kept them. Default: the last 24 months (the Tax view's
// picker). Reads every document of those months. Run it when nothing is being confirmed or
// cancelled; it is idempotent, so run it again if in doubt. Against the local emulators by
// default; with --project, against that Firebase project using your application default
// credentials (scripts/lib/migration.ts).
import { istMonthOf, istMonthRange } from '@bagshop/domain';
import { rebuildTaxMonth } from '../functions/src/tax/months.ts';
import { runMigration } from './lib/migration.ts';

function lastMonths(count: number): string[] {
  const [y, m] = istMonthOf(new Date()).split('-').map(Number) as [number, number];
  return Array.from({ length: count }, (_, i) => {
    const d = new Date(Date.UTC(y, m - 1 - i, 1));
    return `${d.getUTCFullYear()}-${String(d.getUTCMonth() + 1).padStart(2, '0')}`;
  });
}

await runMigration(
  'npm run migrate:tax-months [-- --project PROJECT_ID] [--months 2026-10,2026-11]',
  async (db, flags) => {
    const months = flags.months ? flags.months.split(',') : lastMonths(24);
    for (const month of months) {
      const range = istMonthRange(month);
      if (!range) {
        console.error(`'${month}' is not a month like 2026-11`);
        return 2;
      }
      const { documents } = await rebuildTaxMonth(db, month, range);
      if (documents) console.log(`✔ ${month}: ${documents} document(s)`);
    }
    console.log(`✔ ${months.length} month(s) rebuilt.`);
  },
  ['--months'],
);
