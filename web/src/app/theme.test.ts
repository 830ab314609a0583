import { DEFAULT_THEME, luminance, mergeMantineTheme } from '@mantine/core';
import { describe, expect, it } from 'vitest';
import { cssVariablesResolver, theme } from './theme';

// The theme's text colours against the backgrounds they are used on (WCAG AA: 4.5:1 for body
// text). docs/accessibility.md; the Chromium gate (tests/e2e/accessibility-gate.test.ts) checks
// the rendered pages.
const merged = mergeMantineTheme(DEFAULT_THEME, theme);
const contrast = (a: string, b: string) => {
  const [hi, lo] = [luminance(a), luminance(b)].sort((x, y) => y - x) as [number, number];
  return (hi + 0.05) / (lo + 0.05);
};
const WHITE = '#ffffff';
const { gray } = merged.colors;
const text = Object.keys(merged.colors).filter((name) => name !== 'dark');

describe('theme contrast', () => {
  it('dimmed text (gray-6) is at least 4.5:1 on white, gray-0 and gray-1', () => {
    for (const bg of [WHITE, gray[0], gray[1]]) expect(contrast(gray[6], bg), `dimmed on ${bg}`).toBeGreaterThanOrEqual(4.5);
  });

  it.each(text)('%s: shades 7 and 8 are text colours on white and gray-0, and carry white text', (name) => {
    const c = merged.colors[name];
    if (!c) throw new Error(name);
    for (const shade of [7, 8] as const) {
      for (const bg of [WHITE, gray[0]]) expect(contrast(c[shade], bg), `${name}.${shade} on ${bg}`).toBeGreaterThanOrEqual(4.5);
    }
  });

  it.each(text)('%s: shade 9 (light variant text) is at least 4.5:1 on white, gray-0 and shades 0-2', (name) => {
    const c = merged.colors[name];
    if (!c) throw new Error(name);
    for (const bg of [WHITE, gray[0], c[0], c[1], c[2]]) expect(contrast(c[9], bg), `${name}.9 on ${bg}`).toBeGreaterThanOrEqual(4.5);
  });

  it('the error colour is the accessible red-8, and the primary colour carries white text', () => {
    expect(cssVariablesResolver(merged).light['--mantine-color-error']).toBe('var(--mantine-color-red-8)');
    expect(contrast(WHITE, merged.colors.blue[8])).toBeGreaterThanOrEqual(4.5);
    expect(merged.primaryShade).toEqual({ light: 8, dark: 8 });
  });
});
