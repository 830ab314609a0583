// Text and badge colours with at least 4.5:1 contrast on white and gray.0 (WCAG AA):
// Mantine's orange.9 (4.3:1) and green.9 (4.4:1) fall just short for small bold text.
export const ACCENT = {
  /** DEAL / Limited stock badges and 'Only n left' (5.5:1 on white). */
  warm: '#b8420b',
  /** 'Save ₹…' and 'In stock' (5.3:1 on white). */
  saving: '#1e7b34',
} as const;
