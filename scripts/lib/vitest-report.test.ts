import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { readFileTimings, timingTable } from './vitest-report.ts';

describe('the timing table of npm test', () => {
  it('reads each file of a vitest report and prints suites, then the slowest files first', () => {
    const dir = mkdtempSync(join(tmpdir(), 'report-'));
    const file = join(dir, 'api.json');
    const test = { fullName: 't', status: 'passed' };
    writeFileSync(
      file,
      JSON.stringify({
        numPassedTests: 3,
        numFailedTests: 0,
        numPendingTests: 0,
        numTodoTests: 0,
        testResults: [
          { name: '/x/y/tests/api/quick.test.ts', startTime: 1000, endTime: 3500, assertionResults: [test] },
          { name: '/x/y/tests/api/slow.test.ts', startTime: 4000, endTime: 64000, assertionResults: [test, test] },
        ],
      }),
    );
    const timings = readFileTimings(file, 'api');
    expect(timings).toEqual([
      { suite: 'api', file: 'tests/api/quick.test.ts', seconds: 2.5, tests: 1 },
      { suite: 'api', file: 'tests/api/slow.test.ts', seconds: 60, tests: 2 },
    ]);
    const lines = timingTable(timings, 1);
    expect(lines[1]).toMatch(/api\s+62\.5 s\s+2 files\s+3 tests/);
    expect(lines).toHaveLength(4);
    expect(lines[3]).toContain('tests/api/slow.test.ts');
  });

  it('prints nothing for a report that is missing', () => {
    expect(readFileTimings(join(tmpdir(), 'no-such-report.json'), 'e2e')).toEqual([]);
  });
});
