import type { MessageKey } from '../../lib/i18n';

/** The category links; `label`: the catalogue key of their text (lib/i18n). */
export const CATEGORY_LINKS: { to: string; label: MessageKey }[] = [
  { to: '/luggage', label: 'nav.luggage' },
  { to: '/backpacks', label: 'nav.backpacks' },
  { to: '/duffles', label: 'nav.duffles' },
];
