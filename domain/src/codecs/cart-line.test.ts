import { describe, expect, it } from 'vitest';
import type { Product } from '../types.js';
import { cartLineFromData, joinCart, sortCartLines } from './cart-line.js';

const product = (id: string) => ({ _id: id, name: id }) as Product;

describe('cart line codec', () => {
  it('reads a line; missing fields read as 0 and no date', () => {
    expect(cartLineFromData('p1', { quantity: 2, addedAt: '2026-11-20T10:00:00.000Z', updatedAt: '2026-11-20T10:00:00.000Z' })).toEqual({
      productId: 'p1',
      quantity: 2,
      addedAt: '2026-11-20T10:00:00.000Z',
    });
    expect(cartLineFromData('p2', {})).toEqual({ productId: 'p2', quantity: 0, addedAt: '' });
  });

  it('rejects bad shapes', () => {
    expect(() => cartLineFromData('p', { quantity: '2' })).toThrow('cart/p.quantity: expected a number');
    expect(() => cartLineFromData('p', 2)).toThrow('cart/p: expected an object');
  });

  it('sorts oldest first (ties by product id) and drops empty lines', () => {
    const lines = [
      cartLineFromData('c', { quantity: 1, addedAt: '2026-11-21T00:00:00.000Z' }),
      cartLineFromData('b', { quantity: 1, addedAt: '2026-11-20T00:00:00.000Z' }),
      cartLineFromData('a', { quantity: 1, addedAt: '2026-11-20T00:00:00.000Z' }),
      cartLineFromData('z', { quantity: 0, addedAt: '2026-11-19T00:00:00.000Z' }),
    ];
    expect(sortCartLines(lines).map((l) => l.productId)).toEqual(['a', 'b', 'c']);
  });

  it('joins each line with its product and leaves out deleted products', () => {
    const lines = [
      cartLineFromData('a', { quantity: 2, addedAt: '2026-11-20T00:00:00.000Z' }),
      cartLineFromData('gone', { quantity: 1 }),
      cartLineFromData('b', { quantity: 1, addedAt: '2026-11-21T00:00:00.000Z' }),
    ];
    const products = new Map<string, Product | null>([
      ['a', product('a')],
      ['b', product('b')],
      ['gone', null],
    ]);
    expect(joinCart(lines, products)).toEqual([
      { product: product('a'), quantity: 2 },
      { product: product('b'), quantity: 1 },
    ]);
  });
});
