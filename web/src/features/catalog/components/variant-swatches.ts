/** Swatch colours for the colour names the shop uses; any other name shows grey with its name. */
export const SWATCHES: Record<string, string> = {
  navy: '#1f3a5f',
  graphite: '#4a4a4f',
  teal: '#127a7a',
  red: '#b3261e',
  olive: '#6b7a2a',
  sand: '#c9b68a',
  black: '#1b1b1b',
  grey: '#8a8a8a',
  blue: '#1f5fbf',
  green: '#2e7d32',
  brown: '#6d4c41',
};
export const swatchOf = (value: string): string => SWATCHES[value.toLowerCase()] ?? '#9e9e9e';
