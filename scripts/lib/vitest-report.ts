import { existsSync, readFileSync } from 'node:fs';

export interface Counts {
  passed: number;
  failed: number;
  skipped: number;
}

/** Reads the counts from a vitest JSON report (missing report: nothing ran). */
export function readCounts(file: string): Counts {
  if (!existsSync(file)) return { passed: 0, failed: 0, skipped: 0 };
  const r = JSON.parse(readFileSync(file, 'utf8')) as {
    numPassedTests: number;
    numFailedTests: number;
    numPendingTests: number;
    numTodoTests: number;
  };
  return { passed: r.numPassedTests, failed: r.numFailedTests, skipped: r.numPendingTests + r.numTodoTests };
}

export function vitestArgs(projects: string[], report: string): string[] {
  return ['run', ...projects.flatMap((p) => ['--project', p]), '--reporter=default', '--reporter=json', `--outputFile.json=${report}`];
}
