import { describe, expect, it } from 'vitest';
import { variantStockFromData } from './variant-stock.js';

describe('variantStockFromData', () => {
  it('reads a stock document; missing fields take their defaults; bad shapes throw', () => {
    expect(variantStockFromData('v1', { productId: 'p', sku: 'A-1', stock: 4, updatedAt: '2026-11-20T10:00:00.000Z' })).toEqual({
      variantId: 'v1',
      productId: 'p',
      sku: 'A-1',
      stock: 4,
      updatedAt: '2026-11-20T10:00:00.000Z',
    });
    expect(variantStockFromData('v2', {})).toEqual({ variantId: 'v2', productId: '', sku: '', stock: 0, updatedAt: '' });
    expect(() => variantStockFromData('v3', { stock: '4' })).toThrow('variantStock/v3.stock: expected a number');
  });
});
