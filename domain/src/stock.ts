/** The most of one product a single cart line or order line may hold. */
export const MAX_QUANTITY = 10000;

/**
 * At or below this stock (and above 0) a product is low: 'Only 3 left' on its card and page,
 * orange in the admin's product list, listed on the admin dashboard.
 */
export const LOW_STOCK_THRESHOLD = 5;

export interface StockLine {
  productId: string;
  name: string;
  quantity: number;
}

export interface StockShortage {
  productId: string;
  name: string;
  /** Total quantity asked for across all lines of this product. */
  requested: number;
  /** Units in stock (never negative). */
  left: number;
}

/** The 409 message for one product that cannot be supplied. */
export function stockShortageMessage(name: string, left: number): string {
  return left === 0 ? `'${name}' is out of stock` : `Only ${left} left of '${name}'`;
}

/**
 * The products whose requested quantity exceeds stock. Lines for the same product are
 * added up first; a product missing from `stockById` counts as 0 in stock.
 * Results keep the order in which each product first appears.
 */
export function findShortages(lines: readonly StockLine[], stockById: Readonly<Record<string, number>>): StockShortage[] {
  const wanted = new Map<string, { name: string; requested: number }>();
  for (const line of lines) {
    const entry = wanted.get(line.productId);
    if (entry) entry.requested += line.quantity;
    else wanted.set(line.productId, { name: line.name, requested: line.quantity });
  }
  const shortages: StockShortage[] = [];
  for (const [productId, { name, requested }] of wanted) {
    const stock = Object.hasOwn(stockById, productId) ? stockById[productId] : undefined;
    const left = Math.max(0, stock ?? 0);
    if (requested > left) shortages.push({ productId, name, requested, left });
  }
  return shortages;
}

export function isInStock(stock: number): boolean {
  return stock > 0;
}
