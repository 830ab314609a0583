export const CATEGORY_LINKS = [
  { to: '/luggage', label: 'Luggage' },
  { to: '/backpacks', label: 'Backpacks' },
  { to: '/duffles', label: 'Duffles' },
];
