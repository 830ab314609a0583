import { CATEGORY_LABELS, discountPercent, isDeal, isPremium, LOW_STOCK_THRESHOLD, type Product } from '@bagshop/domain';
import { ACCENT } from './colors';

export interface ProductBadge {
  label: string;
  color: string;
  variant: 'filled' | 'light';
}

type Priced = Pick<Product, 'price' | 'discount' | 'category'>;

/**
 * The badges a product card shows (docs/spec.md §2 Category pages, §9): percent off when there is a
 * discount, the category, PREMIUM at 35 % or more, ADVENTURE on every duffle, DEAL on
 * luggage at 30 % or more. Colours are dark enough for white text (WCAG AA).
 */
export function productBadges(product: Priced): ProductBadge[] {
  const badges: ProductBadge[] = [];
  const percent = discountPercent(product.price, product.discount);
  if (percent > 0) badges.push({ label: `${percent}% OFF`, color: 'red.9', variant: 'filled' });
  badges.push({ label: CATEGORY_LABELS[product.category], color: 'blue', variant: 'light' });
  if (product.category === 'luggage' && isDeal(product.price, product.discount))
    badges.push({ label: 'DEAL', color: ACCENT.warm, variant: 'filled' });
  if (isPremium(product.price, product.discount)) badges.push({ label: 'PREMIUM', color: 'violet.9', variant: 'filled' });
  if (product.category === 'duffles') badges.push({ label: 'ADVENTURE', color: 'teal.9', variant: 'filled' });
  return badges;
}

/** 'Only 3 left' under a small threshold, 'Out of stock' at 0, else null (plenty). */
export function stockNote(stock: number): string | null {
  if (stock <= 0) return 'Out of stock';
  if (stock <= LOW_STOCK_THRESHOLD) return `Only ${stock} left`;
  return null;
}
