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
    startTime?: number;
    endTime?: number;
    message?: string;
    assertionResults?: { fullName: string; status: string; duration?: number | null; failureMessages?: string[] }[];
  }[];
}

const relativeTestPath = (name: string) => name.replace(/^.*?\/(tests|web|domain|functions|scripts)\//, '$1/');

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
    if (failedTests.length === 0) return f.message ? [`${relativeTestPath(f.name)}: ${firstLines(f.message)}`] : [];
    return failedTests.map(
      (a) => `${relativeTestPath(f.name)} › ${a.fullName}: ${describeFailure(a.failureMessages?.[0] ?? '', a.duration)}`,
    );
  });
}

export interface FileTiming {
  suite: string;
  file: string;
  seconds: number;
  tests: number;
}

/** How long each test file of a report took (its first test's start to its last's end). */
export function readFileTimings(file: string, suite: string): FileTiming[] {
  const r = readReport(file);
  if (!r) return [];
  return (r.testResults ?? [])
    .filter((f) => f.startTime !== undefined && f.endTime !== undefined)
    .map((f) => ({
      suite,
      file: relativeTestPath(f.name),
      seconds: ((f.endTime ?? 0) - (f.startTime ?? 0)) / 1000,
      tests: f.assertionResults?.length ?? 0,
    }));
}

/**
 * The timing table `npm test` prints last (issue 39: measure where the time goes): each suite's
 * total over its files, then the slowest files of the whole run.
 */
export function timingTable(timings: FileTiming[], slowest = 25): string[] {
  const bySuite = new Map<string, { seconds: number; files: number; tests: number }>();
  for (const t of timings) {
    const s = bySuite.get(t.suite) ?? { seconds: 0, files: 0, tests: 0 };
    bySuite.set(t.suite, { seconds: s.seconds + t.seconds, files: s.files + 1, tests: s.tests + t.tests });
  }
  const fmt = (n: number) => n.toFixed(1).padStart(7);
  return [
    'Time in test files, by suite:',
    ...[...bySuite].map(
      ([suite, s]) =>
        `  ${suite.padEnd(14)} ${fmt(s.seconds)} s  ${String(s.files).padStart(4)} files  ${String(s.tests).padStart(5)} tests`,
    ),
    `Slowest ${Math.min(slowest, timings.length)} files:`,
    ...[...timings]
      .sort((a, b) => b.seconds - a.seconds)
      .slice(0, slowest)
      .map((t) => `  ${fmt(t.seconds)} s  ${String(t.tests).padStart(4)} tests  [${t.suite}] ${t.file}`),
  ];
}

export function vitestArgs(projects: string[], report: string): string[] {
  return ['run', ...projects.flatMap((p) => ['--project', p]), '--reporter=default', '--reporter=json', `--outputFile.json=${report}`];
}
