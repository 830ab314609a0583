// The Firestore emulator's rule coverage report, read as data. Shape (GET
// /emulator/v1/projects/{project}:ruleCoverage): { rules: { files: [{ content }] },
// report: [node] }, where each node is an expression of the rules source with its
// sourcePosition, the values it evaluated to ({ value: { boolValue: true }, count }; an
// empty value means short-circuited, { undefined: … } an error) and its sub-expressions.
// The top-level nodes are the `allow` conditions and the helper functions' bodies.
// Constant conditions (`if true`, `if false`) are not expressions there: they can only go
// one way, so they are not counted.
import { mkdirSync, writeFileSync } from 'node:fs';
import { resolve } from 'node:path';

interface SourcePosition {
  line: number;
  column: number;
  currentOffset: number;
  endOffset: number;
}

interface CoverageValue {
  value: { boolValue?: boolean } & Record<string, unknown>;
  count: number;
}

export interface CoverageNode {
  sourcePosition: SourcePosition;
  values?: CoverageValue[];
  children?: CoverageNode[];
}

export interface CoverageReport {
  rules: { files: { content: string }[] };
  report?: CoverageNode[];
}

function emulatorHost(): string {
  const host = process.env.FIRESTORE_EMULATOR_HOST;
  if (!host) throw new Error('FIRESTORE_EMULATOR_HOST is not set: run the rules tests under the emulators (npm test).');
  return host;
}

export async function fetchCoverage(project: string): Promise<CoverageReport> {
  const res = await fetch(`http://${emulatorHost()}/emulator/v1/projects/${project}:ruleCoverage`);
  if (!res.ok) throw new Error(`Rule coverage report: HTTP ${res.status}`);
  return (await res.json()) as CoverageReport;
}

/** Keeps the emulator's own HTML report next to the other test results. */
export async function saveCoverageHtml(project: string, file: string): Promise<void> {
  const res = await fetch(`http://${emulatorHost()}/emulator/v1/projects/${project}:ruleCoverage.html`);
  mkdirSync(resolve(file, '..'), { recursive: true });
  writeFileSync(file, await res.text());
}

interface Tally {
  true: number;
  false: number;
}

const key = (p: SourcePosition) => `${p.currentOffset}-${p.endOffset}`;

function tally(node: CoverageNode): Tally {
  const t: Tally = { true: 0, false: 0 };
  for (const v of node.values ?? []) {
    if (v.value.boolValue === true) t.true += v.count;
    if (v.value.boolValue === false) t.false += v.count;
  }
  return t;
}

function walk(nodes: CoverageNode[] | undefined, visit: (node: CoverageNode, topLevel: boolean) => void, topLevel = true): void {
  for (const node of nodes ?? []) {
    visit(node, topLevel);
    walk(node.children, visit, false);
  }
}

export interface Condition {
  kind: 'allow' | 'helper' | 'part';
  where: string;
  text: string;
  true: number;
  false: number;
  both: boolean;
}

/**
 * Every boolean condition of the rules with how often it went each way since `baseline`
 * (the emulator keeps counting across runs while it stays up, so only the difference is
 * this run's). Counted: each `allow` condition and helper body (even if never reached),
 * and each of their boolean sub-conditions (`a || b`, `x == y`, …).
 */
export function conditions(now: CoverageReport, baseline: CoverageReport | undefined): Condition[] {
  const before = new Map<string, Tally>();
  walk(baseline?.report, (node) => before.set(key(node.sourcePosition), tally(node)));
  const lines = (now.rules.files[0]?.content ?? '').split('\n');
  const out: Condition[] = [];
  walk(now.report, (node, topLevel) => {
    const total = tally(node);
    if (!topLevel && total.true + total.false === 0) return; // not a boolean
    const old = before.get(key(node.sourcePosition)) ?? { true: 0, false: 0 };
    const p = node.sourcePosition;
    // line and column are 1-based; endOffset points at the expression's last character.
    const line = lines[p.line - 1] ?? '';
    let text = line.slice(p.column - 1, p.column + p.endOffset - p.currentOffset);
    // A call's range stops before its closing parenthesis.
    text += ')'.repeat(Math.max(0, text.split('(').length - text.split(')').length));
    const kind = !topLevel ? 'part' : /\ballow\b/.test(line) ? 'allow' : 'helper';
    const t = total.true - old.true;
    const f = total.false - old.false;
    out.push({ kind, where: `firestore.rules:${p.line}:${p.column}`, text, true: t, false: f, both: t > 0 && f > 0 });
  });
  return out;
}
