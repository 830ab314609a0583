// axe-core in Chromium for the accessibility gate (tests/e2e/accessibility-gate.test.ts,
// docs/accessibility.md): which rules run, when a page is settled enough to check, and how a
// violation is reported (rule, impact, the element's selector and HTML).
import { AxeBuilder } from '@axe-core/playwright';
import type { Page } from 'playwright-core';

/** WCAG 2.0 and 2.1, levels A and AA, plus axe's best practices. */
export const AXE_TAGS = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'best-practice'];

/** Impacts that fail the gate; moderate and minor ones are reported but pass... */
export const FAILING_IMPACTS: readonly string[] = ['serious', 'critical'];

/**
 * ...except these moderate rules, which issue 17 names (landmarks unique and labelled, all
 * content inside landmarks) and which the shop meets since then.
 */
export const FAILING_RULES: readonly string[] = [
  'landmark-unique',
  'landmark-no-duplicate-banner',
  'landmark-no-duplicate-contentinfo',
  'landmark-no-duplicate-main',
  'landmark-one-main',
  'region',
];

const fails = (f: Finding) => FAILING_IMPACTS.includes(f.impact) || FAILING_RULES.includes(f.rule);

type AxeViolation = Awaited<ReturnType<AxeBuilder['analyze']>>['violations'][number];

export interface Finding {
  rule: string;
  impact: string;
  help: string;
  /** One entry per element: its CSS selector, its HTML (shortened) and axe's explanation. */
  nodes: { target: string; html: string; why: string }[];
}

export interface Audit {
  /** Serious and critical violations and the landmark rules: the gate fails on any. */
  failing: Finding[];
  /** Other moderate and minor violations: listed in the report only. */
  other: Finding[];
}

const shorten = (text: string, max: number) => (text.length > max ? `${text.slice(0, max - 1)}…` : text);

function toFinding(v: AxeViolation): Finding {
  return {
    rule: v.id,
    impact: v.impact ?? 'unknown',
    help: v.help,
    nodes: v.nodes.map((n) => ({
      target: n.target.map((t) => (Array.isArray(t) ? t.join(' ') : String(t))).join(' >>> '),
      html: shorten(n.html.replace(/\s+/g, ' '), 200),
      why: shorten((n.failureSummary ?? '').replace(/\s+/g, ' '), 240),
    })),
  };
}

/**
 * Runs axe on the page as it is now. Legacy mode runs `axe.run` in the page itself; the
 * default mode finishes every run in a new blank tab, which took twice as long, for
 * cross-origin frames the shop does not have.
 */
export async function audit(page: Page): Promise<Audit> {
  const result = await new AxeBuilder({ page }).withTags(AXE_TAGS).setLegacyMode().analyze();
  const findings = result.violations.map(toFinding);
  return {
    failing: findings.filter(fails),
    other: findings.filter((f) => !fails(f)),
  };
}

/** How many elements the findings name (the gate's count of violations). */
export const nodeCount = (findings: Finding[]) => findings.reduce((n, f) => n + f.nodes.length, 0);

/** One readable block per finding: rule, impact, and every element with its selector and HTML. */
export function describeFindings(findings: Finding[]): string {
  return findings
    .map((f) =>
      [`  [${f.impact}] ${f.rule}: ${f.help}`, ...f.nodes.map((n) => `    - ${n.target}\n      ${n.html}\n      ${n.why}`)].join('\n'),
    )
    .join('\n');
}

/**
 * Waits until what is on screen has stopped changing: fonts loaded and no finite CSS
 * animation or transition running (a dialog fading in would be checked half-transparent).
 * Spinners (infinite animations) do not count; callers wait for their content instead.
 */
export async function settle(page: Page): Promise<void> {
  await page.waitForFunction(() => document.fonts.status === 'loaded', undefined, { timeout: 10_000, polling: 50 });
  await page.waitForFunction(
    () => document.getAnimations().every((a) => a.playState !== 'running' || a.effect?.getTiming().iterations === Number.POSITIVE_INFINITY),
    undefined,
    { timeout: 10_000, polling: 100 },
  );
}
