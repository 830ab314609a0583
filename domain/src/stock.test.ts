import { describe, it, expect } from 'vitest';
import { LOW_STOCK_THRESHOLD, MAX_QUANTITY, findShortages, isInStock, stockShortageMessage } from './stock.js';

describe('stock', () => {
  it('has a quantity ceiling of 10,000', () => {
    expect(MAX_QUANTITY).toBe(10000);
  });

  it('calls 5 or fewer low stock', () => {
    expect(LOW_STOCK_THRESHOLD).toBe(5);
  });

  it('names the product and what is left', () => {
    expect(stockShortageMessage('Trail Pack', 0)).toBe("'Trail Pack' is out of stock");
    expect(stockShortageMessage('Trail Pack', 2)).toBe("Only 2 left of 'Trail Pack'");
  });

  it('finds lines that exceed stock, adding up repeated products', () => {
    const lines = [
      { productId: 'a', name: 'Cabin Case', quantity: 2 },
      { productId: 'b', name: 'Day Pack', quantity: 1 },
      { productId: 'a', name: 'Cabin Case', quantity: 2 },
      { productId: 'c', name: 'Gone Bag', quantity: 1 },
    ];
    expect(findShortages(lines, { a: 3, b: 5 })).toEqual([
      { productId: 'a', name: 'Cabin Case', requested: 4, left: 3 },
      { productId: 'c', name: 'Gone Bag', requested: 1, left: 0 },
    ]);
  });

  it('finds nothing when stock covers every line', () => {
    expect(findShortages([{ productId: 'a', name: 'A', quantity: 3 }], { a: 3 })).toEqual([]);
    expect(findShortages([], {})).toEqual([]);
  });

  it('does not read inherited keys as stock', () => {
    expect(findShortages([{ productId: 'toString', name: 'X', quantity: 1 }], {})).toEqual([
      { productId: 'toString', name: 'X', requested: 1, left: 0 },
    ]);
  });

  it('isInStock is true above 0', () => {
    expect(isInStock(1)).toBe(true);
    expect(isInStock(0)).toBe(false);
  });
});
