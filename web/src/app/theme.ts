import { createTheme } from '@mantine/core';

const systemFonts = 'system-ui, -apple-system, "Segoe UI", Roboto, "Noto Sans", sans-serif';

export const theme = createTheme({
  primaryColor: 'blue',
  // Shade 8 (#1971c2) keeps white button text above 4.5:1 contrast (shade 6 is only 3.6:1).
  primaryShade: { light: 8, dark: 8 },
  fontFamily: systemFonts,
  headings: { fontFamily: systemFonts, fontWeight: '800' },
  defaultRadius: 'md',
  // Spec §2/§9 breakpoints: 640 (sm), 768 (md), 1024 (lg) px.
  breakpoints: { xs: '36em', sm: '40em', md: '48em', lg: '64em', xl: '80em' },
});
