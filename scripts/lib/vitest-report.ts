import { existsSync, readFileSync } from 'node:fs';

export interface Counts {
  passed: number;
  failed: number;
  skipped: number;
}

/** The parts of a vitest JSON report that `npm test` prints. */
interface Report {
  numPassedTests: number;
  numFailedTests: number;
  numPendingTests: number;
  numTodoTests: number;
  testResults?: {
    name: string;
    message?: string;
    assertionResults?: { fullName: string; status: string; duration?: number | null; failureMessages?: string[] }[];
  }[];
}

/** A vitest JSON report, or null when it is missing (nothing ran). */
function readReport(file: string): Report | null {
  return existsSync(file) ? (JSON.parse(readFileSync(file, 'utf8')) as Report) : null;
}

/** Reads the counts from a vitest JSON report (missing report: nothing ran). */
export function readCounts(file: string): Counts {
  const r = readReport(file);
  if (!r) return { passed: 0, failed: 0, skipped: 0 };
  return { passed: r.numPassedTests, failed: r.numFailedTests, skipped: r.numPendingTests + r.numTodoTests };
}

/** The failed tests of a vitest JSON report: file, full name and the first lines of the error. */
export function readFailures(file: string): string[] {
  const r = readReport(file);
  if (!r) return [];
  const rel = (name: string) => name.replace(/^.*?\/(tests|web|domain|functions|scripts)\//, '$1/');
  const firstLines = (text: string) =>
    text
      .split('\n')
      .map((l) => l.trim())
      .filter(Boolean)
      .slice(0, 3)
      .join(' ⏎ ')
      .slice(0, 400);
  // vitest's timeout error keeps its placeholder message in the stack the report holds.
  const describeFailure = (message: string, duration?: number | null) =>
    message.startsWith('Error: STACK_TRACE_ERROR')
      ? `timed out (the test's time limit)${duration ? ` after ${(duration / 1000).toFixed(1)} s` : ''}`
      : firstLines(message);
  return (r.testResults ?? []).flatMap((f) => {
    const failedTests = (f.assertionResults ?? []).filter((a) => a.status === 'failed');
    // A file that failed outside any test (an import or a hook) has only its message.
    if (failedTests.length === 0) return f.message ? [`${rel(f.name)}: ${firstLines(f.message)}`] : [];
    return failedTests.map((a) => `${rel(f.name)} › ${a.fullName}: ${describeFailure(a.failureMessages?.[0] ?? '', a.duration)}`);
  });
}

export function vitestArgs(projects: string[], report: string): string[] {
  return ['run', ...projects.flatMap((p) => ['--project', p]), '--reporter=default', '--reporter=json', `--outputFile.json=${report}`];
}
