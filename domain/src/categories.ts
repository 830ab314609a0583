/** The shop's product categories, in the order the navigation shows them. */
export const CATEGORIES = ['luggage', 'backpacks', 'duffles'] as const;

export type Category = (typeof CATEGORIES)[number];

export const CATEGORY_LABELS: Record<Category, string> = {
  luggage: 'Luggage',
  backpacks: 'Backpacks',
  duffles: 'Duffles',
};

export const CATEGORY_ERROR = 'Category must be one of luggage, backpacks, duffles';

export function isCategory(x: unknown): x is Category {
  return typeof x === 'string' && (CATEGORIES as readonly string[]).includes(x);
}
