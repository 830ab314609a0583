/** The discount badges of a product card (docs/storefront.md). */
import { discountPercent } from './money.js';

export const DEAL_PERCENT = 30;
export const PREMIUM_PERCENT = 35;

/** The 'DEAL' badge: 30 % off or more. */
export function isDeal(price: number, discount: number): boolean {
  return discountPercent(price, discount) >= DEAL_PERCENT;
}

/** The 'PREMIUM' badge: 35 % off or more. */
export function isPremium(price: number, discount: number): boolean {
  return discountPercent(price, discount) >= PREMIUM_PERCENT;
}
