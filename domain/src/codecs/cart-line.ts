/** `users/{uid}/cart/{productId}`: one line of a cart (docs/architecture.md, "Data model"). */
import type { CartLine, Product } from '../types.js';
import { Fields } from './plain.js';

export interface StoredCartLine {
  /** The document id: one line per product. */
  productId: string;
  quantity: number;
  /** ISO; '' when absent. */
  addedAt: string;
}

export function cartLineFromData(productId: string, data: unknown): StoredCartLine {
  const d = Fields.of(data, `cart/${productId}`);
  return { productId, quantity: d.number('quantity'), addedAt: d.date('addedAt') };
}

const compare = (a: string, b: string): number => (a < b ? -1 : a > b ? 1 : 0);

/** The lines in cart order, oldest first (ties by product id), without lines of no quantity. */
export function sortCartLines(lines: readonly StoredCartLine[]): StoredCartLine[] {
  return lines.filter((line) => line.quantity > 0).sort((a, b) => compare(a.addedAt, b.addedAt) || compare(a.productId, b.productId));
}

/**
 * The cart as the API answers it and the cart page shows it: in cart order (`sortCartLines`),
 * each line with its product as it is now. Lines of deleted products (`productById` has no
 * entry, or null) are left out.
 */
export function joinCart(lines: readonly StoredCartLine[], productById: ReadonlyMap<string, Product | null>): CartLine[] {
  const out: CartLine[] = [];
  for (const line of sortCartLines(lines)) {
    const product = productById.get(line.productId);
    if (product) out.push({ product, quantity: line.quantity });
  }
  return out;
}
