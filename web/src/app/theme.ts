import { createTheme, DEFAULT_THEME, type CSSVariablesResolver, type DefaultMantineColor, type MantineColorsTuple } from '@mantine/core';

const systemFonts = 'system-ui, -apple-system, "Segoe UI", Roboto, "Noto Sans", sans-serif';

/** Mantine's palette with some shades replaced (index → colour). */
function palette(name: DefaultMantineColor, shades: Partial<Record<number, string>>): MantineColorsTuple {
  const base = DEFAULT_THEME.colors[name];
  if (!base) throw new Error(`Mantine has no colour '${name}'`);
  return base.map((shade, i) => shades[i] ?? shade) as unknown as MantineColorsTuple;
}

/**
 * Text colours that meet WCAG AA (docs/accessibility.md; checked by theme.test.ts):
 * - shades 7 and 8 are ≥ 4.5:1 on white and gray-0 (shade 8 is also what `c="red"`, filled
 *   buttons with white text and outline variants use, because `primaryShade` is 8);
 * - shade 9 (the light variant's text: light badges, alerts, subtle buttons) is ≥ 4.5:1 on
 *   white, gray-0 and its own shades 0–2;
 * - gray-6 is Mantine's dimmed text (`c="dimmed"`, descriptions, timeline bodies): ≥ 4.5:1
 *   on white, gray-0 and gray-1 (Mantine's #868e96 is 3.3:1 on white).
 * Only the dark end changes; backgrounds and borders (shades 0–6) are Mantine's.
 */
const colors = {
  gray: palette('gray', { 6: '#636b74' }),
  red: palette('red', { 7: '#d33737', 8: '#d52f2f', 9: '#b32525' }),
  pink: palette('pink', { 7: '#d2326a' }),
  violet: palette('violet', { 9: '#5a3aba' }),
  indigo: palette('indigo', { 9: '#334abb' }),
  blue: palette('blue', { 7: '#1a75c7', 9: '#165c9d' }),
  cyan: palette('cyan', { 7: '#0d7e90', 8: '#0b7c8e', 9: '#0a6a7c' }),
  teal: palette('teal', { 7: '#09835f', 8: '#08805c', 9: '#077252' }),
  green: palette('green', { 7: '#288238', 8: '#268037', 9: '#247434' }),
  lime: palette('lime', { 7: '#507f0f', 8: '#4d7e0b', 9: '#4a760a' }),
  yellow: palette('yellow', { 7: '#9f6700', 8: '#a35f00', 9: '#a35400' }),
  orange: palette('orange', { 7: '#c15005', 8: '#c14a0a', 9: '#b03a0c' }),
};

export const theme = createTheme({
  primaryColor: 'blue',
  // Shade 8 (#1971c2) keeps white button text above 4.5:1 contrast (shade 6 is only 3.6:1).
  primaryShade: { light: 8, dark: 8 },
  colors,
  fontFamily: systemFonts,
  headings: { fontFamily: systemFonts, fontWeight: '800' },
  defaultRadius: 'md',
  // docs/spec.md §2/§9 breakpoints: 640 (sm), 768 (md), 1024 (lg) px.
  breakpoints: { xs: '36em', sm: '40em', md: '48em', lg: '64em', xl: '80em' },
  components: {
    // Every close button (modals, drawers, notifications, alerts) has an accessible name;
    // a component may still pass a more precise one ('Close menu').
    CloseButton: { defaultProps: { 'aria-label': 'Close' } },
    // A dialog's title bar is a <div>, not a second <header> (banner landmark) beside the page's.
    ModalHeader: { defaultProps: { component: 'div' } },
    DrawerHeader: { defaultProps: { component: 'div' } },
  },
});

/**
 * Mantine's error colour (input errors, `c="var(--mantine-color-error)"`) is red-6, 3.3:1 on
 * white; shade 8 of the palette above is 4.6:1 on gray-0.
 */
export const cssVariablesResolver: CSSVariablesResolver = () => ({
  variables: {},
  light: { '--mantine-color-error': 'var(--mantine-color-red-8)' },
  dark: {},
});
