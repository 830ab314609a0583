// Runs inside `firebase emulators:exec` (see scripts/test.ts): the emulator-backed suites,
// one after another, because they share the emulators.
import { resolve } from 'node:path';
import { ROOT, SWEEP_URL } from './lib/env.ts';
import { startHoldSweeper } from './lib/function-settings.ts';
import { startReviewRequestSweeper } from './lib/review-requests.ts';
import { run, step } from './lib/run.ts';
import { vitestArgs } from './lib/vitest-report.ts';
import { seed } from './seed.ts';

const VITEST = resolve(ROOT, 'node_modules/.bin/vitest');
const only = process.env.BAGSHOP_TEST_ONLY?.split(',').filter(Boolean);
// scripts/test.ts names the suites of each emulator run (e2e-razorpay runs on its own).
const stages = ['rules', 'api', 'e2e', 'e2e-razorpay'].filter((s) => (only ? only.includes(s) : s !== 'e2e-razorpay'));
// BAGSHOP_TEST_FILTER=signup-rollback,orders-race runs only the test files whose paths match.
const filters = process.env.BAGSHOP_TEST_FILTER?.split(',').filter(Boolean) ?? [];
// BAGSHOP_TEST_NAME='20 shoppers' runs only the tests whose names match (vitest -t);
// BAGSHOP_TEST_REPEAT=5 runs each stage that many times in a row (a race test's "5 times in a row").
const names = process.env.BAGSHOP_TEST_NAME ? ['-t', process.env.BAGSHOP_TEST_NAME] : [];
const repeat = Math.max(1, Number(process.env.BAGSHOP_TEST_REPEAT ?? 1) || 1);

// As `npm start` does: the scheduled hold sweep does not fire on the emulators, so it runs on
// a timer for the whole run (tests of expired holds wait for it, they never call it).
const stopSweeper = startHoldSweeper(SWEEP_URL, 5_000, (message) => console.error(message));
const stopReviewRequests = startReviewRequestSweeper((message) => console.error(message));

let failed = false;
for (const stage of stages) {
  // API tests may add products and orders; every stage starts from the demo data (without the
  // automatic demo offer, which would change every online total: docs/offers.md).
  for (let round = 1; round <= repeat; round += 1) {
    await seed({ force: true, automaticOffers: false });
    step(`Tests: ${stage} (against the emulators)${repeat > 1 ? `, run ${round} of ${repeat}` : ''}`);
    const code = await run(VITEST, [...vitestArgs([stage], `test-results/${stage}.json`), ...filters, ...names]);
    if (code !== 0) failed = true;
    if (repeat > 1) console.log(`run ${round} of ${repeat}: ${code === 0 ? 'passed' : 'FAILED'}`);
  }
}
stopSweeper();
stopReviewRequests();
process.exit(failed ? 1 : 0);
