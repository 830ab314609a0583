// The one entry point of the rules suite, so the order is fixed: the persona matrix, the
// order-list queries, the forbidden writes, the SPA's real reads — and last, the check
// that the run evaluated every condition in firestore.rules both ways.
import { writeFileSync } from 'node:fs';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { conditions, fetchCoverage, saveCoverageHtml, type CoverageReport } from './support/coverage.ts';
import { PROJECT, resetData, startRulesEnv, stopRulesEnv } from './support/env.ts';
import { describeAccessMatrix } from './suites/access-matrix.ts';
import { describeDemotion } from './suites/demotion.ts';
import { describeDrafts } from './suites/drafts.ts';
import { describeForbiddenWrites } from './suites/forbidden-writes.ts';
import { describeOrderLists } from './suites/order-lists.ts';
import { describeReviews } from './suites/reviews.ts';
import { describeReturns } from './suites/returns.ts';
import { describeWarranty } from './suites/warranty.ts';
import { describeSpaReads } from './suites/spa-reads.ts';

let baseline: CoverageReport | undefined;

beforeAll(async () => {
  await startRulesEnv();
  // The emulator accumulates coverage while it runs; this run counts from here.
  baseline = await fetchCoverage(PROJECT);
});
afterAll(async () => stopRulesEnv());

describe('firestore.rules', () => {
  beforeEach(async () => resetData());

  describeAccessMatrix();
  describeOrderLists();
  describeForbiddenWrites();
  describeSpaReads();
  describeDrafts();
  describeDemotion();
  describeReviews();
  describeReturns();
  describeWarranty();
});

describe('rule coverage (runs last)', () => {
  it('every allow condition, helper and sub-condition was evaluated both true and false', async () => {
    const all = conditions(await fetchCoverage(PROJECT), baseline);
    await saveCoverageHtml(PROJECT, 'test-results/rules-coverage.html');
    writeFileSync(
      'test-results/rules-coverage.txt',
      all
        .map(
          (c) =>
            `${c.both ? 'ok  ' : 'MISS'} ${c.where.padEnd(22)} ${c.kind.padEnd(6)} true ${String(c.true).padStart(4)}× false ${String(c.false).padStart(4)}×  ${c.text}`,
        )
        .join('\n') + '\n',
    );
    const both = all.filter((c) => c.both);
    const allows = all.filter((c) => c.kind === 'allow');
    const helpers = all.filter((c) => c.kind === 'helper');
    const count = (list: typeof all) => `${list.filter((c) => c.both).length}/${list.length}`;
    const percent = all.length ? Math.floor((both.length / all.length) * 100) : 0;
    console.log(
      `rules coverage: ${percent}% of allow expressions evaluated both ways (${both.length}/${all.length}: ` +
        `${count(allows)} allow conditions, ${count(helpers)} helper functions, ` +
        `${count(all.filter((c) => c.kind === 'part'))} sub-conditions; details in test-results/rules-coverage.{txt,html})`,
    );
    const missed = all.filter((c) => !c.both).map((c) => `${c.where} ${c.kind} \`${c.text}\`: true ${c.true}×, false ${c.false}×`);
    if (missed.length) console.log(`not evaluated both ways:\n  ${missed.join('\n  ')}`);
    expect(allows.length, 'the report lists the allow conditions').toBeGreaterThan(0);
    expect(missed).toEqual([]);
  });
});
